/**
 * The reading store in Redis (reading.ts; decision 012), shared by every instance: the heartbeat
 * as one Lua script, pending records in one hash, claimed by renaming it, claims noted with their
 * time so that a claim whose writer died is taken over once stale.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { anchorArgs, BEAT_LUA_FN, RedisAnchors } from './heartbeat';
import {
  CLAIM_STALE_MS,
  STATE_TTL_MS,
  stateKey,
  type Claim,
  type HeartbeatInput,
  type HeartbeatOutcome,
  type PendingCredit,
  type ReadingStore,
} from './reading';

/**
 * The heartbeat in Redis: the anchor step of heartbeat.ts, then `applyCredit` in Lua.
 * KEYS: anchor, state, pending hash. ARGV: the anchor arguments (5), day, book, daily cap, book
 * cap, points per minute, state TTL, pending field, activity id, user id, base JSON or ''.
 * Answers {-1} when the state must be loaded, else
 * {creditMs, active, started, seconds, bookSeconds, granted, points, available, reachedAt, gained}.
 */
const HEARTBEAT_LUA = `${BEAT_LUA_FN}
local now = tonumber(ARGV[2])
local day, book = ARGV[6], ARGV[7]
local raw = redis.call('GET', KEYS[2])
local st = nil
if raw then st = cjson.decode(raw) end
if (not st) or st.day ~= day then
  if ARGV[15] == '' then return {-1} end
  local base = cjson.decode(ARGV[15])
  if not st then st = base else st.day = day; st.seconds = base.seconds; st.books = base.books end
end
local b = beat_anchor(KEYS[1], ARGV[1], now, tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5]))
local before = st.seconds
local bookBefore = tonumber(st.books[book] or 0)
local granted = math.min(math.floor(b[1] / 1000), tonumber(ARGV[8]) - before, tonumber(ARGV[9]) - bookBefore)
if granted < 0 then granted = 0 end
local gained = 0
if granted > 0 then
  local seconds = before + granted
  local ppm = tonumber(ARGV[10])
  gained = (math.floor(seconds / 60) - math.floor(before / 60)) * ppm
  st.seconds = seconds
  st.books[book] = bookBefore + granted
  if gained > 0 then
    st.points = st.points + gained
    st.available = st.available + gained
    st.reachedAt = now
  end
  local praw = redis.call('HGET', KEYS[3], ARGV[12])
  local p
  if praw then p = cjson.decode(praw) else p = {a = tonumber(ARGV[13]), u = tonumber(ARGV[14]), d = {}, r = 0, m = ppm} end
  local d = p.d[day]
  if not d then d = {b = {}, s = before, f = before} end
  d.b[book] = math.max(tonumber(d.b[book] or 0), st.books[book])
  d.s = math.max(d.s, seconds)
  d.f = math.min(d.f, before)
  p.d[day] = d
  if gained > 0 and now > p.r then p.r = now end
  p.m = ppm
  redis.call('HSET', KEYS[3], ARGV[12], cjson.encode(p))
end
redis.call('SET', KEYS[2], cjson.encode(st), 'PX', ARGV[11])
return {b[1], b[2], b[3], st.seconds, tonumber(st.books[book] or 0), granted, st.points, st.available, st.reachedAt, gained}
`;

/** KEYS: state. ARGV: points, available, at. Answers {points, available, reachedAt} or nil. */
const ADJUST_LUA = `
local raw = redis.call('GET', KEYS[1])
if not raw then return nil end
local st = cjson.decode(raw)
local dp, dv, at = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
st.points = st.points + dp
st.available = st.available + dv
if dp > 0 and at > st.reachedAt then st.reachedAt = at end
redis.call('SET', KEYS[1], cjson.encode(st), 'KEEPTTL')
return {st.points, st.available, st.reachedAt}
`;

/**
 * KEYS: pending hash, claims sorted set. ARGV: new claim key, now, stale cutoff. Takes a stale
 * claim over, else renames the pending hash to the new claim key. Answers {claim key, fields...}.
 */
const CLAIM_ALL_LUA = `
local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[3], 'LIMIT', 0, 1)
if #stale > 0 then
  redis.call('ZADD', KEYS[2], ARGV[2], stale[1])
  local vals = redis.call('HVALS', stale[1])
  table.insert(vals, 1, stale[1])
  return vals
end
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
redis.call('RENAME', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
local vals = redis.call('HVALS', ARGV[1])
table.insert(vals, 1, ARGV[1])
return vals
`;

