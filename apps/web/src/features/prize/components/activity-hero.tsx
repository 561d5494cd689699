/**
 * The activity's banner: image (or the platform's gradient), title, period, status and the
 * countdown (docs/product.md §4). Plain markup: the H5 and the desktop page both use it.
 */
import type { ActivityView } from '../api/get-activity';
import type { CountdownParts } from '@/lib/countdown';
import type { CountdownPhase } from '../hooks/use-activity-countdown';
import { formatPeriod } from '../lib/format';
import styles from './prize.module.css';

const PHASE_LABEL: Record<CountdownPhase, string> = { upcoming: '即将开始', running: '进行中', ended: '已结束' };
const COUNT_LABEL: Record<CountdownPhase, string> = {
  upcoming: '距活动开始',
  running: '距活动结束',
  ended: '活动已结束',
};

export function ActivityHero({
  activity,
  parts,
  phase,
}: {
  activity: ActivityView;
  parts: CountdownParts;
  phase: CountdownPhase;
}) {
  const spoken = `${COUNT_LABEL[phase]} ${Number(parts.days)} 天 ${Number(parts.hours)} 小时 ${Number(parts.minutes)} 分`;
  return (
    <header className={styles.hero} data-testid="activity-hero">
      {activity.bannerImage && <img className={styles.heroImg} src={activity.bannerImage} alt="" />}
      {activity.bannerImage && <div className={styles.heroShade} />}
      <div className={styles.heroBody}>
        <span
          className={`${styles.statusTag} ${phase === 'ended' ? styles.statusEnded : ''}`}
          data-testid="activity-status"
        >
          {PHASE_LABEL[phase]}
        </span>
        <h1 className={styles.heroTitle}>{activity.title}</h1>
        <p className={styles.heroPeriod}>活动时间：{formatPeriod(activity.startAt, activity.endAt)}</p>
        <div className={styles.countdown} role="timer" aria-label={spoken} data-testid="countdown">
          <span className={styles.countdownLabel} aria-hidden>
            {COUNT_LABEL[phase]}
          </span>
          <span className={styles.countdownBox} aria-hidden>
            <span className={styles.countdownNum} data-testid="countdown-days">
              {parts.days}
            </span>
            天
          </span>
          <span className={styles.countdownBox} aria-hidden>
            <span className={styles.countdownNum} data-testid="countdown-hours">
              {parts.hours}
            </span>
            时
          </span>
          <span className={styles.countdownBox} aria-hidden>
            <span className={styles.countdownNum} data-testid="countdown-minutes">
              {parts.minutes}
            </span>
            分
          </span>
        </div>
      </div>
    </header>
  );
}
