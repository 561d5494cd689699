import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { FallbackKv, MemoryKv, RedisKv, type Kv } from '../plugins/kv';
import { kvRateLimitStore } from './rate-limit-store';

const redisUrl = process.env.TEST_REDIS_URL;
const opened: Redis[] = [];

/** A client of a Redis that never answers (nothing listens on port 1): it never becomes ready. */
function unreachable(): Redis {
  const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  opened.push(redis);
  return redis;
}

/** A business time in the middle of a minute: a burst of a test never crosses into the next window. */
const MID_MINUTE = Date.UTC(2026, 8, 1, 8, 0, 30);

/** An app with two routes, each limited to 3 calls a minute, counted in `kv` at the business time `now`. */
async function limitedApp(kv: Kv, now: () => number = () => MID_MINUTE) {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: kvRateLimitStore(kv, now) });
  for (const url of ['/x', '/y'])
    app.get(url, { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => 'ok');
  await app.ready();
  return app;
}

afterEach(() => {
  for (const r of opened.splice(0)) r.disconnect();
});

/** A client of Redis at `url`, once it is ready. */
async function ready(url: string): Promise<Redis> {
  const redis = new Redis(url);
  opened.push(redis);
  await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

describe('kvRateLimitStore', () => {
  it('keeps the limit in force, in process, while Redis is unreachable', async () => {
    const redis = unreachable();
    const app = await limitedApp(new FallbackKv(redis, new RedisKv(redis, 'test:'), new MemoryKv()));
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await app.inject({ url: '/x' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    await app.close();
  });

  it('counts per route and client, in fixed windows of the business clock, and says when to retry', async () => {
    let now = Date.UTC(2026, 8, 1, 8, 0, 10);
    const app = await limitedApp(new MemoryKv(), () => now);
    const hit = (url: string, ip = '10.0.0.1') => app.inject({ url, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await hit('/x')).statusCode).toBe(200);
    const refused = await hit('/x');
    expect(refused.statusCode).toBe(429);
    // 50 s are left of the minute that started at 08:00:00.
    expect(refused.headers['retry-after']).toBe('50');
    // Another route and another client have limits of their own.
    expect((await hit('/y')).statusCode).toBe(200);
    expect((await hit('/x', '10.0.0.2')).statusCode).toBe(200);
    // The next window opens when the clock reaches it, not after waiting.
    now += 50_000;
    expect((await hit('/x')).statusCode).toBe(200);
    await app.close();
  });

  it.skipIf(!redisUrl)('counts in Redis, shared by two instances, when it answers', async () => {
    const prefix = `test:rl:${Math.random().toString(36).slice(2)}:`;
    const [a, b] = await Promise.all([ready(redisUrl!), ready(redisUrl!)]);
    const one = await limitedApp(new RedisKv(a, prefix));
    const two = await limitedApp(new RedisKv(b, prefix));
    const codes = [];
    for (const app of [one, two, one, two]) codes.push((await app.inject({ url: '/x' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    await Promise.all([one.close(), two.close()]);
  });
});

describe('FallbackKv', () => {
  it('counts in process while Redis is unreachable', async () => {
    const redis = unreachable();
    const kv = new FallbackKv(redis, new RedisKv(redis, 'test:'), new MemoryKv());
    expect(await kv.incr('k', 60_000)).toBe(1);
    expect(await kv.incr('k', 60_000)).toBe(2);
    await kv.set('v', 'x', 60_000);
    expect(await kv.get('v')).toBe('x');
  });

  it.skipIf(!redisUrl)('uses Redis when it answers', async () => {
    const redis = new Redis(redisUrl!);
    opened.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    const prefix = `test:${Math.random().toString(36).slice(2)}:`;
    const local = new MemoryKv();
    const kv = new FallbackKv(redis, new RedisKv(redis, prefix), local);
    expect(await kv.incr('k', 60_000)).toBe(1);
    expect(await redis.get(`${prefix}k`)).toBe('1');
    expect(await local.get('k')).toBeNull();
  });
});
