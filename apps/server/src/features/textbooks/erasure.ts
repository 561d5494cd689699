/**
 * What the textbooks feature stores about a user, removed or anonymised at account cancellation
 * (docs/api.md, Account cancellation): the books the user owns, reading progress, reader marks
 * (tombstones included), wrong-code attempts; redeemed activation codes stay used (a code is single-use whoever redeemed it) but lose
 * the link to the user, as do console code batches the user created or voided.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  activationBatches,
  activationCodes,
  activationFailures,
  readerMarks,
  readingProgress,
  userTextbooks,
} from '../../db/schema';

/**
 * Erases the textbook data of `userId` inside the cancellation's transaction `tx`. `_now` (the
 * cancellation time) is unused: nothing here is kept with a timestamp of its own.
 */
export async function eraseTextbookData(tx: Tx, userId: number, _now: Date): Promise<void> {
  await tx.delete(readingProgress).where(eq(readingProgress.userId, userId));
  await tx.delete(readerMarks).where(eq(readerMarks.userId, userId));
  await tx.delete(userTextbooks).where(eq(userTextbooks.userId, userId));
  await tx.delete(activationFailures).where(eq(activationFailures.userId, userId));
  await tx.update(activationCodes).set({ usedBy: null }).where(eq(activationCodes.usedBy, userId));
  // Console batches an operator created or voided lose the link to that operator.
  await tx.update(activationBatches).set({ createdBy: null }).where(eq(activationBatches.createdBy, userId));
  await tx.update(activationBatches).set({ voidedBy: null }).where(eq(activationBatches.voidedBy, userId));
}
