/**
 * The display order of the home carousel set from the console (docs/console-content.md, Banners):
 * `POST /api/v1/admin/banners/reorder` takes every banner's id in the new order, rewrites the sort
 * values in one transaction, audits the order before and after, and the public carousel (read
 * cache) follows at once. Stale or malformed lists and other roles are refused.
 */
import { ApiPaths, type AdminBanner, type Banner } from '@eav/contract';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banner } from '../src/db/schema';
import { api, testConfig, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp({ config: testConfig() });
let operator: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  operator = await createUser(t.database.db, ['operator']);
  reviewer = await createUser(t.database.db, ['reviewer']);
});

const create = async (title: string, sortOrder: number) => {
  const res = await api(t.app, {
    method: 'POST',
    url: ApiPaths.adminBanners,
    token: operator.token,
    body: { title, image: '/banners/digital-textbooks.svg', sortOrder },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminBanner;
};
const adminList = async () =>
  (await api(t.app, { url: ApiPaths.adminBanners, token: operator.token })).json().data as AdminBanner[];
const publicTitles = async () =>
  ((await api(t.app, { url: ApiPaths.banner })).json().data as Banner[]).map((b) => b.title);
const reorder = (ids: unknown, token = operator.token) =>
  api(t.app, { method: 'POST', url: ApiPaths.adminBannersReorder, token, body: { ids } });

describe('banner reorder', () => {
  it('rewrites the whole order in one call, audited with before and after; the carousel follows', async () => {
    const a = await create('甲', 100_001);
    const b = await create('乙', 100_002);
    const c = await create('丙', 100_003);
    const before = (await adminList()).map((x) => x.id);
    expect(before.slice(-3)).toEqual([a.id, b.id, c.id]);
    // The public list is cached now; the reorder must invalidate it.
    expect((await publicTitles()).slice(-3)).toEqual(['甲', '乙', '丙']);

    // 上移 of 丙: it swaps with 乙. (The seeded banners come first.)
    const wanted = [...before.slice(0, -3), a.id, c.id, b.id];
    const res = await reorder(wanted);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json().data as AdminBanner[];
    expect(answered.map((x) => x.id)).toEqual(wanted);
    expect(answered.map((x) => x.sortOrder)).toEqual(wanted.map((_, i) => (i + 1) * 10));
    expect((await adminList()).map((x) => x.id)).toEqual(wanted);
    expect((await publicTitles()).slice(-3)).toEqual(['甲', '丙', '乙']);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'banner_reorder'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ actorId: operator.id, target: 'banner:order', result: 'success' });
    const orderOf = (v: unknown) => (v as { order: { id: number; sortOrder: number }[] }).order;
    expect(orderOf(row!.before).map((o) => o.id)).toEqual(before);
    expect(orderOf(row!.before).slice(-3)).toEqual([
      { id: a.id, sortOrder: 100_001 },
      { id: b.id, sortOrder: 100_002 },
      { id: c.id, sortOrder: 100_003 },
    ]);
    expect(orderOf(row!.after).map((o) => o.id)).toEqual(wanted);
  });

  it('refuses a stale, incomplete, duplicated or malformed list without changing anything', async () => {
    const current = (await adminList()).map((x) => x.id);
    const sorts = async () =>
      (await t.database.db.select({ id: banner.id, s: banner.sortOrder }).from(banner)).sort((x, y) => x.id - y.id);
    const stored = await sorts();
    const audits = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.event, 'banner_reorder'))).length;
    const auditCount = await audits();

    const missing = await reorder(current.slice(1));
    expect(missing.statusCode).toBe(409);
    expect(missing.json().msg).toBe('轮播图列表已变化，请刷新后重新排序');
    const unknown = await reorder([...current.slice(1), 999_999]);
    expect(unknown.statusCode).toBe(409);

    // A banner added by someone else meanwhile: the old list is stale.
    await create('丁', 4);
    expect((await reorder(current)).statusCode).toBe(409);

    const duplicated = await reorder([current[0], ...current]);
    expect(duplicated.statusCode).toBe(400);
    expect(duplicated.json().msg).toContain('轮播图编号不能重复');
    for (const bad of [[], 'all', ['1'], [0], [1.5], null]) {
      const res = await reorder(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await api(t.app, { method: 'POST', url: ApiPaths.adminBannersReorder, token: operator.token, body: {} }))
        .statusCode,
    ).toBe(400);
    expect(await audits()).toBe(auditCount);
    // 丁 is new; the others kept their values.
    expect((await sorts()).filter((r) => stored.some((s) => s.id === r.id))).toEqual(stored);
  });

  it('is for operators and administrators only', async () => {
    const ids = (await adminList()).map((x) => x.id);
    expect((await reorder(ids, reviewer.token)).statusCode).toBe(404);
    const student = await createUser(t.database.db, ['student']);
    expect((await reorder(ids, student.token)).statusCode).toBe(404);
    expect((await api(t.app, { method: 'POST', url: ApiPaths.adminBannersReorder, body: { ids } })).statusCode).toBe(
      401,
    );
    const admin = await createUser(t.database.db, ['admin']);
    expect((await reorder([...ids].reverse(), admin.token)).statusCode).toBe(200);
  });
});
