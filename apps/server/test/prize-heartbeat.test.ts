/**
 * Reading time by heartbeat (docs/prize.md, Reading time): the server credits the gap between two
 * heartbeats of the active session by its own clock (0 < gap ≤ 60 s), one session per user,
 * within the day's and the book's caps, and points per full minute, never twice.
 */
import { ApiPaths } from '@eav/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { prizeParticipants, prizePointsLedger } from '../src/db/schema';
import { beat, type Anchor } from '../src/features/prize/heartbeat';
import { api } from './helpers';
import { createActivity, definition, heartbeat, importBooks, MINUTE, readFor, T0, usePrizeApp } from './prize-helpers';
import { createUser } from './textbooks-helpers';

const t = usePrizeApp();
let books: { id: number; externalId: string }[] = [];
let code = '';

beforeEach(async () => {
  t.now = T0;
  books = await importBooks(t.app, 3);
  const def = definition(
    books.slice(0, 2).map((b) => b.externalId),
    T0 - 3600_000,
    { dailyCapSeconds: 15 * 60, perBookCapSeconds: 12 * 60 },
  );
  code = def.code;
  await createActivity(t.app, def, T0 - 2 * 3600_000);
});

describe('heartbeat crediting', () => {
  it('credits 10 minutes for heartbeats every 30 s over 10 minutes, and 1 point a minute', async () => {
    const u = await createUser(t.app.db);
    const first = await heartbeat(t.app, u, code, books[0]!.id, 'session-aaaa');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ secondsToday: 0, creditedSeconds: 0, points: 0, active: true });
    t.now += 30_000;
    const last = await readFor(t, u, code, books[0]!.id, 'session-aaaa', 10 * MINUTE - 30_000);
    expect(last.secondsToday).toBe(600);
    expect(last.points).toBe(10);
    expect(last.available).toBe(10);
  });

  it('credits nothing for a 5-minute gap, then counts again', async () => {
    const u = await createUser(t.app.db);
    await readFor(t, u, code, books[0]!.id, 'session-gap1', 2 * MINUTE);
    t.now += 5 * MINUTE;
    const after = (await heartbeat(t.app, u, code, books[0]!.id, 'session-gap1')).json().data;
    expect(after).toMatchObject({ secondsToday: 120, creditedSeconds: 0 });
    t.now += 30_000;
    const next = (await heartbeat(t.app, u, code, books[0]!.id, 'session-gap1')).json().data;
    expect(next).toMatchObject({ secondsToday: 150, creditedSeconds: 30 });
  });

  it('credits one of two sessions reading in parallel (the newer takes over)', async () => {
    const u = await createUser(t.app.db);
    await heartbeat(t.app, u, code, books[0]!.id, 'tab-one-111');
    t.now += 10_000;
    await heartbeat(t.app, u, code, books[0]!.id, 'tab-two-222');
    let oldActive = true;
    for (let i = 0; i < 20; i++) {
      t.now += 15_000;
      const a = (await heartbeat(t.app, u, code, books[0]!.id, 'tab-one-111')).json().data;
      oldActive = oldActive && a.active;
      t.now += 15_000;
      await heartbeat(t.app, u, code, books[0]!.id, 'tab-two-222');
    }
    expect(oldActive).toBe(false);
    const total = (await heartbeat(t.app, u, code, books[0]!.id, 'tab-two-222')).json().data.secondsToday;
    // 20 rounds of 30 s: one session's worth, not two.
    expect(total).toBe(600);
  });

  it('never credits the same interval twice: repeated and parallel heartbeats', async () => {
    const u = await createUser(t.app.db);
    await heartbeat(t.app, u, code, books[0]!.id, 'retry-session');
    t.now += 30_000;
    const same = await Promise.all(
      Array.from({ length: 8 }, () => heartbeat(t.app, u, code, books[0]!.id, 'retry-session')),
    );
    expect(same.every((r) => r.statusCode === 200)).toBe(true);
    expect(same.map((r) => r.json().data.creditedSeconds).reduce((s: number, n: number) => s + n, 0)).toBe(30);
    // A retry of the same heartbeat (same server time) credits nothing.
    const retry = (await heartbeat(t.app, u, code, books[0]!.id, 'retry-session')).json().data;
    expect(retry).toMatchObject({ creditedSeconds: 0, secondsToday: 30 });
  });

  it('holds the daily cap across books and the per-book cap', async () => {
    const u = await createUser(t.app.db);
    const a = await readFor(t, u, code, books[0]!.id, 'cap-session', 14 * MINUTE);
    expect(a.secondsToday).toBe(12 * 60);
    const b = await readFor(t, u, code, books[1]!.id, 'cap-session', 10 * MINUTE);
    expect(b.secondsToday).toBe(15 * 60);
    expect(b.points).toBe(15);
    // Credits reach the database in batches: write them before reading the tables.
    await t.app.prize.flusher.flush();
    const ledger = await t.app.db
      .select({ n: sql<number>`count(*)::int`, sum: sql<number>`sum(amount)::int` })
      .from(prizePointsLedger)
      .where(eq(prizePointsLedger.userId, u.id));
    expect(ledger[0]).toEqual({ n: 15, sum: 15 });
    const [p] = await t.app.db
      .select()
      .from(prizeParticipants)
      .where(and(eq(prizeParticipants.userId, u.id)));
    expect(p).toMatchObject({ points: 15, available: 15 });
  });

  it('starts a new day with a fresh cap (Beijing days)', async () => {
    const u = await createUser(t.app.db);
    await readFor(t, u, code, books[0]!.id, 'day-session', 16 * MINUTE);
    t.now = T0 + 22 * 3600_000; // 08:00 the next day
    const next = await readFor(t, u, code, books[0]!.id, 'day-session', 2 * MINUTE);
    expect(next.secondsToday).toBe(120);
    expect(next.points).toBe(12 + 2);
  });
});

