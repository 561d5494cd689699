/**
 * Account data access shared by the routes: user lookup, sessions, the login answer, profile
 * completeness and the password lockout (ADR 004).
 */
import {
  beijingDay,
  consentRequired,
  ErrorCode,
  inBeijing,
  LIMITS,
  type LoginData,
  type ProfileIdentity,
} from '@eav/contract';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import { newToken, sha256Hex } from '../../lib/tokens';
import { SESSION_TTL_MS } from '../../plugins/auth';
import { userAgentOf } from './audit';
import { FailureCounter } from './failure-counter';
import { verifyDummy, verifyPassword } from './password';

export type UserRow = typeof users.$inferSelect;

/**
 * Password lockout (ADR 004). A stranger can never lock the owner out of every way in: failures
 * lock the source they came from, and the account-wide lock only holds sources the account has
 * not logged in from; SMS login and reset stay open throughout.
 */
export const LOCKOUT = {
  /** Wrong passwords for one account from one source (client IP) before that source is locked out of it. */
  maxFailures: 5,
  /** How long a lock lasts, and the window a source's failures are counted in (ms). */
  lockMs: 15 * 60_000,
  /** Wrong passwords for one account in a row, from any source, before unfamiliar sources are locked out. */
  accountMaxFailures: 10,
  /** A source the account opened a session from within this time is familiar (ms). */
  familiarSourceMs: 30 * 24 * 60 * 60_000,
} as const;

export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}

export async function findUserByPhone(db: Db | Tx, phone: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return u;
}

