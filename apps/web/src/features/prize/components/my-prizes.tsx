/** The prizes I won in the activity, newest first (logged in only). */
import { useSession } from '@/stores/session';
import { useMyPrizes } from '../api/get-my-prizes';
import { formatDateTime } from '../lib/format';
import { PrizeSection, SectionState } from './section';
import styles from './prize.module.css';

export function MyPrizes({ code }: { code: string }) {
  const userId = useSession((s) => s.user?.userId ?? null);
  const mine = useMyPrizes(code, userId);
  if (!userId) return null;
  return (
    <PrizeSection id="prize-mine-prizes" title="我的奖品" testId="my-prizes">
      <SectionState
        pending={mine.isPending}
        error={mine.error}
        empty={mine.data?.length === 0}
        emptyText="还没有奖品，攒够积分去抽奖吧"
        onRetry={() => void mine.refetch()}
      />
      {!!mine.data?.length && (
        <ul className={styles.prizes}>
          {mine.data.map((p) => (
            <li key={p.drawId} className={styles.prize} data-testid="my-prize">
              <span className={styles.prizeName}>
                {p.name}
                {p.fallback && <span className={styles.muted}>（原奖项已抽完，改发此奖）</span>}
              </span>
              <span className={styles.muted}>{formatDateTime(p.drawnAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </PrizeSection>
  );
}