/** KEYS: pending hash, claims. ARGV: field, claim key, now. Moves one record into a claim. */
const CLAIM_USER_LUA = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return nil end
redis.call('HSET', ARGV[2], ARGV[1], v)
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
return v
`;

type Command<T> = (...args: (string | number)[]) => Promise<T>;

/** Redis store, shared by every instance; pending credits survive a crash of any of them. */
export class RedisReadingStore implements ReadingStore {
  readonly anchors: RedisAnchors;
  private readonly hb: Command<number[]>;
  private readonly adj: Command<number[] | null>;
  private readonly claimAllCmd: Command<string[] | null>;
  private readonly claimUserCmd: Command<string | null>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.anchors = new RedisAnchors(redis, prefix);
    const define = <T>(name: string, keys: number, lua: string): Command<T> => {
      if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: keys, lua });
      return (redis as unknown as Record<string, Command<T>>)[name]!.bind(redis);
    };
    this.hb = define('eavPrizeRead', 3, HEARTBEAT_LUA);
    this.adj = define('eavPrizeAdjust', 1, ADJUST_LUA);
    this.claimAllCmd = define('eavPrizeClaimAll', 2, CLAIM_ALL_LUA);
    this.claimUserCmd = define('eavPrizeClaimUser', 2, CLAIM_USER_LUA);
  }

  private stateKey(activityId: number, userId: number) {
    return `${this.prefix}prize:read:${activityId}:${userId}`;
  }
  private get pendingKey() {
    return `${this.prefix}prize:pending`;
  }
  private get claimsKey() {
    return `${this.prefix}prize:claims`;
  }
  private newClaimKey() {
    return `${this.prefix}prize:claim:${randomUUID()}`;
  }

  async heartbeat(input: HeartbeatInput): Promise<HeartbeatOutcome | null> {
    const r = await this.hb(
      this.anchors.key(input.userId),
      this.stateKey(input.activityId, input.userId),
      this.pendingKey,
      ...anchorArgs(input.session, input.now),
      input.day,
      String(input.textbookId),
      input.dailyCapSeconds,
      input.perBookCapSeconds,
      input.pointsPerMinute,
      STATE_TTL_MS,
      stateKey(input.activityId, input.userId),
      input.activityId,
      input.userId,
      input.base ? JSON.stringify(input.base) : '',
    );
    if (r[0] === -1) return null;
    const [creditMs, active, started, seconds, bookSeconds, granted, points, available, reachedAt, gained] = r.map(
      Number,
    ) as number[];
    return {
      creditMs: creditMs!,
      active: active === 1,
      started: started === 1,
      seconds: seconds!,
      bookSeconds: bookSeconds!,
      granted: granted!,
      points: points!,
      available: available!,
      reachedAt: reachedAt!,
      gained: gained!,
    };
  }

  async adjust(activityId: number, userId: number, points: number, available: number, at: number) {
    const r = await this.adj(this.stateKey(activityId, userId), points, available, Math.floor(at));
    return r ? { points: Number(r[0]), available: Number(r[1]), reachedAt: Number(r[2]) } : null;
  }

  private claimOf(id: string, values: string[]): Claim {
    return { id, entries: values.map((v) => JSON.parse(v) as PendingCredit) };
  }

  async claimAll(): Promise<Claim | null> {
    const now = Date.now();
    const r = await this.claimAllCmd(this.pendingKey, this.claimsKey, this.newClaimKey(), now, now - CLAIM_STALE_MS);
    return r ? this.claimOf(r[0]!, r.slice(1)) : null;
  }

  async claimUser(activityId: number, userId: number): Promise<Claim | null> {
    const id = this.newClaimKey();
    const v = await this.claimUserCmd(this.pendingKey, this.claimsKey, stateKey(activityId, userId), id, Date.now());
    return v ? this.claimOf(id, [v]) : null;
  }

  async settle(claim: Claim, failed: PendingCredit[]) {
    const multi = this.redis.multi().del(claim.id);
    if (failed.length) {
      // Keep what failed claimed: another attempt takes it over once it is stale.
      multi.hset(claim.id, ...failed.flatMap((f) => [stateKey(f.a, f.u), JSON.stringify(f)]));
    } else multi.zrem(this.claimsKey, claim.id);
    await multi.exec();
  }

  async pendingCount() {
    return this.redis.hlen(this.pendingKey);
  }

  async forget(userId: number, activityIds: number[]) {
    await this.anchors.forget(userId);
    if (!activityIds.length) return;
    await this.redis
      .multi()
      .del(...activityIds.map((a) => this.stateKey(a, userId)))
      .hdel(this.pendingKey, ...activityIds.map((a) => stateKey(a, userId)))
      .exec();
  }
}
