/**
 * Shared counters and short-lived values: Redis when REDIS_URL is set (shared by every
 * instance), otherwise an in-process map. Decorates `app.kv` and, with Redis, `app.redis`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Minimal key-value interface; TTLs are in milliseconds. */
export interface Kv {
  /** Increments a counter, starting its TTL window on first increment; returns the new value. */
  incr(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets a value only when the key is absent, in one atomic step (a lock): whether it was set. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Reads and deletes a value in one atomic step (single-use values): null when absent. */
  take(key: string): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    kv: Kv;
    redis: Redis | null;
  }
}

/**
 * Keys the in-process store holds at most (~250 bytes each: ~25 MB). A failure counter evicted by a
 * flood starts again from zero; filling the store takes this many distinct keys, each behind an
 * image captcha and a per-address rate limit. Several instances, or more, need REDIS_URL.
 */
export const MEMORY_KV_MAX_KEYS = 100_000;
/** Writes between two checks whether expired keys are due to be swept. */
const SWEEP_CHECK_WRITES = 1_000;

export interface MemoryKvOptions {
  /** Most keys held; the least recently used is evicted first (default MEMORY_KV_MAX_KEYS). */
  maxKeys?: number;
  /** Least time between two sweeps of expired keys, in ms (default one minute). */
  sweepIntervalMs?: number;
}

/**
 * In-process implementation (single instance, development, tests). Bounded: at most `maxKeys`
 * keys, the least recently used evicted first (so a flood of one-off keys, e.g. login failures of
 * random unknown accounts, cannot grow the heap), and expired keys are swept out while writes go
 * on instead of waiting to be read again.
 */
export class MemoryKv implements Kv {
  private readonly cache: LRUCache<string, string>;
  private readonly sweepIntervalMs: number;
  private writes = 0;
  private sweptAt = Date.now();

  constructor(options: MemoryKvOptions = {}) {
    this.cache = new LRUCache<string, string>({ max: options.maxKeys ?? MEMORY_KV_MAX_KEYS });
    this.sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  }

  /** Number of keys held (expired ones included until swept or read). */
  get size(): number {
    return this.cache.size;
  }

  /** Counts a write; every SWEEP_CHECK_WRITES writes, sweeps when the last sweep is old enough. */
  private wrote() {
    if (++this.writes % SWEEP_CHECK_WRITES !== 0) return;
    if (Date.now() - this.sweptAt >= this.sweepIntervalMs) this.sweep();
  }

  /** Removes every expired key now. */
  sweep(): void {
    this.sweptAt = Date.now();
    this.cache.purgeStale();
  }

  async incr(key: string, ttlMs: number) {
    const current = this.cache.get(key);
    const value = Number(current ?? 0) + 1;
    // The window starts at the first increment: later ones keep its expiry.
    if (current === undefined) this.cache.set(key, String(value), { ttl: Math.max(1, ttlMs) });
    else this.cache.set(key, String(value), { noUpdateTTL: true });
    this.wrote();
    return value;
  }
  async get(key: string) {
    return this.cache.get(key) ?? null;
  }
  async set(key: string, value: string, ttlMs: number) {
    this.cache.set(key, value, { ttl: Math.max(1, ttlMs) });
    this.wrote();
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    // `has` is false for an expired key; no await between the check and the write: atomic here.
    if (this.cache.has(key)) return false;
    await this.set(key, value, ttlMs);
    return true;
  }
  async del(key: string) {
    this.cache.delete(key);
  }
  async take(key: string) {
    // No await between the read and the delete: atomic in one process.
    const value = this.cache.get(key) ?? null;
    this.cache.delete(key);
    return value;
  }
}

/** Redis implementation; keys are prefixed so that several apps can share a server. */
export class RedisKv implements Kv {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'eav:',
  ) {}
  async incr(key: string, ttlMs: number) {
    const k = this.prefix + key;
    const [[, n]] = (await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [[Error | null, number]];
    return n;
  }
  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(this.prefix + key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async take(key: string) {
    return this.redis.getdel(this.prefix + key);
  }
}

/**
 * Redis while it answers, the in-process store while it does not (docs/operations.md, Redis outage):
 * the counters behind captcha and login limits keep counting, per instance, instead of failing every
 * request that needs one. A value written during an outage is not seen by other instances, and one
 * written before it is not seen during it: a counter may start again from zero for those seconds.
 */
export class FallbackKv implements Kv {
  constructor(
    private readonly redis: Redis,
    private readonly shared: Kv,
    private readonly local: Kv,
  ) {}

  /** Runs `op` on Redis when connected, on the in-process store when not or when Redis fails it. */
  private async use<T>(op: (kv: Kv) => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') return op(this.local);
    try {
      return await op(this.shared);
    } catch {
      return op(this.local);
    }
  }
  incr(key: string, ttlMs: number) {
    return this.use((kv) => kv.incr(key, ttlMs));
  }
  get(key: string) {
    return this.use((kv) => kv.get(key));
  }
  set(key: string, value: string, ttlMs: number) {
    return this.use((kv) => kv.set(key, value, ttlMs));
  }
  setIfAbsent(key: string, value: string, ttlMs: number) {
    return this.use((kv) => kv.setIfAbsent(key, value, ttlMs));
  }
  del(key: string) {
    return this.use((kv) => kv.del(key));
  }
  take(key: string) {
    return this.use((kv) => kv.take(key));
  }
}

/**
 * A key-value store on `redis` (keys under `prefix`), counting in process while it is unreachable, or
 * in process only without it; the in-process part holds at most `maxKeys` keys (MEMORY_KV_MAX_KEYS).
 * Stores opened apart have separate in-process bounds: a flood that fills one evicts nothing of another.
 */
export function openKv(redis: Redis | null, prefix?: string, maxKeys?: number): Kv {
  const local = new MemoryKv(maxKeys ? { maxKeys } : {});
  return redis ? new FallbackKv(redis, new RedisKv(redis, prefix), local) : local;
}

export interface KvOptions {
  redisUrl: string | undefined;
  /** Key prefix (tests use a random one so that runs never see each other's counters). */
  prefix?: string;
  /** Most keys of the in-process store (default MEMORY_KV_MAX_KEYS; tests lower it). */
  maxKeys?: number;
}

/** Spacing of logged Redis connection errors, ms. */
const REDIS_ERROR_LOG_MS = 10_000;

export default fp<KvOptions>(
  async function kv(app: FastifyInstance, opts) {
    if (opts.redisUrl) {
      const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
      // Without a listener ioredis prints every reconnect failure raw to stderr; log them as JSON
      // instead, at most one line per REDIS_ERROR_LOG_MS (it retries many times a second).
      let lastLogged = 0;
      redis.on('error', (err: Error & { code?: string }) => {
        const now = Date.now();
        if (now - lastLogged < REDIS_ERROR_LOG_MS) return;
        lastLogged = now;
        app.log.warn({ err: { message: err.message, code: err.code } }, 'redis connection error');
      });
      await redis.connect();
      app.decorate('redis', redis);
      app.decorate('kv', openKv(redis, opts.prefix, opts.maxKeys));
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    } else {
      app.decorate('redis', null);
      app.decorate('kv', openKv(null, opts.prefix, opts.maxKeys));
    }
  },
  { name: 'kv' },
);
