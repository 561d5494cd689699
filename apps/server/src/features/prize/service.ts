/**
 * The activity's services wired together (docs/prize.md): the activity cache, the reading store
 * (heartbeat anchors, each reader's day and points, pending credits), the credit writer and the
 * ranking store (Redis or in process), over the database. A heartbeat answers from the reading
 * store and its credits reach PostgreSQL in batches (decision 012); whatever reads points from the
 * database (a draw, the statement, a ranking rebuild) first writes the reader's pending credits.
 * The ranking is raised when points rise, while the activity runs (after its end it is frozen),
 * and its first page is cached for up to RANK_CACHE_MS.
 */
import { RANK_TOP, type HeartbeatResult, type IntegralResult, type RankResult } from '@eav/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ActivityCache, beijingDay, beijingIso, isRunning, type Activity } from './activities';
import { loadReaderDay } from './credits';
import { draw, type DrawOutcome } from './draw';
import { CreditFlusher } from './flusher';
import type { HeartbeatAnchors } from './heartbeat';
import { ledgerOf, syncTasks, totalsOf } from './points';
import { MemoryReadingStore, type HeartbeatInput, type ReadingStore } from './reading';
import { RedisReadingStore } from './reading-redis';
import { FallbackRankingStore } from './ranking-fallback';
import { isServiceUnavailable } from '../../plugins/errors';
import {
  maskName,
  MemoryRankingStore,
  pointsOfScore,
  rankScore,
  rankingFromDatabaseById,
  rebuildRanking,
  RedisRankingStore,
  type RankedUser,
  type RankingStore,
} from './ranking';

/** How long the ranking's first page is reused (raises that reach it drop it sooner, in process). */
const RANK_CACHE_MS = 1000;

interface TopPage {
  until: number;
  top: (RankedUser & { name: string })[];
  count: number;
}

export interface PrizeServiceOptions {
  db: Db;
  redis: Redis | null;
  /** Prefix of shared keys in Redis. */
  prefix: string;
  clock: () => number;
  log: FastifyBaseLogger;
}

export class PrizeService {
  readonly db: Db;
  readonly activities: ActivityCache;
  readonly reading: ReadingStore;
  readonly anchors: HeartbeatAnchors;
  readonly flusher: CreditFlusher;
  readonly ranking: RankingStore;
  readonly clock: () => number;
  /** The shared connection of the reading store and the ranking, or null in process. */
  private readonly redis: Redis | null;
  /** Masked display names of ranked users (names rarely change; a minute of staleness is fine). */
  private readonly names = new LRUCache<number, string>({ max: 10_000, ttl: 60_000 });
  /** Rebuilds in flight, so that a burst of first reads rebuilds once. */
  private readonly building = new Map<number, Promise<number>>();
  /** The ranking's first page per activity, and a counter of raises that reached it. */
  private readonly pages = new Map<number, TopPage>();
  private pageGeneration = 0;

  constructor(opts: PrizeServiceOptions) {
    this.db = opts.db;
    this.clock = opts.clock;
    this.activities = new ActivityCache(opts.db);
    this.reading = opts.redis ? new RedisReadingStore(opts.redis, opts.prefix) : new MemoryReadingStore();
    this.anchors = this.reading.anchors;
    this.flusher = new CreditFlusher(opts.db, this.reading, opts.log, opts.clock);
    this.redis = opts.redis;
    this.ranking = opts.redis
      ? new FallbackRankingStore(opts.redis, new RedisRankingStore(opts.redis, opts.prefix), (id) =>
          rankingFromDatabaseById(opts.db, id),
        )
      : new MemoryRankingStore();
  }

  /** Raises the user's ranking after points were added at `reachedAt`, unless the activity is over. */
  async raise(a: Activity, userId: number, points: number, reachedAt: Date) {
    if (points <= 0 || !isRunning(a, reachedAt.getTime())) return;
    const score = rankScore(points, reachedAt.getTime(), a.startAt.getTime());
    await this.ranking.raise(a.id, userId, score);
    const page = this.pages.get(a.id);
    if (
      page &&
      (page.top.length < RANK_TOP ||
        score >= page.top[page.top.length - 1]!.score ||
        page.top.some((t) => t.userId === userId))
    ) {
      this.pages.delete(a.id);
      this.pageGeneration++;
    }
  }

