/**
 * The read cache and the remembered sessions (docs/decisions/011-read-cache.md): a write is seen by
 * the next read, ETag / 304 after the signature check, and a revoked or disabled session is refused
 * at once.
 */
import { ApiPaths } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dictionary, users } from '../src/db/schema';
import { SESSION_CACHE_MS } from '../src/plugins/auth';
import { registerUser, useAccountsApp } from './accounts-helpers';
import { api } from './helpers';

const t = useAccountsApp();

describe('read cache', () => {
  it('answers a repeated dictionary read with 304 when If-None-Match matches, after the signature check', async () => {
    const first = await api(t.app, { url: ApiPaths.dictGrade });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.json().data.length).toBeGreaterThan(0);

    const again = await api(t.app, { url: ApiPaths.dictGrade, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Another answer has another tag.
    const stage = await api(t.app, { url: ApiPaths.dictStage, headers: { 'if-none-match': etag } });
    expect(stage.statusCode).toBe(200);
    expect(stage.headers.etag).not.toBe(etag);

    // A wrong signature is refused even when the tag matches.
    const forged = await t.app.inject({
      method: 'GET',
      url: ApiPaths.dictGrade,
      headers: { 'if-none-match': etag, 'eav-timestamp': String(Date.now()), 'eav-sign': '0'.repeat(64) },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('SIGN.INVALID');
  });

  it('sees a banner written through the API on the next read, with a new ETag', async () => {
    const before = await api(t.app, { url: ApiPaths.banner });
    const admin = await registerUser(t);
    await t.app.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.userId));
    const created = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminBanners,
      token: admin.token,
      body: { title: '缓存测试轮播图', image: '/assets/banner-1.svg', link: null, sortOrder: 0, active: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const after = await api(t.app, {
      url: ApiPaths.banner,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json().data as { title: string }[]).map((b) => b.title)).toContain('缓存测试轮播图');
  });

  it('sees a dictionary write by another process once the version is read again', async () => {
    const first = await api(t.app, { url: ApiPaths.dictVolume });
    await t.app.db.insert(dictionary).values({ kind: 'volume', name: '缓存测试册', sortOrder: 999 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await api(t.app, { url: ApiPaths.dictVolume });
    expect(next.headers.etag).not.toBe(first.headers.etag);
    expect((next.json().data as { name: string }[]).map((d) => d.name)).toContain('缓存测试册');
  });
});

describe('remembered sessions', () => {
  it('refuses a token at once after logout', async () => {
    const u = await registerUser(t);
    const me = () => api(t.app, { url: `/api/v1/users/${u.userId}`, token: u.token });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const out = await api(t.app, { method: 'POST', url: ApiPaths.logout, token: u.token });
    expect(out.statusCode, out.body).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('answers 403 at once after an operator disables the account', async () => {
    const u = await registerUser(t);
    const admin = await registerUser(t);
    await t.app.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.userId));
    const me = () => api(t.app, { url: `/api/v1/users/${u.userId}`, token: u.token });
    expect((await me()).statusCode).toBe(200);
    const disable = await api(t.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${u.userId}/status`,
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    const res = await me();
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AUTH.ACCOUNT_DISABLED');
  });

  it('uses a remembered session without reading the database, for at most SESSION_CACHE_MS', async () => {
    const u = await registerUser(t);
    const me = () => api(t.app, { url: `/api/v1/users/${u.userId}`, token: u.token });
    expect((await me()).statusCode).toBe(200);
    // Disabled behind the server's back (a console): the remembered session ends with its bound.
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, u.userId));
    expect((await me()).statusCode).toBe(200);
    t.clock.advance(SESSION_CACHE_MS - 1_000);
    expect((await me()).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await me()).statusCode).toBe(403);
  });
});
