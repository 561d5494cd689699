/** Small badge telling who may read a book: 免费阅读 / 登录阅读 / 激活阅读, or 已激活 when owned. */
import { TEXTBOOK_ACCESS_LABELS, videoAccessLabel, type TextbookAccess, type WatchableVideo } from '@eav/contract';
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

/** A lesson's badge for the current user: 免费观看 / 可观看 in green, else 登录观看 / 激活观看. */
export function VideoBadge({ video, className }: { video: WatchableVideo; className?: string }) {
  const tone = video.canWatch ? 'public' : video.access;
  return (
    <span className={`${styles.badge} ${styles[`badge_${tone}`]} ${className ?? ''}`}>{videoAccessLabel(video)}</span>
  );
}
