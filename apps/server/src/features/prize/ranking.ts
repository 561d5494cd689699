/**
 * The live ranking of an activity (docs/prize.md, Ranking). PostgreSQL (`prize_participants`) is the
 * truth; a sorted structure serves reads: a Redis sorted set when REDIS_URL is set (shared by every
 * instance), an in-process sorted array otherwise. Either can be rebuilt from the database at any
 * time (`rebuildRanking`), and is rebuilt on first read after a start.
 *
 * One number orders everyone: `points * 2^25 + (2^25 - 1 - seconds from the start to reaching the
 * points)`, so more points rank first and, at equal points, whoever reached them first. Activities
 * last at most ACTIVITY_MAX_DAYS (< 2^25 s), and points stay below 2^28, so the score is an exact
 * integer of a double. Equal scores (same points in the same second) fall back to the member order
 * of Redis (the decimal user id, reverse code-point order), which the in-process store copies.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { prizeActivities, prizeParticipants } from '../../db/schema';

const TIME_SPAN = 2 ** 25;
/** Largest points a score can encode exactly. */
export const MAX_RANK_POINTS = 2 ** 28 - 1;

/** The score of `points` reached at `reachedAtMs` in an activity that started at `startMs`. */
export function rankScore(points: number, reachedAtMs: number, startMs: number): number {
  const seconds = Math.min(TIME_SPAN - 1, Math.max(0, Math.floor((reachedAtMs - startMs) / 1000)));
  return Math.min(points, MAX_RANK_POINTS) * TIME_SPAN + (TIME_SPAN - 1 - seconds);
}

/** The points a score encodes. */
export const pointsOfScore = (score: number) => Math.floor(score / TIME_SPAN);

export interface RankedUser {
  userId: number;
  score: number;
}

/** A sorted set of users per activity, highest score first. */
export interface RankingStore {
  /** Raises the user's score to `score` (never lowers it: out-of-order updates are harmless). */
  raise(activityId: number, userId: number, score: number): Promise<void>;
  remove(activityId: number, userId: number): Promise<void>;
  /** The first `n`, best first. */
  top(activityId: number, n: number): Promise<RankedUser[]>;
  /** 1-based rank and score, or null when the user is not ranked. */
  rankOf(activityId: number, userId: number): Promise<{ rank: number; score: number } | null>;
  count(activityId: number): Promise<number>;
  /** Replaces the whole ranking of an activity (rebuild) and marks it built. */
  replace(activityId: number, entries: RankedUser[]): Promise<void>;
  /** Whether the ranking of the activity was built since the store was created (or, in Redis, ever). */
  isBuilt(activityId: number): Promise<boolean>;
}

const member = (userId: number) => String(userId);

/** Redis's order: score descending, then member descending (code-point order of the decimal id). */
function before(a: RankedUser & { m: string }, b: RankedUser & { m: string }): boolean {
  if (a.score !== b.score) return a.score > b.score;
  return a.m > b.m;
}

class MemoryBoard {
  /** Best first. */
  readonly sorted: (RankedUser & { m: string })[] = [];
  readonly scores = new Map<number, number>();

  /** Index where `e` is or would be inserted (binary search on the order). */
  private position(e: RankedUser & { m: string }): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.sorted[mid]!, e)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  indexOf(userId: number): number {
    const score = this.scores.get(userId);
    if (score === undefined) return -1;
    return this.position({ userId, score, m: member(userId) });
  }

  remove(userId: number) {
    const i = this.indexOf(userId);
    if (i < 0) return;
    this.sorted.splice(i, 1);
    this.scores.delete(userId);
  }

  put(userId: number, score: number) {
    this.remove(userId);
    const e = { userId, score, m: member(userId) };
    this.sorted.splice(this.position(e), 0, e);
    this.scores.set(userId, score);
  }
}

/** In-process ranking (one instance; REDIS_URL shares it between instances). */
export class MemoryRankingStore implements RankingStore {
  private readonly boards = new Map<number, MemoryBoard>();

