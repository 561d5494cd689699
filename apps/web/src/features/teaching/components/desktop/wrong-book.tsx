/**
 * 错题本: the questions the student got wrong in graded work, with the wrong answer, the right one
 * and the analysis on demand, a retry (choice and fill-in graded at once) and 已掌握.
 */
import type { WrongQuestionItem } from '@eav/contract';
import { Alert, App, Button, Empty, Pagination, Segmented, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { LazyRichText } from '@/components/rich-text';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/stores/session';
import { useWrongQuestions } from '../../api/get-wrong-questions';
import { useRetryWrongQuestion } from '../../api/retry-wrong-question';
import { useUpdateWrongQuestion } from '../../api/update-wrong-question';
import { answerSummary, isAnswered, type AnswerDraft } from '../../lib/answers';
import { answerKeyText, formatDateTime, fromResponse, itemKind, toResponse } from '../../lib/responses';
import { QuestionText } from '../common/question-text';
import { AnswerInput } from './answer-input';
import styles from './desktop.module.css';

function WrongItem({ item, userId }: { item: WrongQuestionItem; userId: number }) {
  const { message } = App.useApp();
  const retry = useRetryWrongQuestion(userId);
  const update = useUpdateWrongQuestion(userId);
  const [open, setOpen] = useState(false);
  const [showKey, setShowKey] = useState(false);
  const [draft, setDraft] = useState<AnswerDraft>();
  const [result, setResult] = useState<boolean | null | undefined>();
  const q = item.question;
  const kind = itemKind(q);
  const question = {
    id: q.id,
    type: q.type,
    stem: q.stem,
    options: q.options,
    passage: q.passage,
    blankCount: q.blanks,
  };
  return (
    <article className={styles.question} data-testid="wrong-item">
      <div className={styles.qHead}>
        <Tag>{q.subject.name}</Tag> <Tag>{q.type}</Tag>
        {item.assignmentTitle && <span>来自：{item.assignmentTitle}</span>}
        <span>
          错 {item.wrongCount} 次 · {formatDateTime(item.updatedAt)}
        </span>
        {item.mastered && <Tag color="#0f7b3f">已掌握</Tag>}
      </div>
      <QuestionText question={q} showOptions={!open} />
      <div className={`${styles.result} ${styles.wrong}`}>
        我的答案：{answerSummary(fromResponse(item.lastResponse))}
      </div>
      {item.answerHidden ? (
        <div className={`${styles.result} ${styles.pending}`} role="note">
          答案在作业截止后公布，届时可以查看答案和重做
        </div>
      ) : (
        showKey && (
          <div className={`${styles.result} ${styles.pending}`}>
            正确答案：
            <LazyRichText inline source={answerKeyText(item.answer) ?? ''} />
            {item.analysis && <LazyRichText source={`解析：${item.analysis}`} />}
          </div>
        )
      )}
      {open && (
        <div style={{ marginTop: 10 }}>
          <AnswerInput question={question} kind={kind} value={draft} onChange={setDraft} label="重做作答" />
          {result !== undefined && (
            <div
              className={`${styles.result} ${result === true ? styles.right : result === false ? styles.wrong : styles.pending}`}
              role="status"
            >
              {result === true
                ? '回答正确，已记为掌握'
                : result === false
                  ? '还是不对，再想想'
                  : '已保存，请对照答案自评'}
            </div>
          )}
        </div>
      )}
      <Space style={{ marginTop: 10 }} wrap>
        {item.answerHidden ? null : !open ? (
          <Button type="primary" ghost onClick={() => setOpen(true)} data-testid="wrong-retry">
            重做
          </Button>
        ) : (
          <Button
            type="primary"
            disabled={!isAnswered(kind, draft)}
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(
                { id: item.id, response: toResponse(kind, draft!) },
                {
                  onSuccess: (r) => setResult(r.correct),
                  onError: (e) => void message.error(errorMessage(e, '提交失败')),
                },
              )
            }
          >
            提交重做
          </Button>
        )}
        {!item.answerHidden && (
          <Button onClick={() => setShowKey((s) => !s)}>{showKey ? '收起答案' : '查看答案'}</Button>
        )}
        <Button
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: item.id, mastered: !item.mastered },
              { onError: (e) => void message.error(errorMessage(e)) },
            )
          }
        >
          {item.mastered ? '标为未掌握' : '标为已掌握'}
        </Button>
      </Space>
    </article>
  );
}

export function WrongBook() {
  const userId = useSession((s) => s.user?.userId);
  const [filter, setFilter] = useState<'todo' | 'done' | 'all'>('todo');
  const [page, setPage] = useState(1);
  const q = useWrongQuestions({ mastered: filter === 'all' ? undefined : filter === 'done', page, pageSize: 10 });
  return (
    <section className={styles.card} aria-labelledby="wt-wrong">
      <div className={styles.cardHead}>
        <h2 id="wt-wrong" className={styles.cardTitle}>
          错题本
        </h2>
        <Segmented
          value={filter}
          onChange={(v) => {
            setFilter(v as typeof filter);
            setPage(1);
          }}
          options={[
            { value: 'todo', label: '未掌握' },
            { value: 'done', label: '已掌握' },
            { value: 'all', label: '全部' },
          ]}
        />
      </div>
      {q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error, '错题加载失败')} />
      ) : !q.data || !userId ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : q.data.items.length === 0 ? (
        <Empty description={filter === 'todo' ? '没有未掌握的错题，继续保持' : '这里还没有题目'} />
      ) : (
        <>
          {q.data.items.map((it) => (
            <WrongItem key={it.id} item={it} userId={userId} />
          ))}
          {q.data.total > 10 && (
            <Pagination
              align="center"
              current={page}
              pageSize={10}
              total={q.data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </section>
  );
}
