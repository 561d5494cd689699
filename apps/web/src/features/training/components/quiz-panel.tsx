/**
 * The closing quiz of a course (enrolled teachers): question-bank choice questions (rendered as
 * Markdown + TeX) answered with radio buttons or check boxes; the server grades, records the attempt
 * and answers the score against the pass mark. Attempts may be repeated.
 */
import type { TrainingQuizResult } from '@eav/contract';
import { Alert, Button, Checkbox, Radio, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { LazyRichText } from '@/components/rich-text';
import { errorMessage } from '@/lib/error-message';
import { useQuiz } from '../api/get-quiz';
import { useSubmitQuiz } from '../api/submit-quiz';
import styles from './training.module.css';

export function QuizPanel({ courseId, passed }: { courseId: number; passed: boolean }) {
  const quiz = useQuiz(courseId, true);
  const submit = useSubmitQuiz(courseId);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<TrainingQuizResult | null>(null);

  if (quiz.isError) return <Alert type="error" showIcon title={errorMessage(quiz.error, '测验加载失败')} />;
  if (!quiz.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const questions = quiz.data.questions;
  const answered = questions.filter((q) => (answers[String(q.id)] ?? []).length > 0).length;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit.mutate(answers, { onSuccess: setResult });
      }}
      data-testid="training-quiz"
    >
      <p className={styles.muted}>
        共 {questions.length} 题，答对 {quiz.data.passMark}% 及以上为通过，可多次作答。
        {passed ? '你已通过本测验。' : ''}
      </p>
      {questions.map((q, i) => {
        const key = String(q.id);
        const value = answers[key] ?? [];
        const options = q.options.map((o) => ({
          value: o.key,
          label: (
            <span>
              {o.key}. <LazyRichText source={o.text} inline />
            </span>
          ),
        }));
        return (
          <fieldset key={q.id} className={styles.question} style={{ border: 0, margin: 0 }} data-testid="quiz-question">
            <legend>
              <span>{i + 1}.</span>
              <span>（{q.type}）</span>
            </legend>
            {q.passage && <LazyRichText source={q.passage} />}
            <LazyRichText source={q.stem} />
            <div className={styles.options}>
              {q.multiple ? (
                <Checkbox.Group
                  className={styles.options}
                  value={value}
                  options={options}
                  onChange={(v) => setAnswers({ ...answers, [key]: (v as string[]).slice().sort() })}
                />
              ) : (
                <Radio.Group
                  className={styles.options}
                  value={value[0]}
                  options={options}
                  onChange={(e) => setAnswers({ ...answers, [key]: [String(e.target.value)] })}
                />
              )}
            </div>
          </fieldset>
        );
      })}
      {submit.isError && (
        <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessage(submit.error, '提交失败，请重试')} />
      )}
      {result && (
        <Result
          status={result.passed ? 'success' : 'warning'}
          title={
            result.passed ? `测验通过：${result.score} 分` : `未通过：${result.score} 分（${result.passMark} 分及格）`
          }
          subTitle={
            result.courseCompleted
              ? '已完成全部课时并通过测验，学时已记入研修档案，可下载结业证书。'
              : result.passed
                ? '看完全部课时后即可获得学时和结业证书。'
                : `已作答 ${result.attempts} 次，可以再试一次。`
          }
          data-testid="quiz-result"
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        loading={submit.isPending}
        disabled={answered === 0}
        data-testid="quiz-submit"
        style={{ marginTop: 12 }}
      >
        提交测验（已答 {answered}/{questions.length}）
      </Button>
    </form>
  );
}
