/**
 * A question of the cloud bank: type, difficulty, source; the question; its knowledge points (a
 * click filters by one); 答案解析 loaded on demand; 加入/移出试题篮.
 */
import { useState } from 'react';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tag } from 'antd';
import { DIFFICULTY_LABELS, QUESTION_ORIGIN_LABELS, type QuestionCard as Card } from '@eav/contract';
import { errorMessage } from '@/lib/error-message';
import { useQuestion } from '../api/get-question';
import { AnswerBlock } from './answer-block';
import { QuestionBody } from './question-body';
import styles from './question-bank.module.css';

interface Props {
  question: Card;
  inBasket: boolean;
  basketBusy: boolean;
  onToggleBasket(): void;
  onKnowledgePoint(id: number): void;
}

export function QuestionCard({ question, inBasket, basketBusy, onToggleBasket, onKnowledgePoint }: Props) {
  const [open, setOpen] = useState(false);
  const detail = useQuestion(question.id, open);
  const answerId = `q-answer-${question.id}`;
  return (
    <article className={styles.card} data-testid="question-card" aria-label={`试题 ${question.id}`}>
      <div className={styles.cardMeta}>
        <Tag color="blue">{question.type}</Tag>
        {question.difficulty != null && <Tag>{DIFFICULTY_LABELS[question.difficulty] ?? question.difficulty}</Tag>}
        <Tag>{QUESTION_ORIGIN_LABELS[question.origin]}</Tag>
        <span>
          {question.stage.name} · {question.subject.name}
        </span>
        {question.source && <span>来源：{question.source}</span>}
      </div>
      <QuestionBody question={question} />
      {open && (
        <div id={answerId}>
          {detail.data ? (
            <AnswerBlock question={detail.data} />
          ) : detail.isError ? (
            <p role="alert">{errorMessage(detail.error, '答案解析加载失败')}</p>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          )}
        </div>
      )}
      <div className={styles.cardFoot}>
        <div className={styles.kpList}>
          {question.knowledgePoints.slice(0, 4).map((kp) => (
            <button
              key={kp.id}
              type="button"
              className={styles.kpTag}
              title={`按知识点筛选：${kp.path}`}
              onClick={() => onKnowledgePoint(kp.id)}
            >
              {kp.name}
            </button>
          ))}
        </div>
        <div>
          <Button
            type="link"
            className={styles.linkButton}
            aria-expanded={open}
            aria-controls={answerId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '收起答案解析' : '答案解析'}
          </Button>
          <Button
            type={inBasket ? 'default' : 'primary'}
            icon={inBasket ? <MinusOutlined /> : <PlusOutlined />}
            loading={basketBusy}
            onClick={onToggleBasket}
            aria-pressed={inBasket}
          >
            {inBasket ? '移出试题篮' : '加入试题篮'}
          </Button>
        </div>
      </div>
    </article>
  );
}
