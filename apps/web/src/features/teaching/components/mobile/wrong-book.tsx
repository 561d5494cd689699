/**
 * H5 错题本 (`/mobileH5/wrongBook`): the questions the student got wrong in graded work, with the
 * wrong answer, the right one and the analysis on demand, a retry (choice and fill-in graded at
 * once) and 已掌握. antd-mobile only.
 */
import type { WrongQuestionItem } from '@eav/contract';
import { Button, DotLoading, ErrorBlock, Tabs, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyRichText } from '@/components/rich-text';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useWrongQuestions } from '../../api/get-wrong-questions';
import { useRetryWrongQuestion } from '../../api/retry-wrong-question';
import { useUpdateWrongQuestion } from '../../api/update-wrong-question';
import { answerSummary, isAnswered, type AnswerDraft } from '../../lib/answers';
import { answerKeyText, fromResponse, itemKind, toResponse } from '../../lib/responses';
import { QuestionText } from '../common/question-text';
import { MobileAnswerInput } from './answer-input';
import { MobileBar } from './mobile-bar';
import styles from './mobile.module.css';

function Item({ item, userId }: { item: WrongQuestionItem; userId: number }) {
  const retry = useRetryWrongQuestion(userId);
  const update = useUpdateWrongQuestion(userId);
  const [retrying, setRetrying] = useState(false);
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
        <Tag color="primary" fill="outline">
          {q.subject.name}
        </Tag>
        <span>{q.type}</span>
        <span>错 {item.wrongCount} 次</span>
        {item.mastered && <Tag color="success">已掌握</Tag>}
      </div>
      <div className={styles.stem}>
        <QuestionText question={q} showOptions={!retrying} />
      </div>
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
      {retrying && (
        <div style={{ marginTop: 10 }}>
          <MobileAnswerInput question={question} kind={kind} value={draft} onChange={setDraft} label="重做作答" />
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
      <div style={{ display: 'flex', gap: 8, marginTop: 10, flexWrap: 'wrap' }}>
        {item.answerHidden ? null : !retrying ? (
          <Button size="small" color="primary" fill="outline" onClick={() => setRetrying(true)}>
            重做
          </Button>
        ) : (
          <Button
            size="small"
            color="primary"
            disabled={!isAnswered(kind, draft)}
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(
                { id: item.id, response: toResponse(kind, draft!) },
                {
                  onSuccess: (r) => setResult(r.correct),
                  onError: (e) => void Toast.show({ icon: 'fail', content: errorMessage(e, '提交失败') }),
                },
              )
            }
          >
            提交重做
          </Button>
        )}
        {!item.answerHidden && (
          <Button size="small" onClick={() => setShowKey((s) => !s)}>
            {showKey ? '收起答案' : '查看答案'}
          </Button>
        )}
        <Button
          size="small"
          loading={update.isPending}
          onClick={() => update.mutate({ id: item.id, mastered: !item.mastered })}
        >
          {item.mastered ? '标为未掌握' : '标为已掌握'}
        </Button>
      </div>
    </article>
  );
}

export function MobileWrongBook() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [tab, setTab] = useState<'todo' | 'all'>('todo');
  const q = useWrongQuestions({ mastered: tab === 'todo' ? false : undefined, page: 1, pageSize: 50 }, !!user);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.mobile.userCenter));
  return (
    <div className={styles.page}>
      <MobileBar title="错题本" onBack={back} />
      {!user ? (
        <section className={`${styles.section} ${styles.prompt}`}>
          <h2>登录后查看错题本</h2>
          <Button
            color="primary"
            block
            onClick={() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`)}
          >
            登录
          </Button>
        </section>
      ) : (
        <>
          <Tabs activeKey={tab} onChange={(k) => setTab(k as 'todo' | 'all')} style={{ background: '#fff' }}>
            <Tabs.Tab key="todo" title="未掌握" />
            <Tabs.Tab key="all" title="全部" />
          </Tabs>
          {q.isPending ? (
            <div style={{ padding: 40, textAlign: 'center' }}>
              <DotLoading />
            </div>
          ) : q.isError ? (
            <ErrorBlock status="default" title="错题加载失败" description={errorMessage(q.error)} />
          ) : q.data.items.length === 0 ? (
            <p className={styles.hint} style={{ margin: 24, textAlign: 'center' }}>
              {tab === 'todo' ? '没有未掌握的错题，继续保持。' : '错题本还是空的。'}
            </p>
          ) : (
            q.data.items.map((it) => <Item key={it.id} item={it} userId={user.userId} />)
          )}
        </>
      )}
    </div>
  );
}
