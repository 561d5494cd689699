/**
 * What the question bank stores about a user, removed at account cancellation (docs/api.md, Account
 * cancellation): the question basket and the composed papers.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { basketItems, composedPapers } from '../../db/schema';

/** Erases the basket and composed papers of `userId` inside the cancellation's transaction `tx`. */
export async function eraseQuestionBankData(tx: Tx, userId: number, _now: Date): Promise<void> {
  await tx.delete(basketItems).where(eq(basketItems.userId, userId));
  await tx.delete(composedPapers).where(eq(composedPapers.userId, userId));
}
