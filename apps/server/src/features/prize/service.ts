/**
 * The activity's services wired together (docs/prize.md): the activity cache, the heartbeat
 * anchors and the ranking store (Redis or in process), over the database. The route files call
 * these; the ranking is raised after each commit that added points, while the activity runs
 * (after its end the ranking is frozen).
 */
import { RANK_TOP, type HeartbeatResult, type IntegralResult, type RankResult } from '@eav/contract';
import { inArray } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ActivityCache, beijingIso, isRunning, type Activity } from './activities';
import { MemoryAnchors, RedisAnchors, type HeartbeatAnchors } from './heartbeat';
import { creditReading, ledgerOf, syncTasks, totalsOf } from './points';
import {
  maskName,
  MemoryRankingStore,
  pointsOfScore,
  rankScore,
  rebuildRanking,
  RedisRankingStore,
  type RankingStore,
} from './ranking';

export interface PrizeServiceOptions {
  db: Db;
  redis: Redis | null;
  /** Prefix of shared keys in Redis. */
  prefix: string;
  clock: () => number;
}

export class PrizeService {
  readonly db: Db;
  readonly activities: ActivityCache;
  readonly anchors: HeartbeatAnchors;
  readonly ranking: RankingStore;
  readonly clock: () => number;
  /** Masked display names of ranked users (names rarely change; a minute of staleness is fine). */
  private readonly names = new LRUCache<number, string>({ max: 10_000, ttl: 60_000 });
  /** Rebuilds in flight, so that a burst of first reads rebuilds once. */
  private readonly building = new Map<number, Promise<number>>();

  constructor(opts: PrizeServiceOptions) {
    this.db = opts.db;
    this.clock = opts.clock;
    this.activities = new ActivityCache(opts.db);
    this.anchors = opts.redis ? new RedisAnchors(opts.redis, opts.prefix) : new MemoryAnchors();
    this.ranking = opts.redis ? new RedisRankingStore(opts.redis, opts.prefix) : new MemoryRankingStore();
  }

  /** Raises the user's ranking after points were added at `reachedAt`, unless the activity is over. */
  async raise(a: Activity, userId: number, points: number, reachedAt: Date) {
    if (points <= 0 || !isRunning(a, reachedAt.getTime())) return;
    await this.ranking.raise(a.id, userId, rankScore(points, reachedAt.getTime(), a.startAt.getTime()));
  }

  /** Rebuilds the activity's ranking from the database (at most one rebuild at a time per activity). */
  async rebuild(a: Activity): Promise<number> {
    const running = this.building.get(a.id);
    if (running) return running;
    const job = rebuildRanking(this.db, this.ranking, a.id, a.startAt).finally(() => this.building.delete(a.id));
    this.building.set(a.id, job);
    return job;
  }

  /** One heartbeat of `userId` reading `textbookId` in the running activity `a` (the route checked both). */
  async heartbeat(a: Activity, userId: number, textbookId: number, sessionId: string): Promise<HeartbeatResult> {
    const now = this.clock();
    const beat = await this.anchors.beat(userId, sessionId, now);
    const seconds = beat.creditMs / 1000;
    const credit = await creditReading(this.db, a, userId, textbookId, seconds, now);
    let { points, reachedAt } = credit;
    if (beat.started) {
      // A reading session starts: pick up task points (activations, books finished) on the way.
      const tasks = await syncTasks(this.db, a, userId, now);
      if (tasks) ({ points, reachedAt } = tasks);
    }
    if (credit.gained > 0 || beat.started) await this.raise(a, userId, points, reachedAt);
    const totals = beat.started ? await totalsOf(this.db, a.id, userId) : credit;
    return {
      secondsToday: credit.secondsToday,
      bookSecondsToday: credit.bookSecondsToday,
      creditedSeconds: credit.creditedSeconds,
      points: totals.points,
      available: totals.available,
      active: beat.active,
      serverTime: beijingIso(now),
    };
  }

  /** The user's points in the activity, with task points due picked up first. */
  async integral(a: Activity, userId: number): Promise<IntegralResult> {
    const now = this.clock();
    if (isRunning(a, now)) {
      const tasks = await syncTasks(this.db, a, userId, now);
      if (tasks) await this.raise(a, userId, tasks.points, tasks.reachedAt);
    }
    const [totals, ledger] = await Promise.all([totalsOf(this.db, a.id, userId), ledgerOf(this.db, a.id, userId)]);
    return { activityCode: a.code, total: totals.points, available: totals.available, ledger };
  }

  private async maskedNames(ids: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const n = this.names.get(id);
      if (n === undefined) missing.push(id);
      else out.set(id, n);
    }
    if (missing.length) {
      const rows = await this.db
        .select({ id: users.id, userName: users.userName, realName: users.realName, status: users.status })
        .from(users)
        .where(inArray(users.id, missing));
      for (const r of rows) {
        const masked = r.status === 'cancelled' ? '*' : maskName(r.realName?.trim() || r.userName);
        this.names.set(r.id, masked);
        out.set(r.id, masked);
      }
    }
    return out;
  }

  /** The ranking of the activity: the top RANK_TOP and, for a logged-in user, their own row. */
  async rank(a: Activity, userId: number | null): Promise<RankResult> {
    if (!(await this.ranking.isBuilt(a.id))) await this.rebuild(a);
    const [top, count, mine] = await Promise.all([
      this.ranking.top(a.id, RANK_TOP),
      this.ranking.count(a.id),
      userId === null ? Promise.resolve(null) : this.ranking.rankOf(a.id, userId),
    ]);
    const names = await this.maskedNames(
      userId === null ? top.map((t) => t.userId) : [...top.map((t) => t.userId), userId],
    );
    return {
      activityCode: a.code,
      frozen: this.clock() >= a.endAt.getTime(),
      participants: count,
      me:
        userId === null
          ? null
          : {
              rank: mine?.rank ?? null,
              points: mine ? pointsOfScore(mine.score) : 0,
              name: names.get(userId) ?? '*',
            },
      top: top.map((t, i) => ({
        rank: i + 1,
        name: names.get(t.userId) ?? '*',
        points: pointsOfScore(t.score),
        isMe: t.userId === userId,
      })),
    };
  }

  /** Forgets what the stores outside the database hold about a user (account cancellation). */
  async forgetUser(userId: number, activityIds: number[]) {
    await this.anchors.forget(userId);
    for (const id of activityIds) await this.ranking.remove(id, userId);
    this.names.delete(userId);
  }
}
