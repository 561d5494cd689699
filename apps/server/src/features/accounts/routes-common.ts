/**
 * Pieces the account routes share (a user's own and the console's): the `{userId}` path parameter, the empty answer,
 * and the password proof of sensitive operations (docs/accounts.md, Rules).
 */
import { envelope, idField } from '@eav/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditLock } from './audit';
import { checkPassword, type UserRow } from './service';

/** `{userId}` of the per-user paths: an `integer` id, else 400 '用户 id 无效'. */
export const userIdParams = z.object({ userId: idField('用户 id 无效') });

/** `{ code: 200, msg: 'success', data: null }`. */
export const nullEnvelope = envelope(z.null());

/**
 * Checks the current password of a logged-in user (password change, cancellation) under the same
 * lockout rules as a login (ADR 004; the session makes the source familiar), auditing a lock it sets.
 * @throws 429 AUTH.LOCKED while locked or when this failure locks,
 *   422 AUTH.BAD_CREDENTIALS (`msg` plus the tries left) for a wrong password.
 */
export async function provePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  password: string,
  msg: string,
): Promise<void> {
  const r = await checkPassword(app, request, { user, account: user.userName }, password, { msg, familiar: true });
  if (r.ok) return;
  if (r.newLock) await auditLock(app.db, request, user.id, r.newLock);
  throw r.error;
}
