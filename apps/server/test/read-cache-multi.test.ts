/**
 * Two instances on shared PostgreSQL and Redis (docs/decisions/011-read-cache.md): a session revoked
 * on one is refused by the other at once, and a banner written on one is served by the other on its
 * next read. Skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { CAPTCHA, registerUser, TestClock, type AccountsTestContext } from './accounts-helpers';
import { api, testConfig, useTestApp } from './helpers';

const shared = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;

describe.skipIf(!shared)('read cache and sessions across two instances', () => {
  const config = testConfig({ captchaFixedCode: CAPTCHA, trustProxy: true });
  const clock = new TestClock();
  // One key prefix for both instances: they are one deployment.
  const t = useTestApp({ config, clock: clock.fn, kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:` });
  const ctx = Object.assign(Object.create(t) as object, { config, clock }) as AccountsTestContext;

  it('refuses on one instance a token logged out on the other, at once', async () => {
    const a = t.app;
    const b = await t.build();
    const u = await registerUser(ctx);
    const me = (app: typeof a) => api(app, { url: `/api/v1/users/${u.userId}`, token: u.token });
    expect((await me(b)).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(200);
    const out = await api(a, { method: 'POST', url: ApiPaths.logout, token: u.token });
    expect(out.statusCode, out.body).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(a)).statusCode).toBe(401);
  });

  it('answers 403 on one instance for an account disabled on the other, at once', async () => {
    const a = t.app;
    const b = await t.build();
    const u = await registerUser(ctx);
    const admin = await registerUser(ctx);
    await a.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.userId));
    expect((await api(b, { url: `/api/v1/users/${u.userId}`, token: u.token })).statusCode).toBe(200);
    const disable = await api(a, {
      method: 'PUT',
      url: `/api/v1/admin/users/${u.userId}/status`,
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await api(b, { url: `/api/v1/users/${u.userId}`, token: u.token })).statusCode).toBe(403);
  });

  it('serves on one instance a banner written on the other, on the next read', async () => {
    const a = t.app;
    const b = await t.build();
    const before = await api(b, { url: ApiPaths.banner });
    expect(before.statusCode).toBe(200);
    const admin = await registerUser(ctx);
    await a.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.userId));
    const title = `跨实例轮播图${randomBytes(2).toString('hex')}`;
    const created = await api(a, {
      method: 'POST',
      url: ApiPaths.adminBanners,
      token: admin.token,
      body: { title, image: '/assets/banner-1.svg' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const after = await api(b, { url: ApiPaths.banner });
    expect((after.json().data as { title: string }[]).map((x) => x.title)).toContain(title);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
