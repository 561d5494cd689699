/**
 * Write-behind of reading credits (docs/prize.md, Reading time; decision 012): heartbeats answer
 * from the reading store and their credits reach PostgreSQL in batches. A graceful close writes
 * what is pending; a batch written twice, or after a newer one, counts once; two instances sharing
 * Redis credit one reader once, never write one credit twice and rank what the other counted; a
 * claim left by a crashed writer is taken over; an erased reader's pending credits are never written.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths } from '@eav/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { prizeParticipants, prizePointsLedger, prizeReadingTime, users } from '../src/db/schema';
import { writeCredits } from '../src/features/prize/credits';
import { api } from './helpers';
import {
  createActivity,
  definition,
  heartbeat,
  importBooks,
  MINUTE,
  T0,
  usePrizeApp,
  type Reader,
} from './prize-helpers';
import { createUser } from './textbooks-helpers';

const t = usePrizeApp();
const withRedis = Boolean(process.env.TEST_REDIS_URL);
let books: { id: number; externalId: string }[] = [];
let code = '';
let activityId = 0;

beforeEach(async () => {
  t.now = T0;
  books = await importBooks(t.app, 2);
  const def = definition(
    books.map((b) => b.externalId),
    T0 - 3600_000,
    { dailyCapSeconds: 3600, perBookCapSeconds: 3600 },
  );
  code = def.code;
  activityId = (await createActivity(t.app, def, T0 - 2 * 3600_000)).id;
});

/** Heartbeats every 30 s for `ms`, sent to the apps in turn; answers the last answer's data. */
async function readOn(apps: FastifyInstance[], u: Reader, session: string, ms: number, book = books[0]!.id) {
  const end = t.now + ms;
  let last;
  for (let i = 0; ; i++) {
    const res = await heartbeat(apps[i % apps.length]!, u, code, book, session);
    expect(res.statusCode, res.body).toBe(200);
    last = res.json().data as { secondsToday: number; points: number; creditedSeconds: number };
    if (t.now + 30_000 > end) break;
    t.now += 30_000;
  }
  return last!;
}

/** What the database holds for the reader: seconds of all days, ledger lines and totals. */
async function stored(userId: number) {
  const [time] = await t.app.db
    .select({ s: sql<number>`coalesce(sum(seconds), 0)::int` })
    .from(prizeReadingTime)
    .where(and(eq(prizeReadingTime.userId, userId), eq(prizeReadingTime.activityId, activityId)));
  const [ledger] = await t.app.db
    .select({ n: sql<number>`count(*)::int`, s: sql<number>`coalesce(sum(amount), 0)::int` })
    .from(prizePointsLedger)
    .where(and(eq(prizePointsLedger.userId, userId), eq(prizePointsLedger.activityId, activityId)));
  const [p] = await t.app.db
    .select({ points: prizeParticipants.points, available: prizeParticipants.available })
    .from(prizeParticipants)
    .where(and(eq(prizeParticipants.userId, userId), eq(prizeParticipants.activityId, activityId)));
  return {
    seconds: time!.s,
    lines: ledger!.n,
    ledger: ledger!.s,
    points: p?.points ?? 0,
    available: p?.available ?? 0,
  };
}

