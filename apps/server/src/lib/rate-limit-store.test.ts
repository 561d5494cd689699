import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { FallbackKv, MemoryKv, RedisKv } from '../plugins/kv';
import { resilientRateLimitStore } from './rate-limit-store';

const redisUrl = process.env.TEST_REDIS_URL;
const opened: Redis[] = [];

/** A client of a Redis that never answers (nothing listens on port 1): it never becomes ready. */
function unreachable(): Redis {
  const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  opened.push(redis);
  return redis;
}

async function limitedApp(redis: Redis, nameSpace: string) {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: resilientRateLimitStore(redis, nameSpace) });
  app.get('/x', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => 'ok');
  await app.ready();
  return app;
}

afterEach(() => {
  for (const r of opened.splice(0)) r.disconnect();
});

describe('resilientRateLimitStore', () => {
  it('keeps the limit in force, in process, while Redis is unreachable', async () => {
    const app = await limitedApp(unreachable(), 'test:rl:');
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await app.inject({ url: '/x' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    await app.close();
  });

  it.skipIf(!redisUrl)('counts in Redis, shared by two instances, when it answers', async () => {
    const ns = `test:rl:${Math.random().toString(36).slice(2)}:`;
    const a = new Redis(redisUrl!);
    const b = new Redis(redisUrl!);
    opened.push(a, b);
    await Promise.all([a, b].map((r) => new Promise((resolve) => r.once('ready', resolve))));
    const one = await limitedApp(a, ns);
    const two = await limitedApp(b, ns);
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
