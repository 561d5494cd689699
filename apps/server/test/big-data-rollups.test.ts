/**
 * 大数据中心 rollups (docs/big-data.md, Rollups): after any mix of writes the overview read from the
 * rollups equals the one computed by grouped scans of the source tables (big-data-reference.ts);
 * rows written after a refresh are counted exactly once however often the refresh runs; concurrent
 * refreshes never count twice; an erased account leaves neither its contribution nor its id in the
 * rollups; a book changing 学段 rebuilds them.
 */
import type { BigDataOverview } from '@eav/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/client';
import { prizeReadingTime, readingProgress, textbooks, users, userTextbooks } from '../src/db/schema';
import { anonymiseAccount } from '../src/features/accounts/account-erasure';
import { computeOverview } from '../src/features/big-data/overview';
import { refreshRollups } from '../src/features/big-data/rollups';
import { beijingDay } from '@eav/contract';
import { referenceOverview } from './big-data-reference';
import { createActivity, definition, importBooks, T0, usePrizeApp } from './prize-helpers';
import { createUser } from './textbooks-helpers';

const t = usePrizeApp();
const DAY = 86_400_000;

/** Both views from the rollups (refreshed first) and from the source tables. */
async function compare(db: Db): Promise<BigDataOverview> {
  await refreshRollups(db);
  for (const suppress of [false, true]) {
    const [fromRollups, fromSource] = await Promise.all([
      computeOverview(db, t.now, suppress),
      referenceOverview(db, t.now, suppress),
    ]);
    expect(fromRollups).toEqual(fromSource);
  }
  return computeOverview(db, t.now, false);
}

async function userIn(region: string | null): Promise<number> {
  const u = await createUser(t.app.db);
  await t.app.db.update(users).set({ region }).where(eq(users.id, u.id));
  return u.id;
}

let resourceSeq = 0;
async function resource(db: Db, type: string): Promise<number> {
  const [r] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into resources (title, type, format, mime, stage_id, subject_id)
      values (${`资源${++resourceSeq}`}, ${type}, 'pdf', 'application/pdf',
        (select id from dictionary where kind = 'stage' order by id limit 1),
        (select id from dictionary where kind = 'subject' order by id limit 1))
      returning id`),
  );
  return r!.id;
}

async function download(db: Db, resourceId: number, userId: number, day: string) {
  await db.execute(
    sql`insert into resource_events (resource_id, user_id, kind, day) values (${resourceId}, ${userId}, 'download', ${day})`,
  );
}

/** Rows of the rollup tables (and pending deltas other than the cancellation's own) naming `userId`. */
async function rowsNaming(db: Db, userId: number): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select
      (select count(*) from big_data_active_users where user_id = ${userId})
      + (select count(*) from big_data_reader_days where user_id = ${userId})
      + (select count(*) from big_data_reader_stages where user_id = ${userId})
      + (select count(*) from big_data_deltas where user_id = ${userId} and kind <> 'profile') as n`),
  );
  return Number(r!.n);
}