describe('write-behind of reading credits', () => {
  it('writes every credited second at a graceful close, and a restart continues from the database', async () => {
    const kvPrefix = `eavtest:${randomBytes(4).toString('hex')}:`;
    const first = await t.build({ kvPrefix });
    // No periodic write during the test: what reaches the database is what the close writes.
    first.prize.flusher.stop();
    const u = await createUser(t.app.db);
    const last = await readOn([first], u, 'close-session', 10 * MINUTE);
    expect(last).toMatchObject({ secondsToday: 600, points: 10 });
    expect(await first.prize.reading.pendingCount()).toBeGreaterThan(0);
    await first.close();
    expect(await stored(u.id)).toEqual({ seconds: 600, lines: 10, ledger: 10, points: 10, available: 10 });
    // The next instance loads the day from the database. In process the anchor was lost with the
    // instance (the heartbeat starts afresh); in Redis it carries on.
    const second = await t.build({ kvPrefix });
    t.now += 30_000;
    const next = (await heartbeat(second, u, code, books[0]!.id, 'close-session')).json().data;
    expect(next).toMatchObject({ secondsToday: withRedis ? 630 : 600, points: 10, available: 10 });
  });

  it('counts a batch once when it is written twice, in parallel, or after a newer batch', async () => {
    t.app.prize.flusher.stop();
    const u = await createUser(t.app.db);
    await readOn([t.app], u, 'retry-session', 3 * MINUTE);
    const claim = (await t.app.prize.reading.claimAll())!;
    expect(claim.entries.map((e) => e.u)).toContain(u.id);
    await writeCredits(t.app.db, claim.entries, t.now);
    await Promise.all([writeCredits(t.app.db, claim.entries, t.now), writeCredits(t.app.db, claim.entries, t.now)]);
    await t.app.prize.reading.settle(claim, []);
    expect(await stored(u.id)).toEqual({ seconds: 180, lines: 3, ledger: 3, points: 3, available: 3 });
    // Newer credits, written; then the old batch once more: nothing moves back or doubles.
    t.now += 30_000;
    const last = await readOn([t.app], u, 'retry-session', 2 * MINUTE, books[1]!.id);
    await t.app.prize.flusher.flush();
    await writeCredits(t.app.db, claim.entries, t.now);
    expect(last).toMatchObject({ secondsToday: 330, points: 5 });
    expect(await stored(u.id)).toEqual({ seconds: 330, lines: 5, ledger: 5, points: 5, available: 5 });
  });

  it('writes a reader\u2019s pending credits before a draw spends them', async () => {
    const u = await createUser(t.app.db);
    await readOn([t.app], u, 'draw-session', 10 * MINUTE);
    const drawn = await api(t.app, {
      method: 'POST',
      url: ApiPaths.prizeDraw,
      token: u.token,
      body: { activityCode: code },
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().data.available).toBe(0);
    // The heartbeat answers the spend too.
    t.now += 30_000;
    const next = (await heartbeat(t.app, u, code, books[0]!.id, 'draw-session')).json().data;
    expect(next).toMatchObject({ secondsToday: 630, points: 10, available: 0 });
  });

  it('never writes the pending credits of an erased reader', async () => {
    const u = await createUser(t.app.db);
    await readOn([t.app], u, 'erase-session', 3 * MINUTE);
    const finish = await t.app.db.transaction(async (tx) => {
      const done = await t.app.eraseUser(tx, u.id, new Date(t.now));
      await tx.update(users).set({ status: 'cancelled' }).where(eq(users.id, u.id));
      return done;
    });
    await finish();
    await t.app.prize.flusher.flush();
    expect(await stored(u.id)).toEqual({ seconds: 0, lines: 0, ledger: 0, points: 0, available: 0 });
    // A batch claimed before the cancellation skips the cancelled account.
    await writeCredits(
      t.app.db,
      [{ a: activityId, u: u.id, d: { '2026-01-01': { b: { [books[0]!.id]: 120 }, s: 120, f: 0 } }, r: t.now, m: 1 }],
      t.now,
    );
    expect(await stored(u.id)).toEqual({ seconds: 0, lines: 0, ledger: 0, points: 0, available: 0 });
  });
});

describe.skipIf(!withRedis)('several instances on PostgreSQL and Redis', () => {
  it('credit one reader once when the instances take the heartbeats in turn, and write it once', async () => {
    const kvPrefix = `eavtest:${randomBytes(4).toString('hex')}:`;
    const a = await t.build({ kvPrefix });
    const b = await t.build({ kvPrefix });
    const u = await createUser(t.app.db);
    const last = await readOn([a, b], u, 'shared-session', 10 * MINUTE);
    expect(last).toMatchObject({ secondsToday: 600, points: 10 });
    // Parallel heartbeats on both at one moment credit one interval.
    t.now += 30_000;
    const both = await Promise.all([a, b, a, b].map((app) => heartbeat(app, u, code, books[0]!.id, 'shared-session')));
    expect(both.map((r) => r.json().data.creditedSeconds).reduce((s: number, n: number) => s + n, 0)).toBe(30);
    await Promise.all([a.prize.flusher.flush(), b.prize.flusher.flush(), a.prize.flusher.flush()]);
    expect(await stored(u.id)).toEqual({ seconds: 630, lines: 10, ledger: 10, points: 10, available: 10 });
  });

  it('rank on one instance the points a reader made on the other', async () => {
    const kvPrefix = `eavtest:${randomBytes(4).toString('hex')}:`;
    const a = await t.build({ kvPrefix });
    const b = await t.build({ kvPrefix });
    const rank = (app: FastifyInstance, token?: string) =>
      api(app, { url: ApiPaths.prizeRank, token, query: { activityCode: code } });
    const first = await createUser(t.app.db);
    await readOn([a], first, 'rank-session-a', 3 * MINUTE);
    const seenOnB = (await rank(b, first.token)).json().data;
    expect(seenOnB.me).toMatchObject({ rank: 1, points: 3 });
    // A second reader on `b` overtakes; `a` ranks them first once its first page is older than its cache.
    const second = await createUser(t.app.db);
    await readOn([b], second, 'rank-session-b', 5 * MINUTE);
    t.now += 2_000;
    const seenOnA = (await rank(a, first.token)).json().data;
    expect(seenOnA.top.map((r: { points: number }) => r.points)).toEqual([5, 3]);
    expect(seenOnA.me).toMatchObject({ rank: 2, points: 3 });
    expect(seenOnA.participants).toBe(2);
  });

  it('take over the claim of a writer that died before writing it', async () => {
    const kvPrefix = `eavtest:${randomBytes(4).toString('hex')}:`;
    const a = await t.build({ kvPrefix });
    const b = await t.build({ kvPrefix });
    a.prize.flusher.stop();
    b.prize.flusher.stop();
    const u = await createUser(t.app.db);
    await readOn([a], u, 'crash-session', 2 * MINUTE);
    // `a` claims the batch and dies: the claim stays in Redis, unwritten.
    const claim = (await a.prize.reading.claimAll())!;
    expect(claim.entries).toHaveLength(1);
    await b.prize.flusher.flush();
    expect((await stored(u.id)).seconds).toBe(0);
    // Once the claim is stale, another instance writes it.
    await b.redis!.zadd(`${kvPrefix}prize:claims`, 0, claim.id);
    await b.prize.flusher.flush();
    expect(await stored(u.id)).toEqual({ seconds: 120, lines: 2, ledger: 2, points: 2, available: 2 });
    expect(await b.redis!.zcard(`${kvPrefix}prize:claims`)).toBe(0);
  });
});
