/** The readers' note that the reading time counts for the activity, with today's credited minutes. */
import type { ReadingCredit } from '../hooks/use-activity-heartbeat';
import { readingMinutes } from '../lib/format';
import styles from './prize.module.css';

export function ReadingBadge({ credit, aboveBar = false }: { credit: ReadingCredit | null; aboveBar?: boolean }) {
  if (!credit) return null;
  return (
    <div
      className={aboveBar ? `${styles.readingBadge} ${styles.readingBadgeAboveBar}` : styles.readingBadge}
      role="status"
      data-testid="reading-badge"
    >
      {credit.active
        ? `「${credit.activityTitle}」计时中 · 今日 ${readingMinutes(credit.secondsToday)} 分钟 · ${credit.points} 积分`
        : '已在其他页面阅读，本页暂停计时'}
    </div>
  );
}
