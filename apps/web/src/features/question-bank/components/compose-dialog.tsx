/**
 * 组卷: title, sections by question type (renamable) with a score per question and the total; saved
 * on the server (then listed under 我的资源), then offered as DOCX/PDF and as a print view.
 */
import { useState } from 'react';
import { Button, Checkbox, Input, InputNumber, Modal, Result, Space } from 'antd';
import { QUESTION_BANK_LIMITS, type ComposedPaperItem, type QuestionCard } from '@eav/contract';
import { LazyRichText } from '@/components/rich-text';
import { paperPrintPath, paths } from '@/config/paths';
import { useCreateComposedPaper } from '../api/create-composed-paper';
import { composeBody, draftFromBasket, sectionScore, totalScore, type DraftSection } from '../lib/compose';
import { ExportButtons } from './export-buttons';
import styles from './question-bank.module.css';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface Props {
  open: boolean;
  userId: number | undefined;
  questions: QuestionCard[];
  onClose(): void;
}

export function ComposeDialog(props: Props) {
  // The draft starts from the basket as it was when the dialog opened: saving empties the basket,
  // and the result (downloads, print) must stay on screen after that.
  const [snapshot, setSnapshot] = useState<QuestionCard[] | null>(null);
  if (props.open && snapshot === null) setSnapshot(props.questions);
  if (!props.open && snapshot !== null) setSnapshot(null);
  return props.open && snapshot ? <ComposeForm {...props} questions={snapshot} /> : null;
}

function ComposeForm({ userId, questions, onClose }: Props) {
  const [title, setTitle] = useState(`我的组卷 ${today()}`);
  const [subtitle, setSubtitle] = useState('');
  const [sections, setSections] = useState<DraftSection[]>(() => draftFromBasket(questions));
  const [clearBasket, setClearBasket] = useState(true);
  const [saved, setSaved] = useState<ComposedPaperItem | null>(null);
  const create = useCreateComposedPaper(userId);
  const total = totalScore(sections);
  const titleError = !title.trim() ? '请填写试卷标题' : undefined;
  const sectionError = sections.some((s) => !s.title.trim()) ? '请填写大题标题' : undefined;

  const updateSection = (i: number, patch: Partial<DraftSection>) =>
    setSections((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const updateScore = (i: number, qi: number, score: number) =>
    setSections((all) =>
      all.map((s, j) =>
        j === i ? { ...s, questions: s.questions.map((q, k) => (k === qi ? { ...q, score } : q)) } : s,
      ),
    );

  if (saved) {
    return (
      <Modal open title="组卷完成" onCancel={onClose} footer={null} width={560}>
        <Result
          status="success"
          title={`“${saved.title}”已保存`}
          subTitle={`共 ${saved.questionCount} 道题，满分 ${saved.totalScore} 分。可在“我的资源”中随时找到。`}
          extra={
            <Space orientation="vertical" align="center">
              <ExportButtons target={{ kind: 'composed', id: saved.id, title: saved.title }} />
              <Space wrap>
                <Button href={`#${paperPrintPath('composed', saved.id)}`} target="_blank" rel="noopener">
                  打印
                </Button>
                <Button href={`#${paths.resource}?tab=papers`}>去我的资源</Button>
                <Button type="primary" onClick={onClose}>
                  继续选题
                </Button>
              </Space>
            </Space>
          }
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title="组卷"
      width={760}
      onCancel={onClose}
      okText="保存试卷"
      cancelText="取消"
      okButtonProps={{ disabled: !!titleError || !!sectionError || sections.length === 0, loading: create.isPending }}
      onOk={() =>
        create.mutate(composeBody(title, subtitle, sections, clearBasket), { onSuccess: (paper) => setSaved(paper) })
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <div>
          <label htmlFor="compose-title">试卷标题</label>
          <Input
            id="compose-title"
            value={title}
            maxLength={QUESTION_BANK_LIMITS.titleMax}
            status={titleError ? 'error' : undefined}
            aria-invalid={!!titleError}
            onChange={(e) => setTitle(e.target.value)}
          />
          {titleError && (
            <div role="alert" style={{ color: '#b42318' }}>
              {titleError}
            </div>
          )}
        </div>
        <div>
          <label htmlFor="compose-subtitle">副标题（选填）</label>
          <Input
            id="compose-subtitle"
            value={subtitle}
            maxLength={QUESTION_BANK_LIMITS.subtitleMax}
            placeholder="如：七年级数学 第一章 单元测试"
            onChange={(e) => setSubtitle(e.target.value)}
          />
        </div>
        {sections.map((s, i) => (
          <div key={s.type} className={styles.composeSection} data-testid="compose-section">
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <Input
                aria-label={`第 ${i + 1} 大题标题`}
                value={s.title}
                maxLength={QUESTION_BANK_LIMITS.sectionTitleMax}
                status={s.title.trim() ? undefined : 'error'}
                onChange={(e) => updateSection(i, { title: e.target.value })}
                style={{ width: 280 }}
              />
              <span>
                {s.questions.length} 题，共 {sectionScore(s)} 分
              </span>
            </Space>
            {s.questions.map((q, qi) => (
              <div key={q.id} className={styles.composeRow}>
                <span className={styles.composeNumber}>{qi + 1}.</span>
                <LazyRichText className={styles.composeStem} source={q.card.stem} />
                <InputNumber
                  aria-label={`${s.title} 第 ${qi + 1} 题分值`}
                  min={0}
                  max={QUESTION_BANK_LIMITS.scoreMax}
                  step={0.5}
                  value={q.score}
                  onChange={(v) => updateScore(i, qi, typeof v === 'number' ? Math.round(v * 2) / 2 : 0)}
                  suffix="分"
                  style={{ width: 100 }}
                />
              </div>
            ))}
          </div>
        ))}
        {sectionError && (
          <div role="alert" style={{ color: '#b42318' }}>
            {sectionError}
          </div>
        )}
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Checkbox checked={clearBasket} onChange={(e) => setClearBasket(e.target.checked)}>
            保存后清空试题篮
          </Checkbox>
          <span className={styles.composeTotal} data-testid="compose-total">
            共 {sections.reduce((n, s) => n + s.questions.length, 0)} 题，满分 <strong>{total}</strong> 分
          </span>
        </div>
      </Space>
    </Modal>
  );
}
