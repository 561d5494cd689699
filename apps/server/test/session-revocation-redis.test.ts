/**
 * A logout on one instance while another is cut off from Redis (docs/operations.md, Redis outage):
 * the cut-off instance cannot hear the invalidation bus, so it must not answer from the sessions it
 * remembers (plugins/auth.ts) but read each one from the database, and it drops what it remembered
 * once it hears the bus again (messages sent meanwhile are lost). PostgreSQL and Redis only:
 * skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths } from '@eav/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { api, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

const shared = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;

/** Ends a Redis connection for good (no reconnection) and waits until it has closed. */
async function cut(redis: Redis): Promise<void> {
  const ended = new Promise((resolve) => redis.once('end', resolve));
  redis.disconnect();
  await ended;
}

describe.skipIf(!shared)('session revocation with an instance cut off from Redis', () => {
  // One key prefix for both instances: they are one deployment.
  const t = useTestApp({ kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:` });

  const profile = (app: FastifyInstance, user: { id: number; token: string }) =>
    api(app, { url: ApiPaths.user(user.id), token: user.token });
  const logout = (app: FastifyInstance, token: string) => api(app, { method: 'POST', url: ApiPaths.logout, token });

  it('refuses at once a token logged out on the other instance while it cannot hear the bus', async () => {
    const a = t.app;
    const b = await t.build();
    const user = await createUser(a.db);
    // B remembers the session.
    expect((await profile(b, user)).statusCode).toBe(200);

    const sub = b.invalidation.subscription!;
    await Promise.all([cut(b.redis!), cut(sub)]);
    await vi.waitFor(() => expect(b.invalidation.live).toBe(false));
    try {
      expect((await logout(a, user.token)).statusCode).toBe(200);
      const refused = await profile(b, user);
      expect(refused.statusCode).toBe(401);
      // Other sessions keep working from the database.
      const other = await createUser(a.db);
      expect((await profile(b, other)).statusCode).toBe(200);
    } finally {
      await Promise.all([b.redis!.connect(), sub.connect()]);
    }
    await vi.waitFor(() => expect(b.invalidation.live).toBe(true));
    expect((await profile(b, user)).statusCode).toBe(401);
  });

  it('forgets what it remembered when it hears the bus again', async () => {
    const a = t.app;
    const b = await t.build();
    const user = await createUser(a.db);
    expect((await profile(b, user)).statusCode).toBe(200);

    // Only B's subscriber is cut: A publishes the logout, B never receives it.
    const sub = b.invalidation.subscription!;
    await cut(sub);
    try {
      expect((await logout(a, user.token)).statusCode).toBe(200);
    } finally {
      await sub.connect();
    }
    await vi.waitFor(() => expect(b.invalidation.live).toBe(true));
    expect((await profile(b, user)).statusCode).toBe(401);
  });
});
