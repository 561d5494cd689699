/**
 * The ranking: the top of the activity with masked names (张*明), ties already ordered by the server
 * (whoever reached the score first), and my own row pinned above the list, which scrolls on its own,
 * so it stays in view however far the list is scrolled. Frozen rankings (the activity ended) say so.
 */
import { useSession } from '@/stores/session';
import { useRank } from '../api/get-rank';
import { PrizeSection, SectionState } from './section';
import styles from './prize.module.css';

export function Ranking({ code }: { code: string }) {
  const userId = useSession((s) => s.user?.userId ?? null);
  const rank = useRank(code, userId);
  const data = rank.data;
  const me = data?.me;
  return (
    <PrizeSection
      id="prize-ranking"
      title="积分排行榜"
      note={data ? `${data.frozen ? '活动已结束，排名已锁定 · ' : ''}共 ${data.participants} 人参与` : undefined}
      testId="ranking"
    >
      <SectionState
        pending={rank.isPending}
        error={rank.error}
        empty={data?.top.length === 0}
        emptyText="还没有人上榜，快去阅读推荐教材吧"
        onRetry={() => void rank.refetch()}
      />
      {me && (
        <div className={`${styles.rankRow} ${styles.rankMe} ${styles.rankPinned}`} data-testid="rank-pinned">
          <span className={styles.rankNo}>{me.rank ?? '—'}</span>
          <span>
            {me.name}（我）{me.rank ? '' : '· 未上榜'}
          </span>
          <span className={styles.rankPoints}>{me.points} 分</span>
        </div>
      )}
      {!!data?.top.length && (
        <ol className={styles.rankList} aria-label="排名前列">
          {data.top.map((r) => (
            <li
              key={`${r.rank}-${r.name}`}
              className={`${styles.rankRow} ${r.isMe ? styles.rankMe : ''}`}
              data-testid={r.isMe ? 'rank-row-me' : 'rank-row'}
              aria-current={r.isMe ? 'true' : undefined}
            >
              <span className={`${styles.rankNo} ${r.rank <= 3 ? styles.rankTop : ''}`}>{r.rank}</span>
              <span>
                {r.name}
                {r.isMe && '（我）'}
              </span>
              <span className={styles.rankPoints}>{r.points} 分</span>
            </li>
          ))}
        </ol>
      )}
    </PrizeSection>
  );
}
