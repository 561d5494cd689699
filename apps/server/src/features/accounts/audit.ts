/**
 * Security audit trail (docs/accounts.md; MLPS 2.0 security audit): one row per login, failure, lock,
 * logout, register, password change, reset, cancel and operator action, with who, when, IP,
 * user agent and result. Callers pass no secrets: `detail` must never hold passwords, codes or tokens.
 * Console writes (docs/console.md) also carry the operator (`actorId`), the target (`user:12`,
 * `code_batch:3`) and the values before and after; every feature writes them through `operatorAudit`,
 * which app.ts hands them as a plugin option.
 */
import { maskPhone } from '@eav/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuditJson, OperatorAudit, OperatorAuditEvent } from '../../lib/operator-audit';

export type AuditEvent =
  | 'login'
  | 'login_failed'
  | 'lock'
  | 'logout'
  | 'register'
  | 'password_change'
  | 'password_reset'
  | 'cancel'
  | 'sms_send'
  | 'admin_status'
  | 'admin_platform'
  | 'consent'
  // guardians of pupils under 14 (docs/privacy.md, Guardians)
  | 'guardian_consent'
  | 'guardian_access'
  | 'guardian_view'
  | 'guardian_erasure'
  // third-party login (docs/identity.md)
  | 'bind'
  | 'unbind'
  | 'identity_select'
  | 'class_server_key'
  // an operator's own console sign-in (docs/console.md)
  | 'console_mfa_enrol'
  | 'console_mfa_verify'
  // operators' writes (lib/operator-audit.ts)
  | OperatorAuditEvent;

/** Values recorded before and after a console write: JSON, never secrets. */
export type AuditValues = Record<string, AuditJson>;

export interface AuditEntry {
  event: AuditEvent;
  result: 'success' | 'failure';
  userId?: number | null;
  /** The account or masked phone an attempt named (for attempts without a known user). */
  subject?: string | null;
  detail?: Record<string, string | number | boolean | null>;
  /** The operator of a console write. */
  actorId?: number | null;
  /** What a console write changed, e.g. `user:12`. */
  target?: string | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
  /**
   * Leave out the IP and user agent: an entry about an account that has just been erased must
   * not keep the person's network trail (docs/accounts.md, Erasure).
   */
  anonymous?: boolean;
}

/** Writes one audit row from the request's IP and user agent, at the app clock's time. */
export async function audit(db: Db | Tx, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    event: entry.event,
    result: entry.result,
    userId: entry.userId ?? null,
    subject: entry.subject?.slice(0, 64) ?? null,
    ip: entry.anonymous ? null : request.ip,
    userAgent: entry.anonymous ? null : userAgentOf(request),
    detail: entry.detail ?? null,
    actorId: entry.actorId ?? null,
    target: entry.target?.slice(0, 64) ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: new Date(request.server.clock()),
  });
}

/**
 * The one writer of operators' console writes (lib/operator-audit.ts): the request's user as the
 * operator, the action, its target, the values before and after, non-personal detail, IP and time.
 * app.ts hands it to the features as their `audit` option.
 */
export const operatorAudit: OperatorAudit = (db, request, entry) =>
  audit(db, request, {
    event: entry.event,
    result: entry.result ?? 'success',
    userId: entry.userId ?? null,
    actorId: request.auth.user.id,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...(entry.detail ? { detail: entry.detail } : {}),
  });

/** The request's User-Agent, bounded. */
export function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 300) : null;
}

/**
 * Erasure of a cancelled account from the audit trail (docs/accounts.md, Erasure): its entries stay
 * as anonymous security statistics (event, result, time, non-personal detail) but lose the user id,
 * the subject, the IP and the user agent; attempts that named its user name or (masked) phone
 * without a known user lose the same; and operator actions it performed lose `detail.by` and the
 * operator (`actor_id`).
 */
export async function eraseAuditTrail(
  tx: Tx,
  person: { id: number; userName: string; phone: string | null },
): Promise<void> {
  const anonymous = { userId: null, subject: null, ip: null, userAgent: null };
  await tx.update(auditLog).set(anonymous).where(eq(auditLog.userId, person.id));
  const subjects = [person.userName.toLowerCase()];
  if (person.phone) subjects.push(person.phone, maskPhone(person.phone));
  await tx
    .update(auditLog)
    .set(anonymous)
    .where(and(isNull(auditLog.userId), inArray(sql`lower(${auditLog.subject})`, subjects)));
  await tx
    .update(auditLog)
    .set({ detail: sql`${auditLog.detail} - 'by'` })
    .where(sql`${auditLog.detail}->>'by' = ${String(person.id)}`);
  await tx.update(auditLog).set({ actorId: null }).where(eq(auditLog.actorId, person.id));
}

/** Records that a wrong password set a lock (`scope`: the source address or the whole account, ADR 004). */
export async function auditLock(
  db: Db | Tx,
  request: FastifyRequest,
  userId: number,
  lock: { until: number; scope: 'source' | 'account' },
): Promise<void> {
  await audit(db, request, {
    event: 'lock',
    result: 'success',
    userId,
    detail: { until: new Date(lock.until).toISOString(), scope: lock.scope },
  });
}
