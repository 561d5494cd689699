/**
 * My reading time and points today, my points in the activity (earned and left to spend) and my
 * rank. Logged out: the page's login prompt instead (`loginPrompt`).
 */
import type { ReactNode } from 'react';
import { useSession } from '@/stores/session';
import type { ActivityView } from '../api/get-activity';
import { useIntegral } from '../api/get-integral';
import { useRank } from '../api/get-rank';
import { readingMinutes } from '../lib/format';
import { todayFigures } from '../lib/today';
import { PrizeSection, SectionState } from './section';
import styles from './prize.module.css';

export function MyProgress({ activity, loginPrompt }: { activity: ActivityView; loginPrompt: ReactNode }) {
  const userId = useSession((s) => s.user?.userId ?? null);
  const integral = useIntegral(userId, activity.activityCode);
  const rank = useRank(activity.activityCode, userId);
  if (!userId) {
    return (
      <PrizeSection id="prize-mine" title="我的阅读" testId="my-progress">
        {loginPrompt}
      </PrizeSection>
    );
  }
  const data = integral.data;
  const derived = data ? todayFigures(data.ledger, activity.pointsPerMinute) : null;
  const minutes = data?.secondsToday !== undefined ? readingMinutes(data.secondsToday) : (derived?.minutes ?? 0);
  const pointsToday = data?.pointsToday ?? derived?.points ?? 0;
  const myRank = rank.data?.me?.rank;
  return (
    <PrizeSection id="prize-mine" title="我的阅读" note="阅读时长按服务器时间每 30 秒累计一次" testId="my-progress">
      <SectionState pending={integral.isPending} error={integral.error} onRetry={() => void integral.refetch()} />
      {data && (
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt>今日阅读（分钟）</dt>
            <dd data-testid="today-minutes">{minutes}</dd>
          </div>
          <div className={styles.stat}>
            <dt>今日积分</dt>
            <dd data-testid="today-points">{pointsToday}</dd>
          </div>
          <div className={styles.stat}>
            <dt>可用积分</dt>
            <dd data-testid="available-points">{data.available}</dd>
          </div>
          <div className={styles.stat}>
            <dt>我的排名</dt>
            <dd data-testid="my-rank">{myRank ? myRank : '未上榜'}</dd>
          </div>
        </dl>
      )}
      {data && (
        <p className={styles.muted}>
          活动累计积分 <strong data-testid="total-points">{data.total}</strong>
          {myRank ? '' : '，获得积分后即可上榜'}
        </p>
      )}
    </PrizeSection>
  );
}