  /** Rebuilds the activity's ranking from the database (at most one rebuild at a time per activity). */
  async rebuild(a: Activity): Promise<number> {
    const running = this.building.get(a.id);
    if (running) return running;
    const job = this.flusher
      .flush()
      .then(() => rebuildRanking(this.db, this.ranking, a.id, a.startAt))
      .finally(() => {
        this.building.delete(a.id);
        this.pages.delete(a.id);
        this.pageGeneration++;
      });
    this.building.set(a.id, job);
    return job;
  }

  /** One heartbeat of `userId` reading `textbookId` in the running activity `a` (the route checked both). */
  async heartbeat(a: Activity, userId: number, textbookId: number, sessionId: string): Promise<HeartbeatResult> {
    // Redis unreachable: answer without credit rather than fail (see `uncredited`).
    if (this.redis && this.redis.status !== 'ready') return this.uncredited(a, userId, textbookId);
    try {
      return await this.credit(a, userId, textbookId, sessionId);
    } catch (err) {
      if (this.redis && isServiceUnavailable(err)) return this.uncredited(a, userId, textbookId);
      throw err;
    }
  }

  /**
   * The heartbeat's answer while the reading store (Redis) is unreachable: the day as the database
   * has it, nothing credited (docs/prize.md, Reading time). The reader keeps reading and the time of
   * the outage is not counted: crediting it from per-instance state could count one reader's time
   * twice, on two instances.
   */
  private async uncredited(a: Activity, userId: number, textbookId: number): Promise<HeartbeatResult> {
    const now = this.clock();
    const day = await loadReaderDay(this.db, a, userId, beijingDay(now));
    return {
      secondsToday: day.seconds,
      bookSecondsToday: day.books[String(textbookId)] ?? 0,
      creditedSeconds: 0,
      points: day.points,
      available: day.available,
      active: true,
      serverTime: beijingIso(now),
    };
  }

  /** The heartbeat on the reading store: the anchor rule, the credit, task points, the ranking. */
  private async credit(a: Activity, userId: number, textbookId: number, sessionId: string): Promise<HeartbeatResult> {
    const now = this.clock();
    const input: HeartbeatInput = {
      activityId: a.id,
      userId,
      textbookId,
      session: sessionId,
      now,
      day: beijingDay(now),
      dailyCapSeconds: a.dailyCapSeconds,
      perBookCapSeconds: a.perBookCapSeconds,
      pointsPerMinute: a.pointsPerMinute,
    };
    let out = await this.reading.heartbeat(input);
    if (!out) {
      // First heartbeat of the day (or after a restart): write what is pending, then load the day.
      await this.flusher.flushUser(a.id, userId);
      out = await this.reading.heartbeat({ ...input, base: await loadReaderDay(this.db, a, userId, input.day) });
    }
    if (!out) throw new Error('reading state not loaded');
    let { points, available, reachedAt } = out;
    if (out.granted > 0) this.flusher.noteCredit();
    if (out.started) {
      // A reading session starts: pick up task points (activations, books finished) on the way.
      const tasks = await syncTasks(this.db, a, userId, now);
      if (tasks) {
        const moved = await this.reading.adjust(a.id, userId, tasks.gained, tasks.gained, now);
        if (moved) ({ points, available, reachedAt } = moved);
      }
    }
    if (out.gained > 0 || out.started) await this.raise(a, userId, points, new Date(reachedAt));
    return {
      secondsToday: out.seconds,
      bookSecondsToday: out.bookSeconds,
      creditedSeconds: out.granted,
      points,
      available,
      active: out.active,
      serverTime: beijingIso(now),
    };
  }

