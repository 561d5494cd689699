/**
 * 批改: the queue of submitted work with open answers to grade (oldest first); choosing one shows
 * the student's answers, each open (or overridable fill-in) answer with a score and a comment, and
 * 返回订正 with a note. Choice answers were graded automatically.
 */
import type { SubmissionDetail } from '@eav/contract';
import { Alert, App, Button, Empty, Input, InputNumber, List, Space, Tag } from 'antd';
import { useState } from 'react';
import { LazyRichText } from '@/components/rich-text';
import { errorMessage } from '@/lib/error-message';
import { useGradingQueue } from '../../api/get-grading-queue';
import { useSubmission } from '../../api/get-submission';
import { useGradeAnswer } from '../../api/grade-answer';
import { useReturnSubmission } from '../../api/return-submission';
import { answerSummary } from '../../lib/answers';
import { SUBMISSION_STATUS_LABELS } from '../../lib/labels';
import { answerKeyText, formatDateTime, formatScore, fromResponse, gradeText } from '../../lib/responses';
import { QuestionText } from '../common/question-text';
import styles from './desktop.module.css';

function GradeForm({
  submissionId,
  itemId,
  max,
  initial,
}: {
  submissionId: number;
  itemId: number;
  max: number;
  initial: { score: number | null; comment: string | null };
}) {
  const { message } = App.useApp();
  const grade = useGradeAnswer(submissionId);
  const [score, setScore] = useState<number | null>(initial.score);
  const [comment, setComment] = useState(initial.comment ?? '');
  return (
    <Space wrap style={{ marginTop: 8 }}>
      <InputNumber
        aria-label="得分"
        min={0}
        max={max}
        step={0.5}
        value={score}
        onChange={setScore}
        addonAfter={`/ ${max} 分`}
        data-testid="grade-score"
      />
      <Input
        aria-label="评语"
        placeholder="评语（可选）"
        maxLength={500}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        style={{ width: 280 }}
      />
      <Button
        type="primary"
        loading={grade.isPending}
        disabled={score == null}
        onClick={() =>
          grade.mutate(
            { itemId, body: { score: score!, comment: comment.trim() || undefined } },
            {
              onSuccess: () => void message.success('已保存评分'),
              onError: (e) => void message.error(errorMessage(e, '评分失败')),
            },
          )
        }
        data-testid="grade-save"
      >
        保存评分
      </Button>
    </Space>
  );
}

function SubmissionView({ detail }: { detail: SubmissionDetail }) {
  const { message } = App.useApp();
  const ret = useReturnSubmission(detail.id!);
  const [note, setNote] = useState('');
  const byItem = new Map(detail.answers.map((a) => [a.itemId, a]));
  return (
    <section className={styles.card} aria-labelledby="wt-sub-title">
      <div className={styles.cardHead}>
        <div>
          <h2 id="wt-sub-title" className={styles.cardTitle}>
            {detail.student.name} · {detail.assignment.title}
          </h2>
          <span className={styles.muted}>
            {SUBMISSION_STATUS_LABELS[detail.status]} · 提交于 {formatDateTime(detail.submittedAt)}
            {detail.late ? ' · 迟交' : ''} · 得分 {formatScore(detail.score)} / {formatScore(detail.maxScore)}
          </span>
        </div>
      </div>
      {[...detail.assignment.questions]
        .sort((a, b) => a.position - b.position)
        .map((q, i) => {
          const saved = byItem.get(q.itemId);
          const g = gradeText(saved?.grade, true);
          return (
            <div key={q.itemId} className={styles.question} data-testid="grade-item">
              <div className={styles.qHead}>
                <strong>第 {i + 1} 题</strong> <Tag>{q.type}</Tag> {formatScore(q.maxScore)} 分
              </div>
              <QuestionText question={q} showOptions />
              <div className={`${styles.result} ${styles.pending}`}>
                学生作答：{answerSummary(fromResponse(saved?.response))}
                {saved?.response.kind === 'open' &&
                  saved.response.images.map((src) => (
                    <img
                      key={src}
                      src={src}
                      alt="学生作答图片"
                      style={{ display: 'block', maxWidth: 360, marginTop: 8, borderRadius: 8 }}
                    />
                  ))}
              </div>
              {answerKeyText(q.answer) && (
                <div className={styles.muted} style={{ marginTop: 6 }}>
                  参考答案：
                  <LazyRichText inline source={answerKeyText(q.answer)!} />
                </div>
              )}
              {g && <div className={`${styles.result} ${styles[g.tone]}`}>{g.text}</div>}
              {q.grading !== 'choice' && saved && (
                <GradeForm
                  key={`${detail.id}-${q.itemId}`}
                  submissionId={detail.id!}
                  itemId={q.itemId}
                  max={q.maxScore}
                  initial={{ score: saved.grade.score, comment: saved.grade.comment }}
                />
              )}
            </div>
          );
        })}
      <Space style={{ marginTop: 16 }} wrap>
        <Input
          aria-label="订正要求"
          placeholder="订正要求，如：第 3 题重新写出过程"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          style={{ width: 360 }}
        />
        <Button
          disabled={!note.trim()}
          loading={ret.isPending}
          onClick={() =>
            ret.mutate(note.trim(), {
              onSuccess: () => void message.success('已返回学生订正'),
              onError: (e) => void message.error(errorMessage(e, '操作失败')),
            })
          }
        >
          返回订正
        </Button>
      </Space>
    </section>
  );
}

export function GradingPanel({ submissionId, onOpen }: { submissionId?: number; onOpen(id: number): void }) {
  const queue = useGradingQueue();
  const detail = useSubmission(submissionId);
  return (
    <div className={styles.builder}>
      <section className={styles.card} aria-labelledby="wt-queue">
        <h2 id="wt-queue" className={styles.cardTitle} style={{ marginBottom: 8 }}>
          待批改
        </h2>
        {queue.isError ? (
          <Alert type="error" showIcon title={errorMessage(queue.error, '加载失败')} />
        ) : (
          <List
            loading={queue.isPending}
            dataSource={queue.data?.items ?? []}
            locale={{ emptyText: <Empty description="没有待批改的作业" /> }}
            renderItem={(it) => (
              <List.Item
                actions={[
                  <Button
                    key="go"
                    type={it.submissionId === submissionId ? 'primary' : 'link'}
                    onClick={() => onOpen(it.submissionId)}
                    data-testid="queue-open"
                  >
                    批改
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={`${it.name} · ${it.assignmentTitle}`}
                  description={`${it.className} · ${it.toGrade} 题待批 · ${formatDateTime(it.submittedAt)}`}
                />
              </List.Item>
            )}
          />
        )}
      </section>
      <div>
        {!submissionId ? (
          <section className={styles.card}>
            <Empty description="在左侧选择一份作业开始批改" />
          </section>
        ) : detail.isError ? (
          <Alert type="error" showIcon title={errorMessage(detail.error, '作业加载失败')} />
        ) : !detail.data ? (
          <section className={styles.card} aria-busy>
            加载中…
          </section>
        ) : (
          <SubmissionView detail={detail.data} />
        )}
      </div>
    </div>
  );
}
