/**
 * Security audit trail (issue 3; MLPS 2.0 security audit): one row per login, failure, lock,
 * logout, register, password change, reset, cancel and operator action, with who, when, IP,
 * user agent and result. Callers pass no secrets: `detail` must never hold passwords, codes or tokens.
 */
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

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
  | 'admin_platform';

export interface AuditEntry {
  event: AuditEvent;
  result: 'success' | 'failure';
  userId?: number | null;
  /** The account or masked phone an attempt named (for attempts without a known user). */
  subject?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

/** 138****0001: phones in audit subjects are masked (the user id identifies known users). */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '***';
}

/** Writes one audit row from the request's IP and user agent, at the app clock's time. */
export async function audit(db: Db | Tx, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    event: entry.event,
    result: entry.result,
    userId: entry.userId ?? null,
    subject: entry.subject?.slice(0, 64) ?? null,
    ip: request.ip,
    userAgent: userAgentOf(request),
    detail: entry.detail ?? null,
    createdAt: new Date(request.server.clock()),
  });
}

/** The request's User-Agent, bounded. */
export function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 300) : null;
}
