/** The answer and analysis (解析) of a question. */
import type { QuestionDetail } from '@eav/contract';
import { LazyRichText } from '@/components/rich-text';
import { answerText } from '../lib/answer';
import styles from './question-bank.module.css';

export function AnswerBlock({ question }: { question: Pick<QuestionDetail, 'answer' | 'analysis'> }) {
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