/** The user an "account" names: a phone number, otherwise a user name (case-insensitive). */
export async function findUserByAccount(db: Db | Tx, account: string): Promise<UserRow | undefined> {
  if (LIMITS.phone.pattern.test(account)) return findUserByPhone(db, account);
  const [u] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = ${account.toLowerCase()}`)
    .limit(1);
  return u;
}

export async function userNameTaken(db: Db | Tx, userName: string, exceptId?: number): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.userName}) = ${userName.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined),
    )
    .limit(1);
  return !!u;
}

/** Fields the profile form must fill, by identity (students a grade, teachers a subject). */
export function missingProfileFields(
  u: Pick<UserRow, 'identity' | 'realName' | 'school' | 'region' | 'stageId' | 'gradeId' | 'subjectId'>,
): string[] {
  const missing: string[] = [];
  if (!u.realName) missing.push('realName');
  if (!u.school) missing.push('school');
  if (!u.region) missing.push('region');
  if (!u.stageId) missing.push('stageId');
  if (u.identity === 'teacher' ? !u.subjectId : !u.gradeId)
    missing.push(u.identity === 'teacher' ? 'subjectId' : 'gradeId');
  return missing;
}

export const asIdentity = (v: string): ProfileIdentity => (v === 'teacher' || v === 'parent' ? v : 'student');

/** Opens a session: a 256-bit random token, stored as SHA-256 with a sliding 7-day expiry. */
export async function createSession(
  db: Db | Tx,
  request: FastifyRequest,
  userId: number,
  platform: string,
): Promise<{ token: string; expiresAt: Date }> {
  const now = request.server.clock();
  const token = newToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256Hex(token),
    platform,
    ip: request.ip,
    userAgent: userAgentOf(request),
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt,
  });
  return { token, expiresAt };
}

/** Revokes every live session of a user, optionally keeping one. */
export async function revokeSessions(db: Db | Tx, userId: number, now: number, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** The login/register answer (docs/product.md §3: the stored `user`). */
export function loginData(u: UserRow, session: { token: string; expiresAt: Date }): LoginData {
  return {
    userId: u.id,
    token: session.token,
    userName: u.userName,
    name: u.userName,
    phone: u.phone,
    roles: u.roles,
    avatar: u.avatarUrl,
    identity: asIdentity(u.identity),
    personId: u.personId,
    zsVerified: u.zsVerified,
    completed: missingProfileFields(u).length === 0,
    consentRequired: consentRequired(u),
    guardianRequired: u.guardianRequired,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** "14:05" in Beijing time, with the date when it is not today there. */
export function formatBeijing(at: number, now: number): string {
  const when = inBeijing(at);
  if (!when) throw new RangeError(`not an instant: ${at}`);
  return beijingDay(at) === beijingDay(now) ? when.format('HH:mm') : when.format('M/D HH:mm');
}

/** 429 AUTH.LOCKED naming until when (Beijing time) and pointing to SMS login. */
export function lockedError(until: number, now: number): AppError {
  return new AppError(
    429,
    ErrorCode.AUTH_LOCKED,
    `密码错误次数过多，请于 ${formatBeijing(until, now)} 后再试或使用短信登录`,
    {
      lockedUntil: new Date(until).toISOString(),
    },
  );
}

/** 422 AUTH.BAD_CREDENTIALS with the tries left before the lock. */
export function badCredentials(remaining: number, msg = '账号或密码错误'): AppError {
  return unprocessable(remaining > 0 ? `${msg}，还可尝试 ${remaining} 次` : msg, ErrorCode.AUTH_BAD_CREDENTIALS, {
    remaining,
  });
}

/**
 * Counts a wrong password for a user account-wide in one statement (safe under concurrency); the
 * failure that makes LOCKOUT.accountMaxFailures in a row sets `users.locked_until`, and a failure
 * after an expired lock starts counting afresh. Answers the new count and lock time.
 */
export async function recordPasswordFailure(
  db: Db,
  userId: number,
  now: number,
): Promise<{ failures: number; lockedUntil: number | null }> {
  const nowTs = new Date(now).toISOString();
  const lockTs = new Date(now + LOCKOUT.lockMs).toISOString();
  const fresh = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${nowTs}::timestamptz)`;
  const next = sql`(case when ${fresh} then 1 else ${users.failedLoginCount} + 1 end)`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: next,
      lockedUntil: sql`case when ${next} >= ${LOCKOUT.accountMaxFailures} then ${lockTs}::timestamptz when ${fresh} then null else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return { failures: row?.failures ?? 0, lockedUntil: row?.lockedUntil?.getTime() ?? null };
}

/** Clears the failure count and lock after a successful login or password proof. */
export async function clearPasswordFailures(db: Db | Tx, userId: number): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** Whether the user opened a session from `ip` within LOCKOUT.familiarSourceMs before `now`. */
export async function isFamiliarSource(db: Db | Tx, userId: number, ip: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.ip, ip),
        gt(sessions.createdAt, new Date(now - LOCKOUT.familiarSourceMs)),
      ),
    )
    .limit(1);
  return !!row;
}

const sourceFailures = (app: FastifyInstance) =>
  new FailureCounter(app.kv, 'pwfail:src', {
    limit: LOCKOUT.maxFailures,
    windowMs: LOCKOUT.lockMs,
    lockMs: LOCKOUT.lockMs,
  });
/** The account-wide count of names that are no account, kept in kv so they lock like real ones. */
const phantomFailures = (app: FastifyInstance) =>
  new FailureCounter(app.kv, 'pwfail:acct', {
    limit: LOCKOUT.accountMaxFailures,
    windowMs: 24 * 60 * 60_000,
    lockMs: LOCKOUT.lockMs,
  });

/**
 * The per-source counter's subject. For an account it includes the password hash, so a new
 * password (reset, change) starts every source afresh.
 */
const sourceSubject = (user: UserRow | undefined, account: string, ip: string) =>
  user ? `u:${user.id}:${user.passwordHash ?? ''}|${ip}` : `a:${account.toLowerCase()}|${ip}`;

export type PasswordCheck =
  | { ok: true }
  | {
      ok: false;
      reason: 'locked' | 'credentials';
      /** 429 AUTH.LOCKED or 422 AUTH.BAD_CREDENTIALS, for the caller to throw after auditing. */
      error: AppError;
      /** The lock this very failure set, to audit. */
      newLock?: { until: number; scope: 'source' | 'account' };
    };

/**
 * Checks a password attempt from `request.ip` under the lockout rules (ADR 004): LOCKOUT.maxFailures
 * wrong passwords lock that source out of the account for LOCKOUT.lockMs; LOCKOUT.accountMaxFailures
 * in a row from anywhere lock every source that is not familiar (isFamiliarSource, or
 * `options.familiar`, e.g. a logged-in session) for as long. `user` undefined means no such account
 * (or none with a password): the attempt then costs and answers exactly the same, so neither the
 * message, the count nor the timing tells whether the account exists.
 * @param options.msg the failure message before the tries left, default '账号或密码错误'.
 */
export async function checkPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  target: { user: UserRow | undefined; account: string },
  password: string,
  options: { msg?: string; familiar?: boolean } = {},
): Promise<PasswordCheck> {
  const { user, account } = target;
  const now = app.clock();
  const bySource = sourceFailures(app);
  const phantom = phantomFailures(app);
  const subject = sourceSubject(user, account, request.ip);
  const phantomKey = `a:${account.toLowerCase()}`;

  const sourceLock = await bySource.lockedUntil(subject, now);
  const userLockMs = user?.lockedUntil?.getTime() ?? 0;
  const accountLock = user ? (userLockMs > now ? userLockMs : null) : await phantom.lockedUntil(phantomKey, now);
  // Asked for a missing account too (user id 0 has no session), so both cost one query.
  const familiar = options.familiar ?? (await isFamiliarSource(app.db, user?.id ?? 0, request.ip, now));
  const lock = sourceLock ?? (familiar ? null : accountLock);
  if (lock) {
    await verifyDummy(password);
    return { ok: false, reason: 'locked', error: lockedError(lock, now) };
  }

  const good = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);
  if (good) {
    await bySource.clear(subject);
    return { ok: true };
  }
  const bySourceNow = await bySource.fail(subject, now);
  const accountNow = user
    ? (await recordPasswordFailure(app.db, user.id, now)).lockedUntil
    : (await phantom.fail(phantomKey, now)).lockedUntil;
  if (bySourceNow.lockedUntil) {
    const until = bySourceNow.lockedUntil;
    return { ok: false, reason: 'locked', error: lockedError(until, now), newLock: { until, scope: 'source' } };
  }
  if (accountNow && accountNow > now && !familiar) {
    const newLock = accountLock ? undefined : { until: accountNow, scope: 'account' as const };
    return { ok: false, reason: 'locked', error: lockedError(accountNow, now), ...(newLock ? { newLock } : {}) };
  }
  return {
    ok: false,
    reason: 'credentials',
    error: badCredentials(LOCKOUT.maxFailures - bySourceNow.count, options.msg),
  };
}

/** Forgets the wrong passwords `request.ip` made for the user (after it proved ownership, e.g. by SMS). */
export async function forgetSourceFailures(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
): Promise<void> {
  await sourceFailures(app).clear(sourceSubject(user, '', request.ip));
}

/** 404 unless `userId` is the logged-in user (owner check: another user's id is hidden). */
export function assertOwner(request: FastifyRequest, userId: number): void {
  if (request.auth.user.id !== userId) throw notFound('用户不存在');
}

/** 404 unless the logged-in user has role `admin` (operator endpoints are hidden from others). */
export function assertAdmin(request: FastifyRequest): void {
  if (!request.auth.user.roles.includes('admin')) throw notFound();
}

export type App = FastifyInstance;
