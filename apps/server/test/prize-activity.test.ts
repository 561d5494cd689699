/**
 * The activity (docs/prize.md): current and by code with the server's time, recommended books as
 * catalogue cards, the running activity's banner, operators' create/update (refused once started),
 * task points (activation, finished book) counted once, the points statement, and erasure.
 */
import { ApiPaths, beijingDayOf } from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  prizeActivities,
  prizeDraws,
  prizeParticipants,
  prizePointsLedger,
  prizeReadingTime,
  readingProgress,
  textbooks,
  userTextbooks,
} from '../src/db/schema';
import { DEMO_ACTIVITY_CODE, saveActivity, seedPrize } from '../src/features/prize';
import { comingWinterHoliday } from '../src/features/prize/seed';
import { seedDemoCatalogue } from '../src/features/textbooks/seed';
import { LocalDiskStorage } from '../src/lib/storage';
import { api, testConfig } from './helpers';
import { createActivity, DAY, definition, importBooks, MINUTE, readFor, T0, usePrizeApp } from './prize-helpers';
import { createUser } from './textbooks-helpers';

const t = usePrizeApp();
let books: { id: number; externalId: string }[] = [];

beforeEach(async () => {
  t.now = T0;
  books = await importBooks(t.app, 2);
});

describe('activity', () => {
  it('answers the running activity with the server time, by code, and its books as cards', async () => {
    const none = await api(t.app, { url: ApiPaths.prizeActivityCurrent });
    expect(none.statusCode).toBe(200);
    const def = definition(books.map((b) => b.externalId).reverse(), T0 - DAY);
    await createActivity(t.app, def, T0 - 2 * DAY);
    const cur = (await api(t.app, { url: ApiPaths.prizeActivityCurrent })).json().data;
    expect(cur).toMatchObject({ activityCode: def.code, status: 'running', bookCount: 2, drawCost: 10 });
    expect(cur.serverTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(Date.parse(cur.serverTime)).toBe(Math.floor(T0 / 1000) * 1000);
    expect(Date.parse(cur.endAt) - Date.parse(cur.serverTime)).toBe(29 * DAY);
    const byCode = (await api(t.app, { url: ApiPaths.prizeActivity, query: { activityCode: def.code } })).json().data;
    expect(byCode.title).toBe('测试阅读活动');
    const cards = (await api(t.app, { url: ApiPaths.prizeRecommendBooks(def.code) })).json().data;
    expect(cards.map((c: { id: number }) => c.id)).toEqual([books[1]!.id, books[0]!.id]);
    expect(cards[0]).toHaveProperty('coverUrl');
    expect((await api(t.app, { url: ApiPaths.prizeActivity, query: { activityCode: 'NOPE' } })).statusCode).toBe(404);
    expect((await api(t.app, { url: ApiPaths.prizeActivity, query: { activityCode: 'a b' } })).statusCode).toBe(400);

    // The banner list leads with the running activity; its generated image is served.
    const banners = (await api(t.app, { url: ApiPaths.banner })).json().data;
    expect(banners[0]).toMatchObject({ title: '测试阅读活动', link: `/activity?activityCode=${def.code}` });
    expect(banners[0].id).toBeLessThan(0);
    const svg = await t.app.inject({ url: banners[0].image });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    // A background only: the carousel lays the title over it, so the picture holds no text.
    expect(svg.body).toMatch(/^<svg [^>]*viewBox="0 0 1200 400"/);
    expect(svg.body).not.toContain('<text');
    expect((await t.app.inject({ url: '/prize/banners/NOPE.svg' })).statusCode).toBe(404);
  });

  it('lets operators create and update until the start, then refuses changes', async () => {
    const admin = await createUser(t.app.db, ['admin']);
    const student = await createUser(t.app.db);
    const def = definition([books[0]!.externalId], T0 + DAY);
    const post = (token: string, body: unknown) =>
      api(t.app, { method: 'POST', url: ApiPaths.adminPrizeActivities, token, body });
    expect((await post(student.token, def)).statusCode).toBe(404);
    const created = await post(admin.token, def);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ created: true, status: 'upcoming', books: [books[0]!.externalId] });
    const updated = await post(admin.token, { ...def, drawCost: 20 });
    expect(updated.json().data).toMatchObject({ created: false, drawCost: 20 });
    const invalid = await post(admin.token, { ...def, prizeGroups: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().msg).toContain('奖项');
    const unknownBook = await post(admin.token, { ...def, books: ['no-such-book'] });
    expect(unknownBook.statusCode).toBe(422);

    t.now = T0 + DAY + 1;
    const late = await post(admin.token, { ...def, drawCost: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PRIZE.ACTIVITY_STARTED');
    await expect(saveActivity(t.app.db, { ...def, perUserPrizeLimit: 99 }, t.now)).rejects.toMatchObject({
      code: 'PRIZE.ACTIVITY_STARTED',
    });
    const list = (await api(t.app, { url: ApiPaths.adminPrizeActivities, token: admin.token })).json().data;
    expect(list.find((a: { activityCode: string }) => a.activityCode === def.code)).toMatchObject({
      drawCost: 20,
      status: 'running',
    });
  });
});

describe('points', () => {
  it('awards activation and finished-book points once, and lists the statement', async () => {
    const def = definition(
      books.map((b) => b.externalId),
      T0 - DAY,
      { taskPoints: { activation: 10, finishBook: 20 } },
    );
    await createActivity(t.app, def, T0 - 2 * DAY);
    const u = await createUser(t.app.db);
    await t.app.db
      .insert(userTextbooks)
      .values({ userId: u.id, textbookId: books[0]!.id, activatedAt: new Date(T0 - 3600_000) });
    // Read to its last page of the server's 4 pages, with the 80 credited seconds 4 pages need.
    await t.app.db.update(textbooks).set({ pageCount: 4 }).where(eq(textbooks.id, books[1]!.id));
    await t.app.db
      .insert(readingProgress)
      .values({ userId: u.id, textbookId: books[1]!.id, page: 4, totalPages: 4, updatedAt: new Date(T0 - 60_000) });
    await readFor(t, u, def.code, books[1]!.id, 'points-s1', 2 * MINUTE);
    const get = () =>
      api(t.app, { url: ApiPaths.prizeIntegral(u.id), token: u.token, query: { activityCode: def.code } });
    const [a, b] = await Promise.all([get(), get()]);
    expect(a.json().data).toMatchObject({ total: 32, available: 32 });
    expect(b.json().data).toMatchObject({ total: 32 });
    const ledger = (await get()).json().data.ledger;
    expect(ledger.map((l: { reason: string; amount: number }) => [l.reason, l.amount]).sort()).toEqual(
      [
        ['activation', 10],
        ['finishBook', 20],
        ['reading', 2],
      ].sort(),
    );
    expect(ledger.find((l: { reason: string }) => l.reason === 'activation').detail).toContain('语文');
    // The current activity when no code is given; someone else's id is hidden.
    expect((await api(t.app, { url: ApiPaths.prizeIntegral(u.id), token: u.token })).json().data.total).toBe(32);
    const other = await createUser(t.app.db);
    expect((await api(t.app, { url: ApiPaths.prizeIntegral(u.id), token: other.token })).statusCode).toBe(404);
    // The ledger is append-only.
    await expect(
      t.app.db.update(prizePointsLedger).set({ amount: 1000 }).where(eq(prizePointsLedger.userId, u.id)),
    ).rejects.toThrow();
  });

  it('erases what it stores about a cancelled user', async () => {
    const def = definition([books[0]!.externalId], T0 - DAY, { drawCost: 1 });
    const activity = await createActivity(t.app, def, T0 - 2 * DAY);
    const u = await createUser(t.app.db);
    await readFor(t, u, def.code, books[0]!.id, 'erase-s1', 2 * MINUTE);
    const drawn = await api(t.app, {
      method: 'POST',
      url: ApiPaths.prizeDraw,
      token: u.token,
      body: { activityCode: def.code },
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(
      (await api(t.app, { url: ApiPaths.prizeRank, query: { activityCode: def.code } })).json().data.participants,
    ).toBe(1);
    const finish = await t.app.db.transaction((tx) => t.app.eraseUser(tx, u.id, new Date(t.now)));
    await finish();
    for (const table of [prizeParticipants, prizeReadingTime, prizePointsLedger] as const)
      expect(await t.app.db.select().from(table).where(eq(table.userId, u.id))).toHaveLength(0);
    const draws = await t.app.db
      .select()
      .from(prizeDraws)
      .where(and(eq(prizeDraws.activityId, activity.id)));
    expect(draws).toHaveLength(1);
    expect(draws[0]!.userId).toBeNull();
    expect(
      (await api(t.app, { url: ApiPaths.prizeRank, query: { activityCode: def.code } })).json().data.participants,
    ).toBe(0);
    // The heartbeat anchor is gone too: the same session would start afresh, crediting nothing.
    expect(await t.app.prize.anchors.beat(u.id, 'erase-s1', t.now + 30_000)).toEqual({
      creditMs: 0,
      active: true,
      started: true,
    });
  });
});

describe('demo activity', () => {
  it('is seeded running on the demo books, once, and only with demo content', async () => {
    const storage = new LocalDiskStorage(':memory:');
    const ctx = { db: t.app.db, dataDir: ':memory:', storage, log: t.app.log, config: testConfig() };
    await seedPrize({ ...ctx, demo: false });
    expect(await t.app.db.select().from(prizeActivities).where(eq(prizeActivities.code, DEMO_ACTIVITY_CODE))).toEqual(
      [],
    );
    await seedDemoCatalogue(t.app.db, null, t.app.log);
    await seedPrize({ ...ctx, demo: true });
    await seedPrize({ ...ctx, demo: true });
    const a = (await api(t.app, { url: ApiPaths.prizeActivity, query: { activityCode: DEMO_ACTIVITY_CODE } })).json()
      .data;
    expect(a).toMatchObject({ status: 'running', bookCount: 4 });
    const cards = (await api(t.app, { url: ApiPaths.prizeRecommendBooks(DEMO_ACTIVITY_CODE) })).json().data;
    expect(cards.every((c: { access: string }) => c.access !== 'activation')).toBe(true);
    const groups = (await api(t.app, { url: ApiPaths.prizeGroups, query: { activityCode: DEMO_ACTIVITY_CODE } })).json()
      .data;
    expect(groups.groups.filter((g: { fallback: boolean }) => g.fallback)).toHaveLength(1);
    // The winter holiday's activity is dated in the coming winter holiday, not now.
    const { year } = comingWinterHoliday(Date.now());
    const winter = (
      await api(t.app, { url: ApiPaths.prizeActivity, query: { activityCode: `READ-${year}-WINTER` } })
    ).json().data;
    expect(winter.title).toContain('寒假');
    expect(beijingDayOf(winter.startAt)).toBe(`${year}-01-20`);
    expect(beijingDayOf(winter.endAt)).toBe(`${year}-02-20`);
  });

  it('dates the winter holiday in late January to February of the coming winter', () => {
    const at = (iso: string) => Date.parse(iso);
    const days = (h: ReturnType<typeof comingWinterHoliday>) => [
      h.year,
      beijingDayOf(h.startAt.toISOString()),
      beijingDayOf(h.endAt.toISOString()),
    ];
    // In late November the holiday is next year's.
    expect(days(comingWinterHoliday(at('2026-11-27T10:00:00+08:00')))).toEqual([2027, '2027-01-20', '2027-02-20']);
    // Before and during this year's holiday, this year's; after it, next year's.
    expect(days(comingWinterHoliday(at('2027-01-05T10:00:00+08:00')))).toEqual([2027, '2027-01-20', '2027-02-20']);
    expect(days(comingWinterHoliday(at('2027-02-20T23:59:00+08:00')))[0]).toBe(2027);
    expect(days(comingWinterHoliday(at('2027-02-21T00:00:00+08:00')))[0]).toBe(2028);
  });
});

describe('bad input', () => {
  it('answers 4xx with a Chinese message, never 500', async () => {
    const admin = await createUser(t.app.db, ['admin']);
    const u = await createUser(t.app.db);
    const huge = '9'.repeat(30);
    const cases: Parameters<typeof api>[1][] = [
      { url: ApiPaths.prizeActivity, query: { activityCode: 'a\u0000b' } },
      { url: ApiPaths.prizeActivity, query: { activityCode: 'x'.repeat(500) } },
      { url: ApiPaths.prizeRecommendBooks('%00') },
      {
        url: ApiPaths.prizeHeartbeat(huge),
        token: u.token,
        query: { activityCode: 'A', textbookId: 1, sessionId: 'abcdefgh' },
      },
      {
        url: ApiPaths.prizeHeartbeat(u.id),
        token: u.token,
        query: { activityCode: 'A', textbookId: huge, sessionId: 'abcdefgh' },
      },
      {
        url: ApiPaths.prizeHeartbeat(u.id),
        token: u.token,
        query: { activityCode: 'A', textbookId: -1, sessionId: 'abcdefgh' },
      },
      { url: ApiPaths.prizeIntegral('1.5'), token: u.token },
      { url: ApiPaths.prizeRank, query: { activityCode: 'A', userId: huge } },
      { url: ApiPaths.prizeGroups, query: {} },
      { method: 'POST', url: ApiPaths.prizeDraw, token: u.token, body: { activityCode: 7 } },
      { method: 'POST', url: ApiPaths.prizeDraw, token: u.token, body: [] },
      {
        method: 'POST',
        url: ApiPaths.prizeDraw,
        token: u.token,
        body: { activityCode: 'A', requestId: '\u0000'.repeat(10) },
      },
      { method: 'POST', url: ApiPaths.adminPrizeActivities, token: admin.token, body: { code: 'A', books: 'x' } },
      {
        method: 'POST',
        url: ApiPaths.adminPrizeActivities,
        token: admin.token,
        body: { ...definition(['x'], T0 + DAY), startAt: '2026-13-45T99:00:00+08:00' },
      },
      {
        method: 'POST',
        url: ApiPaths.adminPrizeActivities,
        token: admin.token,
        body: { ...definition(['x'], T0 + DAY), drawCost: 1e12, title: '\u0000' },
      },
      { method: 'POST', url: ApiPaths.adminPrizeRankingRebuild('NOPE'), token: admin.token },
      { url: ApiPaths.adminPrizeDraws('NOPE'), token: admin.token, query: { page: huge } },
    ];
    for (const c of cases) {
      const res = await api(t.app, c);
      expect(res.statusCode, `${c.url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.url} ${res.body}`).toBeLessThan(500);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
