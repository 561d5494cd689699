/**
 * Prize draws (docs/prize.md, Draws): stock never oversold under concurrency, the per-user limit
 * and the balance hold under parallel draws of one user, the fallback group when the drawn one ran
 * out, an audit row per draw, and a repeated requestId answering the first result.
 */
import { ApiPaths } from '@eav/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { prizeDraws, prizeGroups, prizeParticipants, prizePointsLedger } from '../src/db/schema';
import { api } from './helpers';
import { createActivity, createUsers, definition, importBooks, T0, usePrizeApp } from './prize-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const t = usePrizeApp();
let bookExt: string[] = [];

beforeEach(async () => {
  t.now = T0;
  bookExt = (await importBooks(t.app, 1)).map((b) => b.externalId);
});

/** Gives `user` `points` to spend in the activity (as if earned by reading). */
async function givePoints(activityId: number, user: TestUser, points: number) {
  await t.app.db
    .insert(prizeParticipants)
    .values({ activityId, userId: user.id, points, available: points, reachedAt: new Date(t.now) });
}

const drawOnce = (user: TestUser, activityCode: string, requestId?: string) =>
  api(t.app, { method: 'POST', url: ApiPaths.prizeDraw, token: user.token, body: { activityCode, requestId } });

describe('draws', () => {
  it('awards exactly 10 prizes to 200 parallel draws on a stock of 10', async () => {
    const def = definition(bookExt, T0 - 3600_000, {
      perUserPrizeLimit: 1,
      prizeGroups: [{ name: '限量奖', quantity: 10, weight: 1 }],
    });
    const a = await createActivity(t.app, def, T0 - 7200_000);
    const users = await createUsers(t.app, 200);
    await t.app.db
      .insert(prizeParticipants)
      .values(
        users.map((u) => ({ activityId: a.id, userId: u.id, points: 10, available: 10, reachedAt: new Date(t.now) })),
      );
    const results = await Promise.all(users.map((u) => drawOnce(u, def.code)));
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'PRIZE.SOLD_OUT')).toBe(true);
    expect(results.filter((r) => r.statusCode !== 200 && r.statusCode !== 409)).toHaveLength(0);
    const [g] = await t.app.db.select().from(prizeGroups).where(eq(prizeGroups.activityId, a.id));
    expect(g!.stock).toBe(0);
    const audit = await t.app.db.select().from(prizeDraws).where(eq(prizeDraws.activityId, a.id));
    expect(audit).toHaveLength(10);
    expect(audit.map((d) => d.stockAfter).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(audit.every((d) => d.stockBefore === d.stockAfter + 1 && d.randomValue === 0 && d.totalWeight === 1)).toBe(
      true,
    );
    // The losers kept their points (the spend was rolled back with the failed draw).
    const [sum] = await t.app.db
      .select({ s: sql<number>`sum(available)::int` })
      .from(prizeParticipants)
      .where(eq(prizeParticipants.activityId, a.id));
    expect(sum!.s).toBe(190 * 10);
  }, 90_000);

  it("respects one user's limit and balance under 20 parallel draws", async () => {
    const def = definition(bookExt, T0 - 3600_000, { perUserPrizeLimit: 3 });
    const a = await createActivity(t.app, def, T0 - 7200_000);
    const rich = await createUser(t.app.db);
    await givePoints(a.id, rich, 1000);
    const r1 = await Promise.all(Array.from({ length: 20 }, () => drawOnce(rich, def.code)));
    expect(r1.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(r1.filter((r) => r.statusCode === 422).every((r) => r.json().code === 'PRIZE.LIMIT_REACHED')).toBe(true);

    const poor = await createUser(t.app.db);
    await givePoints(a.id, poor, 25);
    const r2 = await Promise.all(Array.from({ length: 20 }, () => drawOnce(poor, def.code)));
    expect(r2.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(r2.filter((r) => r.statusCode === 422).every((r) => r.json().code === 'PRIZE.POINTS_INSUFFICIENT')).toBe(
      true,
    );
    const [p] = await t.app.db
      .select()
      .from(prizeParticipants)
      .where(and(eq(prizeParticipants.activityId, a.id), eq(prizeParticipants.userId, poor.id)));
    expect(p).toMatchObject({ available: 5, draws: 2, points: 25 });
    const spent = await t.app.db
      .select({ s: sql<number>`sum(amount)::int`, n: sql<number>`count(*)::int` })
      .from(prizePointsLedger)
      .where(and(eq(prizePointsLedger.userId, poor.id), eq(prizePointsLedger.reason, 'draw')));
    expect(spent[0]).toEqual({ s: -20, n: 2 });

    const mine = await api(t.app, { url: ApiPaths.prizeMine, token: poor.token, query: { activityCode: def.code } });
    expect(mine.json().data).toHaveLength(2);
    const groups = await api(t.app, {
      url: ApiPaths.prizeGroups,
      token: poor.token,
      query: { activityCode: def.code },
    });
    expect(groups.json().data).toMatchObject({ drawCost: 10, myDrawsLeft: 1, totalWeight: 10 });
  });

  it('awards the fallback group when the drawn one ran out, and audits it', async () => {
    const def = definition(bookExt, T0 - 3600_000, {
      perUserPrizeLimit: 5,
      prizeGroups: [
        { name: '一等奖', quantity: 1, weight: 1 },
        { name: '参与奖', quantity: 100, weight: 0, fallback: true },
      ],
    });
    const a = await createActivity(t.app, def, T0 - 7200_000);
    const u = await createUser(t.app.db);
    await givePoints(a.id, u, 30);
    const first = (await drawOnce(u, def.code)).json().data;
    expect(first.prize).toMatchObject({ name: '一等奖', fallback: false });
    const second = (await drawOnce(u, def.code)).json().data;
    expect(second.prize).toMatchObject({ name: '参与奖', fallback: true });
    expect(second).toMatchObject({ available: 10, drawsLeft: 3 });
    const audit = await t.app.db.select().from(prizeDraws).where(eq(prizeDraws.id, second.prize.drawId));
    expect(audit[0]).toMatchObject({ fallback: true, stockBefore: 100, stockAfter: 99 });
    expect(audit[0]!.drawnGroupId).not.toBe(audit[0]!.awardedGroupId);
    // The audit is append-only.
    await expect(
      t.app.db.update(prizeDraws).set({ stockAfter: 5 }).where(eq(prizeDraws.id, second.prize.drawId)),
    ).rejects.toThrow();
  });

  it('answers a repeated requestId with the first result and spends once', async () => {
    const def = definition(bookExt, T0 - 3600_000);
    const a = await createActivity(t.app, def, T0 - 7200_000);
    const u = await createUser(t.app.db);
    await givePoints(a.id, u, 20);
    const [x, y] = await Promise.all([drawOnce(u, def.code, 'req-12345678'), drawOnce(u, def.code, 'req-12345678')]);
    expect(x.statusCode).toBe(200);
    expect(y.statusCode).toBe(200);
    expect(x.json().data.prize.drawId).toBe(y.json().data.prize.drawId);
    const [p] = await t.app.db
      .select()
      .from(prizeParticipants)
      .where(and(eq(prizeParticipants.activityId, a.id), eq(prizeParticipants.userId, u.id)));
    expect(p).toMatchObject({ available: 10, draws: 1 });
  });

  it('refuses draws when logged out, outside the activity and for unknown codes', async () => {
    const anon = await api(t.app, { method: 'POST', url: ApiPaths.prizeDraw, body: { activityCode: 'X1' } });
    expect(anon.statusCode).toBe(401);
    const u = await createUser(t.app.db);
    expect((await drawOnce(u, 'NO-SUCH')).statusCode).toBe(404);
    const bad = await api(t.app, {
      method: 'POST',
      url: ApiPaths.prizeDraw,
      token: u.token,
      body: { activityCode: '<x>' },
    });
    expect(bad.statusCode).toBe(400);
    const later = definition(bookExt, T0 + 86400_000);
    await createActivity(t.app, later, T0);
    const early = await drawOnce(u, later.code);
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('PRIZE.NOT_RUNNING');
  });
});
