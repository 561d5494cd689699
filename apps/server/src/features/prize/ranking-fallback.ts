/**
 * The Redis ranking, with the database behind it while Redis is unreachable (docs/prize.md, Ranking;
 * docs/operations.md, Redis outage). PostgreSQL is the ranking's truth, so reads during an outage
 * come from a copy of the database's ranking, taken at most every SNAPSHOT_MS per activity; raises
 * that could not reach Redis mark the activity's ranking stale, and the first read once Redis is
 * back rebuilds it from the database (a restarted, empty Redis is rebuilt anyway: it holds no
 * `built` mark).
 */
import type { Redis } from 'ioredis';
import { MemoryRankingStore, type RankedUser, type RankingStore } from './ranking';

/** How long a copy of the database's ranking serves reads during an outage, ms. */
export const SNAPSHOT_MS = 2_000;

export class FallbackRankingStore implements RankingStore {
  /** Activities whose Redis ranking missed a write during an outage. */
  private readonly stale = new Set<number>();
  private readonly snapshots = new Map<number, { until: number; board: Promise<MemoryRankingStore> }>();

  /**
   * @param shared the Redis ranking
   * @param load the activity's ranking as the database has it (`rankingFromDatabase`)
   */
  constructor(
    private readonly redis: Redis,
    private readonly shared: RankingStore,
    private readonly load: (activityId: number) => Promise<RankedUser[]>,
  ) {}

  /** A copy of the database's ranking, shared by the reads of SNAPSHOT_MS. */
  private snapshot(activityId: number): Promise<MemoryRankingStore> {
    const hit = this.snapshots.get(activityId);
    if (hit && hit.until > Date.now()) return hit.board;
    const board = this.load(activityId).then(async (entries) => {
      const store = new MemoryRankingStore();
      await store.replace(activityId, entries);
      return store;
    });
    // A failed load is not kept: the next read tries again.
    board.catch(() => this.snapshots.delete(activityId));
    this.snapshots.set(activityId, { until: Date.now() + SNAPSHOT_MS, board });
    return board;
  }

  private async read<T>(activityId: number, op: (store: RankingStore) => Promise<T>): Promise<T> {
    if (this.redis.status === 'ready') {
      try {
        return await op(this.shared);
      } catch {
        // Redis failed the command: answer from the database below.
      }
    }
    return op(await this.snapshot(activityId));
  }

  private async write(activityId: number, op: (store: RankingStore) => Promise<void>): Promise<void> {
    if (this.redis.status === 'ready') {
      try {
        await op(this.shared);
        return;
      } catch {
        // Fall through: the database holds the change; the rebuild after the outage brings it in.
      }
    }
    this.stale.add(activityId);
  }

  raise(activityId: number, userId: number, score: number) {
    return this.write(activityId, (s) => s.raise(activityId, userId, score));
  }
  remove(activityId: number, userId: number) {
    return this.write(activityId, (s) => s.remove(activityId, userId));
  }
  top(activityId: number, n: number) {
    return this.read(activityId, (s) => s.top(activityId, n));
  }
  rankOf(activityId: number, userId: number) {
    return this.read(activityId, (s) => s.rankOf(activityId, userId));
  }
  count(activityId: number) {
    return this.read(activityId, (s) => s.count(activityId));
  }
  async replace(activityId: number, entries: RankedUser[]) {
    await this.shared.replace(activityId, entries);
    this.stale.delete(activityId);
  }
  async isBuilt(activityId: number) {
    // During the outage the copies of the database answer: nothing to build.
    if (this.redis.status !== 'ready') return true;
    if (this.stale.has(activityId)) return false;
    try {
      return await this.shared.isBuilt(activityId);
    } catch {
      return true;
    }
  }
}
