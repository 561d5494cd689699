/**
 * 大数据中心 (docs/big-data.md): the overview's figures move exactly by what the test writes (users
 * per city, activations and reading per Beijing day, reading per stage, the most read books), the
 * public view withholds counts of fewer than LIMITS.bigData.suppressBelow people while the operators'
 * view shows them, answers are kept for a minute, and the operators' view is for operators only.
 */
import { ApiPaths, LIMITS, type BigDataOverview } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prizeReadingTime, readingProgress, users, userTextbooks } from '../src/db/schema';
import { KEEP_MS } from '../src/features/big-data';
import { beijingDay } from '@eav/contract';
import { api } from './helpers';
import { createActivity, definition, importBooks, T0, usePrizeApp } from './prize-helpers';
import { createUser } from './textbooks-helpers';

const t = usePrizeApp();
const DAY = 86_400_000;
const BELOW = LIMITS.bigData.suppressBelow;

async function overview(view: 'public' | 'operator', token?: string): Promise<BigDataOverview> {
  const res = await api(t.app, {
    url: view === 'public' ? ApiPaths.bigDataOverview : ApiPaths.adminBigDataOverview,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BigDataOverview;
}

const city = (o: BigDataOverview, name: string) => o.usersByCity.find((c) => c.name === name)!.count;
const day = (list: BigDataOverview['activationsByDay'], d: string) => list.find((x) => x.day === d)!.value;

/** Users with a 地区, answered as ids. */
async function usersIn(region: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = await createUser(t.app.db);
    await t.app.db.update(users).set({ region }).where(eq(users.id, u.id));
    ids.push(u.id);
  }
  return ids;
}

describe('大数据中心 overview', () => {
  it('moves by what was written, withholds small counts in public, and keeps answers a minute', async () => {
    const admin = await createUser(t.app.db, ['admin']);
    const today = beijingDay(T0);
    const yesterday = beijingDay(T0 - DAY);
    const before = await overview('operator', admin.token);
    expect(before.suppressed).toBe(false);
    expect(before.usersByCity.map((c) => c.name)).toHaveLength(11);
    expect(before.activationsByDay).toHaveLength(LIMITS.bigData.days);
    expect(before.activationsByDay.at(-1)!.day).toBe(today);

    const [bookA, bookB] = await importBooks(t.app, 2);
    const hangzhou = await usersIn('浙江省杭州市西湖区', BELOW + 1);
    const ningbo = await usersIn('浙江省宁波市鄞州区', BELOW - 2);
    // Activations: BELOW + 1 yesterday (shown), 2 today (withheld in public).
    await t.app.db.insert(userTextbooks).values([
      ...hangzhou.map((userId) => ({
        userId,
        textbookId: bookA!.id,
        source: 'code',
        activatedAt: new Date(T0 - DAY),
      })),
      ...ningbo
        .slice(0, 2)
        .map((userId) => ({ userId, textbookId: bookA!.id, source: 'code', activatedAt: new Date(T0) })),
    ]);
    // Reading: every Hangzhou reader 120 s of book A today; one Ningbo reader 600 s yesterday.
    const def = definition([bookA!.externalId, bookB!.externalId], T0 - 3 * DAY);
    const activity = await createActivity(t.app, def, T0 - 4 * DAY);
    await t.app.db.insert(prizeReadingTime).values([
      ...hangzhou.map((userId) => ({
        activityId: activity.id,
        userId,
        day: today,
        textbookId: bookA!.id,
        seconds: 120,
      })),
      { activityId: activity.id, userId: ningbo[0]!, day: yesterday, textbookId: bookB!.id, seconds: 600 },
    ]);
    // Readers with progress: book A by the Hangzhou users, book B by one.
    await t.app.db
      .insert(readingProgress)
      .values([
        ...hangzhou.map((userId) => ({ userId, textbookId: bookA!.id, page: 3 })),
        { userId: ningbo[0]!, textbookId: bookB!.id, page: 1 },
      ]);

    // Kept for a minute: nothing moves yet.
    expect(await overview('operator', admin.token)).toEqual(before);
    t.now += KEEP_MS;

    const after = await overview('operator', admin.token);
    expect((city(after, '杭州市') ?? 0) - (city(before, '杭州市') ?? 0)).toBe(BELOW + 1);
    expect((city(after, '宁波市') ?? 0) - (city(before, '宁波市') ?? 0)).toBe(BELOW - 2);
    expect(after.totals.activations! - before.totals.activations!).toBe(BELOW + 3);
    expect(day(after.activationsByDay, yesterday)! - day(before.activationsByDay, yesterday)!).toBe(BELOW + 1);
    expect(day(after.activationsByDay, today)! - day(before.activationsByDay, today)!).toBe(2);
    expect(day(after.readingMinutesByDay, today)! - day(before.readingMinutesByDay, today)!).toBe(2 * (BELOW + 1));
    expect(day(after.readingMinutesByDay, yesterday)! - day(before.readingMinutesByDay, yesterday)!).toBe(10);
    const stage = (o: BigDataOverview) => o.readingMinutesByStage.find((s) => s.name === '小学')?.count ?? 0;
    expect(stage(after) - stage(before)).toBe(2 * (BELOW + 1) + 10);
    expect(after.topBooks.find((b) => b.id === bookA!.id)?.readers).toBe(BELOW + 1);
    expect(after.totals.textbooks - before.totals.textbooks).toBe(2);
    const books = (o: BigDataOverview) => o.booksByStage.find((s) => s.name === '小学')?.count ?? 0;
    expect(books(after) - books(before)).toBe(2);

    // The public view: the same numbers where enough people are behind them, null elsewhere.
    const pub = await overview('public');
    expect(pub.suppressed).toBe(true);
    expect(pub.suppressBelow).toBe(BELOW);
    for (const c of pub.usersByCity) {
      const full = city(after, c.name)!;
      expect(c.count).toBe(full > 0 && full < BELOW ? null : full);
    }
    expect(day(pub.activationsByDay, yesterday)).toBe(day(after.activationsByDay, yesterday));
    // Today's activations are few unless earlier tests made more: withheld exactly when below.
    const todays = day(after.activationsByDay, today)!;
    expect(day(pub.activationsByDay, today)).toBe(todays < BELOW ? null : todays);
    // Yesterday's reading was one reader's: withheld, whatever the minutes.
    expect(day(pub.readingMinutesByDay, yesterday)).toBeNull();
    expect(pub.topBooks.find((b) => b.id === bookB!.id)?.readers ?? null).toBeNull();
    expect(pub.topBooks.find((b) => b.id === bookA!.id)?.readers).toBe(BELOW + 1);
    // Content counts are never withheld.
    expect(pub.totals.textbooks).toBe(after.totals.textbooks);
  });

  it('shows the operators’ view to operators only', async () => {
    expect((await api(t.app, { url: ApiPaths.adminBigDataOverview })).statusCode).toBe(401);
    const pupil = await createUser(t.app.db);
    expect((await api(t.app, { url: ApiPaths.adminBigDataOverview, token: pupil.token })).statusCode).toBe(404);
  });
});