describe('大数据中心 rollups', () => {
  it('equal the grouped scans after inserts, updates and deletes, counting each new row once', async () => {
    const db = t.app.db;
    const today = beijingDay(T0);
    const yesterday = beijingDay(T0 - DAY);
    const [bookA, bookB, bookC] = await importBooks(t.app, 3);
    const activity = await createActivity(
      t.app,
      definition([bookA!.externalId, bookB!.externalId], T0 - 3 * DAY),
      T0 - 4 * DAY,
    );
    const hz = await Promise.all(Array.from({ length: 6 }, () => userIn('浙江省杭州市西湖区')));
    const nb = await Promise.all(Array.from({ length: 3 }, () => userIn('宁波')));
    const none = await userIn(null);
    const first = await compare(db);

    await db
      .insert(readingProgress)
      .values([
        ...hz.map((userId) => ({ userId, textbookId: bookA!.id, page: 2, updatedAt: new Date(T0 - 40 * DAY) })),
        ...nb.map((userId) => ({ userId, textbookId: bookB!.id, page: 5, updatedAt: new Date(T0) })),
        { userId: none, textbookId: bookC!.id, page: 1 },
      ]);
    await db
      .insert(userTextbooks)
      .values([
        ...hz.map((userId) => ({ userId, textbookId: bookA!.id, source: 'code', activatedAt: new Date(T0 - DAY) })),
        { userId: nb[0]!, textbookId: bookB!.id, source: 'free', activatedAt: new Date(T0) },
      ]);
    await db
      .insert(prizeReadingTime)
      .values([
        ...hz.map((userId) => ({ activityId: activity.id, userId, day: today, textbookId: bookA!.id, seconds: 125 })),
        ...hz.map((userId) => ({ activityId: activity.id, userId, day: today, textbookId: bookB!.id, seconds: 60 })),
        { activityId: activity.id, userId: nb[0]!, day: yesterday, textbookId: bookB!.id, seconds: 600 },
      ]);
    const pdf = await resource(db, 'courseware');
    for (const userId of [...hz, nb[0]!]) await download(db, pdf, userId, today);
    const second = await compare(db);
    expect(second.topBooks.find((b) => b.id === bookA!.id)?.readers).toBe(6);
    expect(second.totals.activations! - first.totals.activations!).toBe(6);
    // Active: the Hangzhou readers last read 40 days ago, the Ningbo ones today.
    expect(second.activeUsersByCity.find((c) => c.name === '宁波市')?.count).toBe(3);
    expect(second.activeUsersByCity.find((c) => c.name === '杭州市')?.count).toBe(0);

    // Counted once: refreshing again folds nothing and changes nothing.
    expect((await refreshRollups(db)).folded).toBe(0);
    expect(await computeOverview(db, t.now, false)).toEqual(second);

    // Updates: more seconds (the credit's upsert), a page turn today, a move to another city, a
    // cancellation, a deleted reading row and progress row, a changed activation.
    await db
      .update(prizeReadingTime)
      .set({ seconds: sql`${prizeReadingTime.seconds} + 60` })
      .where(eq(prizeReadingTime.textbookId, bookA!.id));
    await db
      .update(readingProgress)
      .set({ page: 9, updatedAt: new Date(T0) })
      .where(eq(readingProgress.userId, hz[0]!));
    await db.update(users).set({ region: '330302' }).where(eq(users.id, hz[1]!));
    await db.update(users).set({ region: '温州市' }).where(eq(users.id, nb[1]!));
    await db.update(users).set({ status: 'cancelled' }).where(eq(users.id, nb[2]!));
    await db
      .delete(prizeReadingTime)
      .where(and(eq(prizeReadingTime.userId, hz[2]!), eq(prizeReadingTime.textbookId, bookB!.id)));
    await db.delete(prizeReadingTime).where(eq(prizeReadingTime.userId, nb[0]!));
    await db.delete(readingProgress).where(eq(readingProgress.userId, none));
    await db
      .update(userTextbooks)
      .set({ activatedAt: new Date(T0) })
      .where(eq(userTextbooks.userId, hz[3]!));
    await db.execute(sql`delete from resource_events where user_id = ${hz[4]!}`);
    await refreshRollups(db);
    await refreshRollups(db);
    const third = await compare(db);
    expect(third.activeUsersByCity.find((c) => c.name === '杭州市')?.count).toBe(1);
    expect(third.activeUsersByCity.find((c) => c.name === '温州市')?.count).toBe(1);
  });

  it('never counts twice when refreshes run together with writers', async () => {
    const db = t.app.db;
    const [book] = await importBooks(t.app, 1);
    const readers = await Promise.all(Array.from({ length: 20 }, (_, i) => userIn(i % 2 ? '绍兴市' : '金华市')));
    await compare(db);
    const writes = readers.map((userId, i) =>
      db.insert(readingProgress).values({ userId, textbookId: book!.id, page: i + 1, updatedAt: new Date(T0) }),
    );
    const refreshes = Array.from({ length: 6 }, () => refreshRollups(db));
    const results = await Promise.all([...refreshes, ...writes]);
    const folded = results.slice(0, 6) as { folded: number; skipped: boolean }[];
    expect(folded.some((r) => !r.skipped)).toBe(true);
    const after = await compare(db);
    expect(after.topBooks.find((b) => b.id === book!.id)?.readers).toBe(20);
    expect(after.activeUsersByCity.find((c) => c.name === '绍兴市')?.count).toBe(10);
  });

  it('removes an erased account’s contribution and id', async () => {
    const db = t.app.db;
    const today = beijingDay(T0);
    const [book] = await importBooks(t.app, 1);
    const activity = await createActivity(t.app, definition([book!.externalId], T0 - 3 * DAY), T0 - 4 * DAY);
    const gone = await userIn('湖州市');
    const stays = await userIn('湖州市');
    for (const userId of [gone, stays]) {
      await db.insert(readingProgress).values({ userId, textbookId: book!.id, page: 1, updatedAt: new Date(T0) });
      await db
        .insert(userTextbooks)
        .values({ userId, textbookId: book!.id, source: 'code', activatedAt: new Date(T0) });
      await db
        .insert(prizeReadingTime)
        .values({ activityId: activity.id, userId, day: today, textbookId: book!.id, seconds: 300 });
    }
    const pdf = await resource(db, 'courseware');
    await download(db, pdf, gone, today);
    const before = await compare(db);
    expect(await rowsNaming(db, gone)).toBeGreaterThan(0);

    const finish = await db.transaction(async (tx) => {
      const done = await t.app.eraseUser(tx, gone, new Date(t.now));
      await anonymiseAccount(tx, gone, new Date(t.now));
      return done;
    });
    await finish();
    // Gone from the rollups within the cancellation's own transaction, before any refresh.
    expect(await rowsNaming(db, gone)).toBe(0);
    const after = await compare(db);
    expect(await rowsNaming(db, gone)).toBe(0);
    const city = (o: BigDataOverview, list: 'usersByCity' | 'activeUsersByCity') =>
      o[list].find((c) => c.name === '湖州市')!.count!;
    expect(city(before, 'usersByCity') - city(after, 'usersByCity')).toBe(1);
    expect(city(before, 'activeUsersByCity') - city(after, 'activeUsersByCity')).toBe(1);
    expect(before.totals.activations! - after.totals.activations!).toBe(1);
    expect(
      before.topBooks.find((b) => b.id === book!.id)!.readers! -
        after.topBooks.find((b) => b.id === book!.id)!.readers!,
    ).toBe(1);
  });

  it('rebuilds when a book changes 学段', async () => {
    const db = t.app.db;
    const [book] = await importBooks(t.app, 1);
    const activity = await createActivity(t.app, definition([book!.externalId], T0 - 3 * DAY), T0 - 4 * DAY);
    const userId = await userIn('衢州市');
    await db
      .insert(prizeReadingTime)
      .values({ activityId: activity.id, userId, day: beijingDay(T0), textbookId: book!.id, seconds: 900 });
    await compare(db);
    const [other] = rowsOf<{ id: number }>(
      await db.execute(sql`select d.id from dictionary d join textbooks t on t.id = ${book!.id}
        where d.kind = 'stage' and d.id <> t.stage_id order by d.id limit 1`),
    );
    await db.update(textbooks).set({ stageId: other!.id }).where(eq(textbooks.id, book!.id));
    await compare(db);
  });
});
