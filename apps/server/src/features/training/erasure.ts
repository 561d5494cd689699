/**
 * What the training area stores about a user, handled at account cancellation (docs/training.md,
 * Erasure): enrolments, watching progress, the heartbeat anchor and quiz attempts are deleted; issued
 * certificates are revoked (reason `account-cancelled`) and lose the holder's id and name, keeping
 * course, hours and date, so that a printed code then verifies as revoked rather than as forged.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  trainingAttempts,
  trainingBeats,
  trainingCertificates,
  trainingEnrolments,
  trainingProgress,
} from '../../db/schema';

/** Reason stored on certificates revoked by the holder's account cancellation. */
export const CANCELLED_REASON = 'account-cancelled';

/** Erases the training data of `userId` inside the cancellation's transaction `tx`. */
export async function eraseTrainingData(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.delete(trainingAttempts).where(eq(trainingAttempts.userId, userId));
  await tx.delete(trainingProgress).where(eq(trainingProgress.userId, userId));
  await tx.delete(trainingBeats).where(eq(trainingBeats.userId, userId));
  await tx.delete(trainingEnrolments).where(eq(trainingEnrolments.userId, userId));
  const certs = await tx
    .select({ id: trainingCertificates.id, revokedAt: trainingCertificates.revokedAt })
    .from(trainingCertificates)
    .where(eq(trainingCertificates.userId, userId));
  for (const c of certs)
    await tx
      .update(trainingCertificates)
      .set({
        userId: null,
        holderName: null,
        ...(c.revokedAt ? {} : { revokedAt: now, revokedReason: CANCELLED_REASON }),
      })
      .where(eq(trainingCertificates.id, c.id));
}