  async raise(activityId: number, userId: number, score: number) {
    const board = this.boards.get(activityId);
    // Not built yet: the rebuild on first read will read this score from the database.
    if (!board) return;
    const current = board.scores.get(userId);
    if (current !== undefined && current >= score) return;
    board.put(userId, score);
  }
  async remove(activityId: number, userId: number) {
    this.boards.get(activityId)?.remove(userId);
  }
  async top(activityId: number, n: number) {
    return (this.boards.get(activityId)?.sorted.slice(0, n) ?? []).map(({ userId, score }) => ({ userId, score }));
  }
  async rankOf(activityId: number, userId: number) {
    const board = this.boards.get(activityId);
    const i = board?.indexOf(userId) ?? -1;
    return i < 0 ? null : { rank: i + 1, score: board!.scores.get(userId)! };
  }
  async count(activityId: number) {
    return this.boards.get(activityId)?.sorted.length ?? 0;
  }
  async replace(activityId: number, entries: RankedUser[]) {
    const board = new MemoryBoard();
    for (const e of entries) {
      board.scores.set(e.userId, e.score);
      board.sorted.push({ ...e, m: member(e.userId) });
    }
    board.sorted.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    this.boards.set(activityId, board);
  }
  async isBuilt(activityId: number) {
    return this.boards.has(activityId);
  }
}

/** Redis ranking: one sorted set per activity, raised with `ZADD GT`, replaced with `RENAME`. */
export class RedisRankingStore implements RankingStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  private key(activityId: number) {
    return `${this.prefix}prize:rank:${activityId}`;
  }
  private builtKey(activityId: number) {
    return `${this.prefix}prize:rank:${activityId}:built`;
  }
  async raise(activityId: number, userId: number, score: number) {
    await this.redis.zadd(this.key(activityId), 'GT', score, member(userId));
  }
  async remove(activityId: number, userId: number) {
    await this.redis.zrem(this.key(activityId), member(userId));
  }
  async top(activityId: number, n: number) {
    const flat = await this.redis.zrevrange(this.key(activityId), 0, n - 1, 'WITHSCORES');
    const out: RankedUser[] = [];
    for (let i = 0; i < flat.length; i += 2) out.push({ userId: Number(flat[i]), score: Number(flat[i + 1]) });
    return out;
  }
  async rankOf(activityId: number, userId: number) {
    const [[, rank], [, score]] = (await this.redis
      .multi()
      .zrevrank(this.key(activityId), member(userId))
      .zscore(this.key(activityId), member(userId))
      .exec()) as [[Error | null, number | null], [Error | null, string | null]];
    return rank === null || score === null ? null : { rank: rank + 1, score: Number(score) };
  }
  async count(activityId: number) {
    return this.redis.zcard(this.key(activityId));
  }
  async replace(activityId: number, entries: RankedUser[]) {
    const tmp = `${this.key(activityId)}:rebuild:${process.pid}:${Date.now()}`;
    for (let i = 0; i < entries.length; i += 5000) {
      const args: (string | number)[] = [];
      for (const e of entries.slice(i, i + 5000)) args.push(e.score, member(e.userId));
      await this.redis.zadd(tmp, ...args);
    }
    const multi = this.redis.multi();
    if (entries.length) multi.rename(tmp, this.key(activityId));
    else multi.del(this.key(activityId));
    await multi.set(this.builtKey(activityId), '1').exec();
  }
  async isBuilt(activityId: number) {
    return (await this.redis.exists(this.builtKey(activityId))) === 1;
  }
}

/** The ranking entries of an activity as the database has them (participants with points). */
export async function rankingFromDatabase(db: Db, activityId: number, startAt: Date): Promise<RankedUser[]> {
  const rows = await db
    .select({
      userId: prizeParticipants.userId,
      points: prizeParticipants.points,
      reachedAt: prizeParticipants.reachedAt,
    })
    .from(prizeParticipants)
    .where(and(eq(prizeParticipants.activityId, activityId), gt(prizeParticipants.points, 0)));
  const start = startAt.getTime();
  return rows.map((r) => ({ userId: r.userId, score: rankScore(r.points, r.reachedAt.getTime(), start) }));
}

/** The same, for an activity known by id only (an unknown id: an empty ranking). */
export async function rankingFromDatabaseById(db: Db, activityId: number): Promise<RankedUser[]> {
  const [a] = await db
    .select({ startAt: prizeActivities.startAt })
    .from(prizeActivities)
    .where(eq(prizeActivities.id, activityId));
  return a ? rankingFromDatabase(db, activityId, a.startAt) : [];
}

/** Rebuilds the ranking of an activity from the database; answers the number of ranked users. */
export async function rebuildRanking(db: Db, store: RankingStore, activityId: number, startAt: Date): Promise<number> {
  const entries = await rankingFromDatabase(db, activityId, startAt);
  await store.replace(activityId, entries);
  return entries.length;
}

/**
 * A user-facing masked name (docs/glossary.md): first and last character with `*` between
 * (`张*明`); two characters keep the first (`张*`); one character becomes `*`.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '*';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}*${chars[chars.length - 1]}`;
}
