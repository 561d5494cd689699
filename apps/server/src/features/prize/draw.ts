/**
 * Prize draws (docs/prize.md, Draws). One transaction per draw:
 * 1. lock the user's participant row (parallel draws of one user queue here), answer the first
 *    result again for a repeated `requestId`, check the per-user limit and the balance, and spend
 *    the points with a conditional UPDATE (`available >= cost AND draws < limit`);
 * 2. pick a group by the published weights with `crypto.randomInt(totalWeight)`;
 * 3. take one from its stock with `UPDATE … SET stock = stock - 1 WHERE id = $1 AND stock > 0
 *    RETURNING stock`, so the stock never goes below zero under any concurrency; when the drawn
 *    group has run out, the `fallback` group is awarded instead (documented with the rules); when
 *    that has run out too, the draw fails with PRIZE.SOLD_OUT and the transaction (the spend
 *    included) is rolled back;
 * 4. append the audit row (random value, total weight, stock before and after) and the ledger line.
 */
import { randomInt } from 'node:crypto';
import { ErrorCode, PrizeMessages, type DrawResult, type MyPrize } from '@eav/contract';
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { prizeDraws, prizeGroups, prizeParticipants } from '../../db/schema';
import { conflict, unprocessable } from '../../lib/errors';
import type { Activity } from './activities';
import { appendLedger, lockParticipant } from './points';

type GroupRow = typeof prizeGroups.$inferSelect;

/** The group a random value in [0, total weight) falls into, by the published order and weights. */
export function pickGroup(groups: readonly Pick<GroupRow, 'id' | 'weight'>[], value: number): number {
  let acc = 0;
  for (const g of groups) {
    acc += g.weight;
    if (value < acc) return g.id;
  }
  throw new Error('random value outside the total weight');
}

async function takeOne(tx: Tx, groupId: number): Promise<number | null> {
  const [row] = await tx
    .update(prizeGroups)
    .set({ stock: sql`${prizeGroups.stock} - 1` })
    .where(and(eq(prizeGroups.id, groupId), gt(prizeGroups.stock, 0)))
    .returning({ stock: prizeGroups.stock });
  return row ? row.stock : null;
}

function prizeOf(d: { id: number; awardedGroupId: number; fallback: boolean; createdAt: Date }, name: string): MyPrize {
  return { drawId: d.id, groupId: d.awardedGroupId, name, fallback: d.fallback, drawnAt: d.createdAt.toISOString() };
}

export interface DrawOutcome {
  result: DrawResult;
  /** A repeated requestId: the first result, nothing spent again. */
  repeated: boolean;
}

/**
 * Draws once for `userId` in the running activity `a` at `now`.
 * @throws 422 PRIZE.LIMIT_REACHED / PRIZE.POINTS_INSUFFICIENT; 409 PRIZE.SOLD_OUT.
 */
export async function draw(db: Db, a: Activity, userId: number, now: number, requestId?: string): Promise<DrawOutcome> {
  return db.transaction(async (tx) => {
    const totals = await lockParticipant(tx, a.id, userId, now);
    const groups = await tx
      .select()
      .from(prizeGroups)
      .where(eq(prizeGroups.activityId, a.id))
      .orderBy(asc(prizeGroups.sortOrder), asc(prizeGroups.id));
    const nameOf = new Map(groups.map((g) => [g.id, g.name]));
    if (requestId) {
      const [earlier] = await tx
        .select()
        .from(prizeDraws)
        .where(
          and(eq(prizeDraws.activityId, a.id), eq(prizeDraws.userId, userId), eq(prizeDraws.requestId, requestId)),
        );
      if (earlier)
        return {
          repeated: true,
          result: {
            prize: prizeOf(earlier, nameOf.get(earlier.awardedGroupId) ?? ''),
            pointsSpent: earlier.cost,
            available: totals.available,
            drawsLeft: Math.max(0, a.perUserPrizeLimit - totals.draws),
          },
        };
    }
    if (totals.draws >= a.perUserPrizeLimit)
      throw unprocessable(PrizeMessages.limitReached, ErrorCode.PRIZE_LIMIT_REACHED);
    if (totals.available < a.drawCost)
      throw unprocessable(PrizeMessages.pointsInsufficient, ErrorCode.PRIZE_POINTS_INSUFFICIENT, {
        available: totals.available,
        drawCost: a.drawCost,
      });
    const [spent] = await tx
      .update(prizeParticipants)
      .set({
        available: sql`${prizeParticipants.available} - ${a.drawCost}`,
        draws: sql`${prizeParticipants.draws} + 1`,
      })
      .where(
        and(
          eq(prizeParticipants.activityId, a.id),
          eq(prizeParticipants.userId, userId),
          gte(prizeParticipants.available, a.drawCost),
          lt(prizeParticipants.draws, a.perUserPrizeLimit),
        ),
      )
      .returning({ available: prizeParticipants.available, draws: prizeParticipants.draws });
    // Unreachable while the row is locked; kept so that the spend can never go through unchecked.
    if (!spent) throw unprocessable(PrizeMessages.pointsInsufficient, ErrorCode.PRIZE_POINTS_INSUFFICIENT);

    const totalWeight = groups.reduce((s, g) => s + g.weight, 0);
    const value = randomInt(totalWeight);
    const drawnGroupId = pickGroup(groups, value);
    let awardedGroupId = drawnGroupId;
    let stockAfter = await takeOne(tx, drawnGroupId);
    let fallback = false;
    if (stockAfter === null) {
      const fb = groups.find((g) => g.fallback && g.id !== drawnGroupId);
      if (fb) {
        stockAfter = await takeOne(tx, fb.id);
        awardedGroupId = fb.id;
        fallback = true;
      }
    }
    if (stockAfter === null) throw conflict(PrizeMessages.soldOut, ErrorCode.PRIZE_SOLD_OUT);

    const [row] = await tx
      .insert(prizeDraws)
      .values({
        activityId: a.id,
        userId,
        requestId: requestId ?? null,
        drawnGroupId,
        awardedGroupId,
        randomValue: value,
        totalWeight,
        stockBefore: stockAfter + 1,
        stockAfter,
        fallback,
        cost: a.drawCost,
        createdAt: new Date(now),
      })
      .returning();
    await appendLedger(tx, a.id, userId, [{ reason: 'draw', reference: String(row!.id), amount: -a.drawCost }], now);
    return {
      repeated: false,
      result: {
        prize: prizeOf(row!, nameOf.get(awardedGroupId) ?? ''),
        pointsSpent: a.drawCost,
        available: spent.available,
        drawsLeft: Math.max(0, a.perUserPrizeLimit - spent.draws),
      },
    };
  });
}

/** The prizes the user won in the activity, newest first. */
export async function prizesOf(db: Db, activityId: number, userId: number): Promise<MyPrize[]> {
  const rows = await db
    .select({
      id: prizeDraws.id,
      awardedGroupId: prizeDraws.awardedGroupId,
      fallback: prizeDraws.fallback,
      createdAt: prizeDraws.createdAt,
      name: prizeGroups.name,
    })
    .from(prizeDraws)
    .innerJoin(prizeGroups, eq(prizeGroups.id, prizeDraws.awardedGroupId))
    .where(and(eq(prizeDraws.activityId, activityId), eq(prizeDraws.userId, userId)))
    .orderBy(desc(prizeDraws.createdAt), desc(prizeDraws.id));
  return rows.map((r) => prizeOf(r, r.name));
}
