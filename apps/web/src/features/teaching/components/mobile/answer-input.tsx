/**
 * The answer input of one question on the phone (antd-mobile): radios for a single choice,
 * checkboxes for several, one field per blank, or a text area plus a photo (camera or album) for
 * an open answer. The state is the caller's (useAnswerSheet); the logic is in lib/answers.ts.
 */
import { Button, Checkbox, Input, Radio, Space, TextArea, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { blankCountOf, setBlank, toggleChoice, type AnswerDraft, type AnswerKind } from '../../lib/answers';
import { OptionLabel, type AnswerQuestion } from '../common/question-text';
import styles from './mobile.module.css';

export interface MobileAnswerInputProps {
  question: AnswerQuestion;
  kind: AnswerKind;
  value: AnswerDraft | undefined;
  onChange(draft: AnswerDraft): void;
  disabled?: boolean;
  onUpload?(file: File): Promise<string>;
  label: string;
}

export function MobileAnswerInput({
  question,
  kind,
  value,
  onChange,
  disabled,
  onUpload,
  label,
}: MobileAnswerInputProps) {
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const options = question.options ?? [];

  if (kind === 'single')
    return (
      <Radio.Group
        disabled={disabled}
        value={value?.choices?.[0] ?? null}
        onChange={(v) => onChange({ choices: toggleChoice(value?.choices, String(v), false) })}
      >
        <div role="radiogroup" aria-label={label}>
          <Space direction="vertical" style={{ '--gap': '12px' }}>
            {options.map((o) => (
              <Radio key={o.key} value={o.key} data-testid={`choice-${o.key}`}>
                <OptionLabel option={o} />
              </Radio>
            ))}
          </Space>
        </div>
      </Radio.Group>
    );

  if (kind === 'multiple')
    return (
      <div role="group" aria-label={label}>
        <Space direction="vertical" style={{ '--gap': '12px' }}>
          {options.map((o) => (
            <Checkbox
              key={o.key}
              disabled={disabled}
              checked={value?.choices?.includes(o.key) ?? false}
              onChange={() => onChange({ choices: toggleChoice(value?.choices, o.key, true) })}
              data-testid={`choice-${o.key}`}
            >
              <OptionLabel option={o} />
            </Checkbox>
          ))}
        </Space>
      </div>
    );

  if (kind === 'fill') {
    const count = blankCountOf(question.stem, question.blankCount);
    return (
      <div role="group" aria-label={label} style={{ display: 'grid', gap: 8 }}>
        {Array.from({ length: count }, (_, i) => (
          <Input
            key={i}
            aria-label={count > 1 ? `${label}，第 ${i + 1} 空` : label}
            placeholder={count > 1 ? `第 ${i + 1} 空` : '填写答案'}
            disabled={disabled}
            maxLength={200}
            clearable
            value={value?.blanks?.[i] ?? ''}
            onChange={(v) => onChange({ blanks: setBlank(value?.blanks, i, v, count) })}
            style={{ '--font-size': '15px', border: '1px solid #d9dde4', borderRadius: 8, padding: '6px 10px' }}
            data-testid={`blank-${i}`}
          />
        ))}
      </div>
    );
  }

  const pick = async (file: File | undefined) => {
    if (!file || !onUpload) return;
    setUploading(true);
    try {
      const url = await onUpload(file);
      onChange({ text: value?.text, imageUrl: url });
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorMessage(e, '图片上传失败，请重试') });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <div role="group" aria-label={label}>
      <TextArea
        aria-label={`${label}，文字`}
        disabled={disabled}
        autoSize={{ minRows: 4, maxRows: 10 }}
        maxLength={5000}
        showCount
        placeholder="写下解答过程，也可以拍照上传"
        value={value?.text ?? ''}
        onChange={(v) => onChange({ text: v, imageUrl: value?.imageUrl })}
        style={{ border: '1px solid #d9dde4', borderRadius: 8, padding: 8 }}
        data-testid="open-text"
      />
      {value?.imageUrl && <img className={styles.photo} src={value.imageUrl} alt="作答图片" />}
      {!disabled && onUpload && (
        <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            hidden
            onChange={(e) => void pick(e.target.files?.[0])}
            aria-label="选择作答图片"
          />
          <Button size="small" loading={uploading} onClick={() => fileRef.current?.click()}>
            {value?.imageUrl ? '重新拍照' : '拍照上传'}
          </Button>
          {value?.imageUrl && (
            <Button size="small" fill="none" onClick={() => onChange({ text: value.text, imageUrl: null })}>
              删除图片
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
