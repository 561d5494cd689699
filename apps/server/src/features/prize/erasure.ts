/**
 * What the activity stores about a user, removed at account cancellation (docs/prize.md, Erasure):
 * participant totals, reading time and the points ledger are deleted; the draw audit keeps its rows
 * (they account for the stock) without the user. The heartbeat anchor, the reading state, credits
 * not yet written and the ranking entries outside the database are dropped at once (so no batch
 * writes them back) and again after the commit; a batch already in flight skips cancelled accounts
 * (credits.ts).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { prizeActivities, prizeDraws, prizeParticipants, prizePointsLedger, prizeReadingTime } from '../../db/schema';
import type { ErasureContext } from '../../plugins/erasure';
import type { PrizeService } from './service';

export function prizeEraser(service: PrizeService) {
  return async (tx: Tx, userId: number, _now: Date, ctx: ErasureContext): Promise<void> => {
    // Every activity: credits may be pending where the user has no participant row yet.
    const activityIds = (await tx.select({ id: prizeActivities.id }).from(prizeActivities)).map((a) => a.id);
    await service.reading.forget(userId, activityIds);
    const joined = await tx
      .delete(prizeParticipants)
      .where(eq(prizeParticipants.userId, userId))
      .returning({ activityId: prizeParticipants.activityId });
    await tx.delete(prizeReadingTime).where(eq(prizeReadingTime.userId, userId));
    await tx.delete(prizePointsLedger).where(eq(prizePointsLedger.userId, userId));
    await tx.update(prizeDraws).set({ userId: null }).where(eq(prizeDraws.userId, userId));
    for (const j of joined) if (!activityIds.includes(j.activityId)) activityIds.push(j.activityId);
    ctx.afterCommit(() => service.forgetUser(userId, activityIds));
  };
}