describe('heartbeat refusals', () => {
  it("answers 404 for another user's id and 401 when logged out", async () => {
    const u = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    const res = await heartbeat(t.app, { id: other.id, token: u.token }, code, books[0]!.id, 'session-xyz1');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('网络请求不存在');
    const anon = await api(t.app, {
      url: ApiPaths.prizeHeartbeat(u.id),
      query: { activityCode: code, textbookId: books[0]!.id, sessionId: 'session-xyz1' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses books outside the activity, bad input, and times outside the activity', async () => {
    const u = await createUser(t.app.db);
    const other = await heartbeat(t.app, u, code, books[2]!.id, 'session-abc1');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('PRIZE.BOOK_NOT_RECOMMENDED');
    const bad = await heartbeat(t.app, u, code, books[0]!.id, 'x');
    expect(bad.statusCode).toBe(400);
    const unknown = await heartbeat(t.app, u, 'NO-SUCH-CODE', books[0]!.id, 'session-abc1');
    expect(unknown.statusCode).toBe(404);
    const past = definition([books[0]!.externalId], T0 - 31 * 86400_000);
    await createActivity(t.app, past, T0 - 32 * 86400_000);
    const ended = await heartbeat(t.app, u, past.code, books[0]!.id, 'session-abc1');
    expect(ended.statusCode).toBe(422);
    expect(ended.json().code).toBe('PRIZE.NOT_RUNNING');
  });
});

describe('the heartbeat rule', () => {
  it('carries sub-second remainders to the next heartbeat', () => {
    let anchor: Anchor | null = null;
    let credited = 0;
    for (let i = 0; i <= 10; i++) {
      const r = beat(anchor, 'session-ms', T0 + i * 700);
      anchor = r.anchor;
      credited += r.result.creditMs;
    }
    // 7 s of heartbeats credit 7 s, although no single gap reaches a second.
    expect(credited).toBe(7000);
  });
});
