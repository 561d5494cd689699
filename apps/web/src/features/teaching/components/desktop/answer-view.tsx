/**
 * Desktop answering of one assignment: the questions with their inputs (autosaved), the grade of a
 * choice answer as soon as it is saved, submit, then the result with answers and analyses when the
 * assignment allows. Reading and resource assignments lead to the reader or the preview.
 */
import type { SubmissionDetail } from '@eav/contract';
import { Alert, App, Button, Modal, Skeleton, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { LazyRichText } from '@/components/rich-text';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { saveStateText } from '../../hooks/use-answer-sheet';
import { useWork, useWorkAnswers } from '../../hooks/use-work-session';
import { answeredCount } from '../../lib/answers';
import { ASSIGNMENT_KIND_LABELS, SUBMISSION_STATUS_COLORS, SUBMISSION_STATUS_LABELS } from '../../lib/labels';
import { answerKeyText, formatDateTime, formatScore, gradeText } from '../../lib/responses';
import { QuestionText } from '../common/question-text';
import { AnswerInput } from './answer-input';
import styles from './desktop.module.css';

function Questions({ id, work }: { id: number; work: SubmissionDetail }) {
  const { message } = App.useApp();
  const { items, grades, sheet, submitAll, submitting, upload } = useWorkAnswers(id, work);
  const submitted = work.status === 'submitted' || work.status === 'graded';
  const answered = answeredCount(
    items.map((i) => ({ id: i.question.id, kind: i.kind })),
    sheet.drafts,
  );
  const submit = () => {
    const missing = items.length - answered;
    Modal.confirm({
      title: '提交作业',
      content: missing > 0 ? `还有 ${missing} 题未作答，确定提交吗？` : '提交后不能再修改，确定提交吗？',
      okText: '提交',
      cancelText: '再检查一下',
      onOk: () =>
        submitAll().then(
          (done) => void message.success(done.score != null ? `已提交，得分 ${formatScore(done.score)}` : '已提交'),
          (e: unknown) => void message.error(errorMessage(e, '提交失败，请稍后重试')),
        ),
    });
  };
  return (
    <section className={styles.card} aria-label="题目">
      {items.map((item, i) => {
        const g = gradeText(grades[item.question.id], submitted);
        const key = answerKeyText(item.answer);
        return (
          <article
            key={item.question.id}
            className={styles.question}
            onFocusCapture={() => sheet.focus(item.question.id)}
            onPointerDown={() => sheet.focus(item.question.id)}
            aria-labelledby={`dq-${item.question.id}`}
            data-testid="work-question"
          >
            <div className={styles.qHead} id={`dq-${item.question.id}`}>
              <strong>第 {i + 1} 题</strong> <Tag>{item.question.type}</Tag> {formatScore(item.question.score)} 分
            </div>
            <QuestionText question={item.question} />
            <div style={{ marginTop: 10 }}>
              <AnswerInput
                question={item.question}
                kind={item.kind}
                value={sheet.drafts[item.question.id]}
                onChange={(d) => sheet.change(item.question.id, d)}
                disabled={!work.canSubmit}
                onUpload={upload}
                label={`第 ${i + 1} 题作答`}
              />
            </div>
            {g && (
              <div className={`${styles.result} ${styles[g.tone]}`} role="status" data-testid="item-grade">
                {g.text}
                {grades[item.question.id]?.comment && <div>老师评语：{grades[item.question.id]!.comment}</div>}
              </div>
            )}
            {key && (
              <div className={`${styles.result} ${styles.pending}`}>
                正确答案：
                <LazyRichText inline source={key} />
                {item.analysis && <LazyRichText source={`解析：${item.analysis}`} />}
              </div>
            )}
          </article>
        );
      })}
      {work.canSubmit && (
        <div className={styles.sticky}>
          <span className={styles.muted} aria-live="polite">
            已答 {answered}/{items.length} · {saveStateText(sheet.saveState)}
          </span>
          <Button type="primary" size="large" loading={submitting} onClick={submit} data-testid="work-submit">
            提交作业
          </Button>
        </div>
      )}
    </section>
  );
}

function Target({ id, work }: { id: number; work: SubmissionDetail }) {
  const { message } = App.useApp();
  const t = work.assignment.target;
  const { submitAll, submitting } = useWorkAnswers(id, work);
  if (work.assignment.kind === 'reading')
    return (
      <section className={styles.card} aria-label="阅读内容">
        <p>
          <strong>{t.textbookTitle}</strong> {t.chapterTitle ? `· ${t.chapterTitle}` : ''} · 第 {t.pageFrom}–{t.pageTo}{' '}
          页
        </p>
        <p className={styles.muted}>
          已读 {work.pagesRead.length} / {(t.pageTo ?? 0) - (t.pageFrom ?? 0) + 1} 页，在阅读器中读完这些页即完成。
        </p>
        <Button type="primary" href={`#${paths.preview}?id=${t.textbookId}&page=${t.pageFrom}`}>
          打开教材阅读
        </Button>
      </section>
    );
  return (
    <section className={styles.card} aria-label="学习资源">
      <p>
        <strong>{t.resourceTitle}</strong>
      </p>
      <Button href={`#${paths.ossPreview}?id=${t.resourceId}`}>查看资源</Button>{' '}
      {work.canSubmit && (
        <Button
          type="primary"
          loading={submitting}
          onClick={() =>
            void submitAll().then(
              () => void message.success('已完成学习'),
              (e: unknown) => void message.error(errorMessage(e, '提交失败')),
            )
          }
        >
          我已学完
        </Button>
      )}
    </section>
  );
}

export function AnswerView({ id, onBack }: { id: number; onBack(): void }) {
  const q = useWork(id);
  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(q.error, '作业加载失败')}
        action={<Button onClick={onBack}>返回</Button>}
      />
    );
  if (!q.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const w = q.data;
  const a = w.assignment;
  return (
    <>
      <section className={styles.card} aria-labelledby="wt-work-title">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} style={{ paddingLeft: 0 }}>
          返回我的作业
        </Button>
        <h2 id="wt-work-title" className={styles.cardTitle}>
          <Tag>{ASSIGNMENT_KIND_LABELS[a.kind]}</Tag>
          {a.title}
        </h2>
        <p className={styles.muted} style={{ margin: '6px 0 0' }} data-testid="work-status">
          {a.className} · 截止 {formatDateTime(a.dueAt)} {a.allowLate ? '（允许补交）' : ''} ·{' '}
          <Tag color={SUBMISSION_STATUS_COLORS[w.status]}>{SUBMISSION_STATUS_LABELS[w.status]}</Tag>
          {w.score != null && (
            <strong data-testid="work-score">
              得分 {formatScore(w.score)} / {formatScore(w.maxScore)}
            </strong>
          )}
        </p>
        {a.instructions && <p>老师说明：{a.instructions}</p>}
        {w.teacherComment && (
          <Alert type="warning" showIcon title={`老师评语：${w.teacherComment}`} style={{ marginTop: 8 }} />
        )}
      </section>
      {a.kind === 'homework' ? <Questions id={id} work={w} /> : <Target id={id} work={w} />}
    </>
  );
}
