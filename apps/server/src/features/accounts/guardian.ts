/**
 * Guardian consent for pupils under 14 (docs/privacy.md, Guardians; PIPL art. 28, 31): the birth
 * year check of registration, the guardian-consent answer, the rules on which phone may be a
 * guardian's, the 监护人 page's access tokens and its data summary of a pupil.
 */
import {
  beijingYear,
  ErrorCode,
  GuardianMessages,
  LIMITS,
  maskPhone,
  mayBeUnderGuardianAge,
  type GuardianPupilSummary,
  type GuardianStatusData,
} from '@eav/contract';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { auditLog, externalIdentities, files, sessions, users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { newToken, sha256Hex } from '../../lib/tokens';
import { findUserByPhone, type UserRow } from './service';

/**
 * The birth-year facts a registration stores: students must give a year from LIMITS.birthYear.min
 * to the current Beijing year less LIMITS.birthYear.minAge; a student who may not yet be 14 (see
 * `mayBeUnderGuardianAge`) starts browse-only. Teachers store none.
 * @throws 400 with LIMITS.birthYear.message for a year out of range.
 */
export function birthYearFacts(
  identity: string,
  birthYear: number | undefined,
  now: number,
): { birthYear: number | null; guardianRequired: boolean } {
  if (identity !== 'student' || birthYear === undefined) return { birthYear: null, guardianRequired: false };
  if (birthYear > beijingYear(now) - LIMITS.birthYear.minAge) throw badRequest(LIMITS.birthYear.message);
  return { birthYear, guardianRequired: mayBeUnderGuardianAge(birthYear, now) };
}

/** The 403 of a browse-only pupil's writes (plugins/auth.ts answers it). */
export const guardianRequiredError = (msg: string) => new AppError(403, ErrorCode.AUTH_GUARDIAN_REQUIRED, msg);

/** The guardian-consent answer for a user row (the guardian's phone masked). */
export function guardianStatusOf(u: UserRow): GuardianStatusData {
  return {
    guardianRequired: u.guardianRequired,
    birthYear: u.birthYear,
    guardianPhone: u.guardianPhone ? maskPhone(u.guardianPhone) : null,
    consentVersion: u.guardianConsentVersion,
    consentedAt: u.guardianConsentedAt ? u.guardianConsentedAt.toISOString() : null,
  };
}

/**
 * Refuses (400) a phone that cannot be the pupil's guardian's: the pupil's own registered phone, or
 * the phone of an account that is itself a pupil who may be under 14.
 */
export async function assertGuardianPhone(db: Db | Tx, pupil: UserRow, phone: string, now: number): Promise<void> {
  if (pupil.phone === phone) throw badRequest(GuardianMessages.ownPhone);
  const owner = await findUserByPhone(db, phone);
  if (owner && (owner.guardianRequired || (owner.birthYear !== null && mayBeUnderGuardianAge(owner.birthYear, now))))
    throw badRequest(GuardianMessages.pupilPhone);
}

/** The SMS scope that binds a guardian code to the one pupil whose session asked for it. */
export const guardianScope = (userId: number) => `pupil:${userId}`;

const ACCESS_TTL_MS = LIMITS.guardianAccessTtlSeconds * 1000;
const accessKey = (token: string) => `guardian-access:${sha256Hex(token)}`;

/** Opens the 监护人 page for a verified phone: answers a 256-bit token, kept (hashed) for its TTL. */
export async function openGuardianAccess(app: FastifyInstance, phone: string): Promise<string> {
  const token = newToken();
  const until = app.clock() + ACCESS_TTL_MS;
  await app.kv.set(accessKey(token), JSON.stringify({ phone, until }), ACCESS_TTL_MS);
  return token;
}

/**
 * The guardian phone a live access token was opened for.
 * @throws 401 with GuardianMessages.accessExpired for an unknown or expired token.
 */
export async function guardianPhoneOf(app: FastifyInstance, token: string): Promise<string> {
  const raw = await app.kv.get(accessKey(token));
  const entry = raw ? (JSON.parse(raw) as { phone: string; until: number }) : null;
  if (!entry || entry.until <= app.clock()) throw new AppError(401, 401, GuardianMessages.accessExpired);
  return entry.phone;
}

/** Ends an access token (after an erasure the guardian verifies again for the next one). */
export async function closeGuardianAccess(app: FastifyInstance, token: string): Promise<void> {
  await app.kv.del(accessKey(token));
}

/** The active accounts whose recorded guardian phone is `phone`, oldest first. */
export async function pupilsOfGuardian(db: Db | Tx, phone: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.guardianPhone, phone), eq(users.status, 'active')))
    .orderBy(users.id);
}

/** Entries of the recent-activity list on the 监护人 page. */
const RECENT_ACTIVITY = 10;

/**
 * What the accounts feature holds about a pupil, for the guardian: the profile fields, the consents,
 * counts of sessions, uploads, third-party logins and audit entries, and the latest audit events
 * (event and time only). `now` bounds the live sessions.
 */
export async function pupilSummary(db: Db | Tx, u: UserRow, now: number): Promise<GuardianPupilSummary> {
  const [[s], [f], [b], [a], recent] = await Promise.all([
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now)))),
    db.select({ n: count() }).from(files).where(eq(files.ownerId, u.id)),
    db.select({ n: count() }).from(externalIdentities).where(eq(externalIdentities.userId, u.id)),
    db.select({ n: count() }).from(auditLog).where(eq(auditLog.userId, u.id)),
    db
      .select({ event: auditLog.event, at: auditLog.createdAt })
      .from(auditLog)
      .where(eq(auditLog.userId, u.id))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(RECENT_ACTIVITY),
  ]);
  return {
    userId: u.id,
    userName: u.userName,
    phone: u.phone ? maskPhone(u.phone) : null,
    identity: u.identity,
    birthYear: u.birthYear,
    realName: u.realName,
    school: u.school,
    region: u.region,
    hasAvatar: !!u.avatarUrl,
    createdAt: u.createdAt.toISOString(),
    consentVersion: u.consentVersion,
    guardianConsentVersion: u.guardianConsentVersion,
    guardianConsentedAt: u.guardianConsentedAt ? u.guardianConsentedAt.toISOString() : null,
    counts: { sessions: s?.n ?? 0, files: f?.n ?? 0, bindings: b?.n ?? 0, auditEntries: a?.n ?? 0 },
    recentActivity: recent.map((r) => ({ event: r.event, at: r.at.toISOString() })),
  };
}
