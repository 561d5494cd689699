/**
 * What accounts erases at cancellation (docs/accounts.md, Erasure): sessions, granted platforms,
 * uploaded files and their bytes, the SMS codes sent to the phone, the audit trail's personal
 * data, and finally the users row itself, which stays only as an anonymised tombstone (status
 * `cancelled`, so that the id is never reused and the phone and user name are free again).
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import type { ResourceStorage } from '../../lib/storage';
import { cancelledTokens, files, sessions, smsCodes, userPlatforms, users } from '../../db/schema';
import { eraseAuditTrail } from './audit';
import { removeStoredFiles } from './files';
import { findUserById } from './service';

/** Registers the accounts erasers with the erasure registry (plugins/erasure.ts). */
export function registerAccountErasers(app: FastifyInstance, storage: ResourceStorage): void {
  app.registerErasure('accounts.sessions', async (tx, userId, now) => {
    const gone = await tx
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ tokenHash: sessions.tokenHash, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt });
    // Live tokens keep answering 403 until they would have expired; the hash alone names nobody.
    const live = gone.filter((s) => !s.revokedAt && s.expiresAt > now);
    if (live.length) {
      await tx
        .insert(cancelledTokens)
        .values(live.map((s) => ({ tokenHash: s.tokenHash, expiresAt: s.expiresAt })))
        .onConflictDoNothing();
    }
    await tx.delete(cancelledTokens).where(lt(cancelledTokens.expiresAt, now));
  });
  app.registerErasure('accounts.platforms', async (tx, userId) => {
    await tx.delete(userPlatforms).where(eq(userPlatforms.userId, userId));
  });
  app.registerErasure('accounts.files', async (tx, userId, _now, ctx) => {
    const gone = await tx.delete(files).where(eq(files.ownerId, userId)).returning({ storageKey: files.storageKey });
    ctx.afterCommit(() =>
      removeStoredFiles(
        storage,
        gone.map((f) => f.storageKey),
      ),
    );
  });
  app.registerErasure('accounts.sms-codes', async (tx, userId) => {
    const user = await findUserById(tx, userId);
    if (user?.phone) await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
  });
  app.registerErasure('accounts.audit', async (tx, userId) => {
    const user = await findUserById(tx, userId);
    if (user) await eraseAuditTrail(tx, user);
  });
}

/**
 * Turns the users row into an anonymised tombstone: every personal field emptied, the user name
 * replaced by `注销用户_{id}`, status `cancelled`. Runs after every eraser (they may still read
 * the row), in the same transaction.
 */
export async function anonymiseAccount(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      status: 'cancelled',
      userName: `注销用户_${userId}`,
      phone: null,
      passwordHash: null,
      realName: null,
      school: null,
      region: null,
      stageId: null,
      gradeId: null,
      subjectId: null,
      avatarUrl: null,
      personId: null,
      zsVerified: false,
      roles: [],
      failedLoginCount: 0,
      lockedUntil: null,
      config: sql`'{}'::jsonb`,
      birthYear: null,
      guardianRequired: false,
      guardianPhone: null,
      guardianConsentVersion: null,
      guardianConsentedAt: null,
      cancelledAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * Erases an account inside `tx` (cancellation by its owner, or by its guardian): every registered
 * eraser, then the anonymised tombstone. Answers the after-commit step (stored files); call
 * `app.forgetSessions` and it after the commit.
 */
export async function eraseAccount(
  app: FastifyInstance,
  tx: Tx,
  userId: number,
  now: number,
): Promise<() => Promise<void>> {
  const at = new Date(now);
  const finish = await app.eraseUser(tx, userId, at);
  await anonymiseAccount(tx, userId, at);
  return finish;
}
