/**
 * Reading heartbeats (docs/prize.md, Reading time; the rule itself is `beat` of lib/heartbeat.ts). Per user the server keeps one anchor: the active
 * reading session and the time of its last heartbeat, by the server's own clock. A heartbeat of the
 * active session credits the time since the previous one when that gap is more than 0 and at most
 * HEARTBEAT_MAX_GAP_SECONDS; a longer gap restarts counting and credits nothing. A heartbeat with a
 * new session id takes over and credits nothing; the sessions it replaced earn nothing while the
 * active one keeps beating (two tabs or two phones never double the time), and may take over again
 * once it has been silent longer than the gap. Each heartbeat reads and replaces the anchor in one
 * atomic step (a Lua script in Redis, one synchronous step in process), so two parallel heartbeats
 * never credit the same interval twice.
 */
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { beat, MAX_GAP_MS, REPLACED_KEEP, type Anchor, type BeatResult } from '../../lib/heartbeat';

export { beat, MAX_GAP_MS, type Anchor, type BeatResult } from '../../lib/heartbeat';
/** An anchor outlives its last heartbeat by this long (then the next heartbeat starts afresh). */
const ANCHOR_TTL_MS = 3600_000;

export interface HeartbeatAnchors {
  /** Applies one heartbeat atomically and answers what it credits. */
  beat(userId: number, session: string, now: number): Promise<BeatResult>;
  /** Forgets the user's anchor (account cancellation). */
  forget(userId: number): Promise<void>;
}

/** In-process anchors: bounded (least recently used evicted first) and expiring. */
export class MemoryAnchors implements HeartbeatAnchors {
  private readonly cache: LRUCache<number, Anchor>;
  constructor(maxUsers = 100_000) {
    this.cache = new LRUCache<number, Anchor>({ max: maxUsers, ttl: ANCHOR_TTL_MS });
  }
  async beat(userId: number, session: string, now: number) {
    return this.beatNow(userId, session, now);
  }
  /** `beat` without a promise, for the in-process reading store's one synchronous step. */
  beatNow(userId: number, session: string, now: number): BeatResult {
    const { anchor, result } = beat(this.cache.get(userId) ?? null, session, now);
    this.cache.set(userId, anchor);
    return result;
  }
  async forget(userId: number) {
    this.cache.delete(userId);
  }
}

/**
 * The same rule as `beat`, in Lua, so that Redis applies it atomically: defines
 * `beat_anchor(key, session, now, maxGap, ttl, keep)` answering {creditMs, active, started}. The
 * anchor is stored as `session|at|replaced,comma,separated` (session ids hold only letters, digits,
 * `_` and `-`). Shared by the anchor script below and the reading script of reading.ts.
 * heartbeat.property.test.ts feeds both versions the same random heartbeats and compares them.
 */
export const BEAT_LUA_FN = `
local function beat_anchor(key, session, now, maxGap, ttl, keep)
  local raw = redis.call('GET', key)
  local cur, at, replaced = nil, 0, {}
  if raw then
    local i = string.find(raw, '|', 1, true)
    local j = string.find(raw, '|', i + 1, true)
    cur = string.sub(raw, 1, i - 1)
    at = tonumber(string.sub(raw, i + 1, j - 1))
    for s in string.gmatch(string.sub(raw, j + 1), '[^,]+') do table.insert(replaced, s) end
  end
  local function save(s, t, list)
    redis.call('SET', key, s .. '|' .. string.format('%d', t) .. '|' .. table.concat(list, ','), 'PX', ttl)
  end
  if cur == session then
    local gap = now - at
    if gap > maxGap then
      save(cur, now, replaced)
      return {0, 1, 0}
    end
    local credit = 0
    if gap > 0 then credit = math.floor(gap / 1000) * 1000 end
    if credit > 0 then save(cur, at + credit, replaced) end
    return {credit, 1, 0}
  end
  if cur then
    for _, s in ipairs(replaced) do
      if s == session and now - at <= maxGap then return {0, 0, 0} end
    end
  end
  local list = {}
  if cur then table.insert(list, cur) end
  for _, s in ipairs(replaced) do
    if #list < keep and s ~= session and s ~= cur then table.insert(list, s) end
  end
  save(session, now, list)
  return {0, 1, 1}
end
`;

const BEAT_LUA = `${BEAT_LUA_FN}
return beat_anchor(KEYS[1], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5]))
`;

/** Arguments of `beat_anchor` after the key, in order (shared with reading.ts). */
export const anchorArgs = (session: string, now: number): (string | number)[] => [
  session,
  Math.floor(now),
  MAX_GAP_MS,
  ANCHOR_TTL_MS,
  REPLACED_KEEP,
];

type BeatCommand = (key: string, ...args: (string | number)[]) => Promise<[number, number, number]>;

/** Redis anchors, shared by every instance. */
export class RedisAnchors implements HeartbeatAnchors {
  private readonly command: BeatCommand;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('eavPrizeBeat' in redis)) redis.defineCommand('eavPrizeBeat', { numberOfKeys: 1, lua: BEAT_LUA });
    const r = redis as unknown as { eavPrizeBeat: BeatCommand };
    this.command = r.eavPrizeBeat.bind(redis);
  }
  /** The Redis key of the user's anchor. */
  key(userId: number) {
    return `${this.prefix}prize:beat:${userId}`;
  }
  async beat(userId: number, session: string, now: number) {
    const [creditMs, active, started] = await this.command(this.key(userId), ...anchorArgs(session, now));
    return { creditMs: Number(creditMs), active: active === 1, started: started === 1 };
  }
  async forget(userId: number) {
    await this.redis.del(this.key(userId));
  }
}