  /** The user's points in the activity, with pending credits written and task points due picked up. */
  async integral(a: Activity, userId: number): Promise<IntegralResult> {
    const now = this.clock();
    await this.flusher.flushUser(a.id, userId);
    if (isRunning(a, now)) {
      const tasks = await syncTasks(this.db, a, userId, now);
      if (tasks) {
        const moved = await this.reading.adjust(a.id, userId, tasks.gained, tasks.gained, now);
        await this.raise(
          a,
          userId,
          moved?.points ?? tasks.points,
          new Date(moved?.reachedAt ?? tasks.reachedAt.getTime()),
        );
      }
    }
    const [totals, ledger] = await Promise.all([totalsOf(this.db, a.id, userId), ledgerOf(this.db, a.id, userId)]);
    return { activityCode: a.code, total: totals.points, available: totals.available, ledger };
  }

  /** One draw (draw.ts) on the user's points, with their pending credits written first. */
  async draw(a: Activity, userId: number, now: number, requestId?: string): Promise<DrawOutcome> {
    await this.besideReadingStore(() => this.flusher.flushUser(a.id, userId));
    const outcome = await draw(this.db, a, userId, now, requestId);
    if (!outcome.repeated)
      await this.besideReadingStore(() => this.reading.adjust(a.id, userId, 0, -outcome.result.pointsSpent, now));
    return outcome;
  }

  /**
   * Runs a step on the reading store that the database's answer does not need, skipping it while
   * Redis is unreachable: a draw then spends the points the database holds (credits still pending
   * in Redis count once it is back), and the reader's hot state is reloaded from the database after
   * a Redis restart.
   */
  private async besideReadingStore(step: () => Promise<unknown>): Promise<void> {
    if (this.redis && this.redis.status !== 'ready') return;
    try {
      await step();
    } catch (err) {
      if (!(this.redis && isServiceUnavailable(err))) throw err;
    }
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

  /** The first page of the ranking with masked names, reused for up to RANK_CACHE_MS. */
  private async topPage(a: Activity): Promise<TopPage> {
    const hit = this.pages.get(a.id);
    if (hit && hit.until > Date.now()) return hit;
    const generation = this.pageGeneration;
    if (!(await this.ranking.isBuilt(a.id))) await this.rebuild(a);
    const [top, count] = await Promise.all([this.ranking.top(a.id, RANK_TOP), this.ranking.count(a.id)]);
    const names = await this.maskedNames(top.map((t) => t.userId));
    const page = {
      until: Date.now() + RANK_CACHE_MS,
      top: top.map((t) => ({ ...t, name: names.get(t.userId) ?? '*' })),
      count,
    };
    // A raise that reached the first page while it was read: do not keep the older page.
    if (generation === this.pageGeneration) this.pages.set(a.id, page);
    return page;
  }

  /** The ranking of the activity: the top RANK_TOP and, for a logged-in user, their own row. */
  async rank(a: Activity, userId: number | null): Promise<RankResult> {
    // The page first: it builds the ranking when it was never built.
    const page = await this.topPage(a);
    const [mine, myName] = await Promise.all([
      userId === null ? Promise.resolve(null) : this.ranking.rankOf(a.id, userId),
      userId === null ? Promise.resolve(null) : this.maskedNames([userId]).then((n) => n.get(userId) ?? '*'),
    ]);
    return {
      activityCode: a.code,
      frozen: this.clock() >= a.endAt.getTime(),
      participants: page.count,
      me:
        userId === null
          ? null
          : {
              rank: mine?.rank ?? null,
              points: mine ? pointsOfScore(mine.score) : 0,
              name: myName ?? '*',
            },
      top: page.top.map((t, i) => ({
        rank: i + 1,
        name: t.name,
        points: pointsOfScore(t.score),
        isMe: t.userId === userId,
      })),
    };
  }

  /** Forgets what the stores outside the database hold about a user (account cancellation). */
  async forgetUser(userId: number, activityIds: number[]) {
    await this.reading.forget(userId, activityIds);
    for (const id of activityIds) {
      await this.ranking.remove(id, userId);
      this.pages.delete(id);
    }
    this.pageGeneration++;
    this.names.delete(userId);
  }
}
