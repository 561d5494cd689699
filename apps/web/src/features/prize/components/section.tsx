/** A titled block of the activity page and its loading, error and empty states (plain markup). */
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message';
import styles from './prize.module.css';

export function PrizeSection({
  id,
  title,
  note,
  children,
  testId,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {note && <span className={styles.sectionNote}>{note}</span>}
      </div>
      {children}
    </section>
  );
}

/** What a section shows while its call is pending, failed or empty; null when there is data. */
export function SectionState({
  pending,
  error,
  empty,
  emptyText,
  onRetry,
}: {
  pending: boolean;
  error: unknown;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
}) {
  if (error) {
    return (
      <div className={styles.stateBox} role="alert">
        {errorMessage(error)}
        {onRetry && (
          <button type="button" className={styles.retry} onClick={onRetry}>
            重试
          </button>
        )}
      </div>
    );
  }
  if (pending) {
    return (
      <div aria-busy="true" aria-label="加载中">
        <div className={styles.skeleton} />
        <div className={styles.skeleton} style={{ width: '70%' }} />
      </div>
    );
  }
  if (empty) return <div className={styles.stateBox}>{emptyText ?? '暂无内容'}</div>;
  return null;
}
