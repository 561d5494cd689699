/**
 * The answer input of one question on the desktop (antd): radio buttons for a single choice,
 * checkboxes for several, one field per blank, or a text area plus a photo for an open answer.
 * The state is the caller's (useAnswerSheet); the logic is in lib/answers.ts.
 */
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Radio, Space, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { blankCountOf, setBlank, toggleChoice, type AnswerDraft, type AnswerKind } from '../../lib/answers';
import { OptionLabel, type AnswerQuestion } from '../common/question-text';

export interface AnswerInputProps {
  question: AnswerQuestion;
  kind: AnswerKind;
  value: AnswerDraft | undefined;
  onChange(draft: AnswerDraft): void;
  disabled?: boolean;
  /** Uploads a photo of an open answer; resolves to its URL. */
  onUpload?(file: File): Promise<string>;
  /** Accessible name of the input group, e.g. `第 3 题作答`. */
  label: string;
}

export function AnswerInput({ question, kind, value, onChange, disabled, onUpload, label }: AnswerInputProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const options = question.options ?? [];

  if (kind === 'single')
    return (
      <Radio.Group
        aria-label={label}
        disabled={disabled}
        value={value?.choices?.[0]}
        onChange={(e) => onChange({ choices: toggleChoice(value?.choices, e.target.value as string, false) })}
      >
        <Space direction="vertical">
          {options.map((o) => (
            <Radio key={o.key} value={o.key} data-testid={`choice-${o.key}`}>
              <OptionLabel option={o} />
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    );

  if (kind === 'multiple')
    return (
      <div role="group" aria-label={label}>
        <Space direction="vertical">
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
      <div role="group" aria-label={label} style={{ display: 'grid', gap: 8, maxWidth: 420 }}>
        {Array.from({ length: count }, (_, i) => (
          <Input
            key={i}
            addonBefore={count > 1 ? `第 ${i + 1} 空` : '答案'}
            aria-label={count > 1 ? `${label}，第 ${i + 1} 空` : label}
            disabled={disabled}
            maxLength={200}
            value={value?.blanks?.[i] ?? ''}
            onChange={(e) => onChange({ blanks: setBlank(value?.blanks, i, e.target.value, count) })}
            data-testid={`blank-${i}`}
          />
        ))}
      </div>
    );
  }

  const pick = async (file: File) => {
    if (!onUpload) return;
    setUploading(true);
    setUploadError(null);
    try {
      const url = await onUpload(file);
      onChange({ text: value?.text, imageUrl: url });
    } catch (e) {
      setUploadError(errorMessage(e, '图片上传失败，请重试'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div role="group" aria-label={label}>
      <Input.TextArea
        aria-label={`${label}，文字`}
        disabled={disabled}
        autoSize={{ minRows: 4, maxRows: 12 }}
        maxLength={5000}
        showCount
        placeholder="在这里写下解答过程，也可以拍照上传"
        value={value?.text ?? ''}
        onChange={(e) => onChange({ text: e.target.value, imageUrl: value?.imageUrl })}
        data-testid="open-text"
      />
      <div style={{ marginTop: 8, display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        {value?.imageUrl && (
          <>
            <img src={value.imageUrl} alt="作答图片" style={{ maxHeight: 160, borderRadius: 8 }} />
            {!disabled && (
              <Button icon={<DeleteOutlined />} onClick={() => onChange({ text: value.text, imageUrl: null })}>
                删除图片
              </Button>
            )}
          </>
        )}
        {!disabled && onUpload && (
          <Upload
            accept="image/jpeg,image/png,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              void pick(file);
              return false;
            }}
          >
            <Button icon={<CameraOutlined />} loading={uploading}>
              {value?.imageUrl ? '重新上传图片' : '上传作答图片'}
            </Button>
          </Upload>
        )}
        {uploadError && (
          <span role="alert" style={{ color: '#c4161c' }}>
            {uploadError}
          </span>
        )}
      </div>
    </div>
  );
}
