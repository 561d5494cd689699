/**
 * Shared counters and short-lived values: Redis when REDIS_URL is set (shared by every
 * instance), otherwise an in-process map. Decorates `app.kv` and, with Redis, `app.redis`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** Minimal key-value interface; TTLs are in milliseconds. */
export interface Kv {
  /** Increments a counter, starting its TTL window on first increment; returns the new value. */
  incr(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    kv: Kv;
    redis: Redis | null;
  }
}

/** In-process implementation (single instance, development, tests). */
export class MemoryKv implements Kv {
  private readonly map = new Map<string, { value: string; expires: number }>();
  private live(key: string) {
    const e = this.map.get(key);
    if (e && e.expires <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }
  async incr(key: string, ttlMs: number) {
    const e = this.live(key);
    const value = String(Number(e?.value ?? 0) + 1);
    this.map.set(key, { value, expires: e?.expires ?? Date.now() + ttlMs });
    return Number(value);
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlMs: number) {
    this.map.set(key, { value, expires: Date.now() + ttlMs });
  }
  async del(key: string) {
    this.map.delete(key);
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
  async del(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

export interface KvOptions {
  redisUrl: string | undefined;
  /** Key prefix (tests use a random one so that runs never see each other's counters). */
  prefix?: string;
}

export default fp<KvOptions>(
  async function kv(app: FastifyInstance, opts) {
    if (opts.redisUrl) {
      const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
      await redis.connect();
      app.decorate('redis', redis);
      app.decorate('kv', new RedisKv(redis, opts.prefix));
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    } else {
      app.decorate('redis', null);
      app.decorate('kv', new MemoryKv());
    }
  },
  { name: 'kv' },
);
