/** Small badge telling who may read a book: 免费阅读 / 登录阅读 / 激活阅读, or 已激活 when owned. */
import { TEXTBOOK_ACCESS_LABELS, type TextbookAccess } from '@eav/contract';
import styles from './textbooks.module.css';

export function AccessBadge({
  access,
  owned,
  className,
}: {
  access: TextbookAccess;
  owned?: boolean;
  className?: string;
}) {
  const label = owned ? '已激活' : TEXTBOOK_ACCESS_LABELS[access];
  const tone = owned ? 'owned' : access;
  return <span className={`${styles.badge} ${styles[`badge_${tone}`]} ${className ?? ''}`}>{label}</span>;
}
