/** The answer and analysis (解析) of a question, or why they are not shown (a visitor, or the reader's open work). */
import { ANSWER_HIDDEN_LABELS, type AnswerHiddenReason, type QuestionRead } from '@eav/contract';
import { LazyRichText } from '@/components/rich-text';
import { answerText } from '../lib/answer';
import styles from './question-bank.module.css';

interface Props {
  /** A bank question as read (`answerHidden` set when the answer is withheld) or a composed paper's. */
  question: Pick<QuestionRead, 'answer' | 'analysis'> & { answerHidden?: AnswerHiddenReason | null };
}

export function AnswerBlock({ question }: Props) {
  if (question.answerHidden || question.answer === null)
    return (
      <div className={styles.answerBox} data-testid="answer-block">
        <p role="note">{ANSWER_HIDDEN_LABELS[question.answerHidden ?? 'login']}</p>
      </div>
    );
  return (
    <div className={styles.answerBox} data-testid="answer-block">
      <div className={styles.answerRow}>
        <span className={styles.answerLabel}>【答案】</span>
        <LazyRichText source={answerText(question.answer) || '略'} />
      </div>
      <div className={styles.answerRow}>
        <span className={styles.answerLabel}>【解析】</span>
        <LazyRichText source={question.analysis?.trim() || '暂无解析'} />
      </div>
    </div>
  );
}
