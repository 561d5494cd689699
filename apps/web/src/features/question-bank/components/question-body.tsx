/** A question as printed: shared reading material, stem and choices, all Markdown + TeX. */
import type { QuestionCard } from '@eav/contract';
import { LazyRichText } from '@/components/rich-text';
import styles from './question-bank.module.css';

type Printable = Pick<QuestionCard, 'stem' | 'options' | 'passage'>;

/** Short choices sit two a row; any long one puts them one a row. */
function longOptions(options: NonNullable<QuestionCard['options']>): boolean {
  return options.some((o) => o.text.length > 24);
}

export function QuestionBody({ question, prefix }: { question: Printable; prefix?: React.ReactNode }) {
  const options = question.options ?? [];
  return (
    <div>
      {question.passage && <LazyRichText className={styles.passage} source={question.passage} />}
      <div className={styles.questionHead}>
        {prefix}
        <LazyRichText source={question.stem} />
      </div>
      {options.length > 0 && (
        <ul className={`${styles.options} ${longOptions(options) ? styles.optionsLong : ''}`}>
          {options.map((o) => (
            <li key={o.key}>
              <span className={styles.optionKey}>{o.key}.</span>
              <LazyRichText inline source={o.text} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
