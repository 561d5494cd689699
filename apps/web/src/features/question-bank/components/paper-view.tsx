/**
 * The questions of a paper in paper order, section by section: number, score, the question, and its
 * answer and analysis (解析), shown per question or all at once.
 */
import { useState } from 'react';
import { Button } from 'antd';
import type { PaperQuestion, PaperReadSection, PaperSection } from '@eav/contract';
import { AnswerBlock } from './answer-block';
import { QuestionBody } from './question-body';
import styles from './question-bank.module.css';

function PaperQuestionItem({
  item,
  showAll,
}: {
  item: PaperQuestion | PaperReadSection['questions'][number];
  showAll: boolean;
}) {
  const [open, setOpen] = useState(false);
  const shown = showAll || open;
  const answerId = `answer-${item.question.id}-${item.number}`;
  return (
    <li className={styles.paperQuestion} data-testid="paper-question">
      <QuestionBody
        question={item.question}
        prefix={
          <>
            <span className={styles.questionNumber}>{item.number}.</span>
            {item.score != null && <span className={styles.questionScore}>（{item.score} 分）</span>}
          </>
        }
      />
      {!showAll && (
        <Button
          type="link"
          size="small"
          className={styles.linkButton}
          style={{ paddingLeft: 0, marginTop: 8 }}
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? '收起答案解析' : '查看答案解析'}
        </Button>
      )}
      <div id={answerId}>{shown && <AnswerBlock question={item.question} />}</div>
    </li>
  );
}

export function PaperSections({
  sections,
  showAll,
}: {
  sections: (PaperSection | PaperReadSection)[];
  showAll: boolean;
}) {
  return (
    <>
      {sections.map((section, i) => (
        <section key={i} className={styles.section} aria-labelledby={`section-${i}`}>
          <h2 id={`section-${i}`} className={styles.sectionTitle}>
            {section.title}
          </h2>
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {section.questions.map((q) => (
              <PaperQuestionItem key={`${q.number}-${q.question.id}`} item={q} showAll={showAll} />
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
