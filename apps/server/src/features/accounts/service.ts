/**
 * Account data access shared by the routes: user lookup, sessions, the login answer, profile
 * completeness and the password lockout (issue 3, brute-force rule).
 */
import { ErrorCode, LIMITS, type Identity, type LoginData } from '@eav/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import { newToken, sha256Hex } from '../../lib/tokens';
import { SESSION_TTL_MS } from '../../plugins/auth';
import { userAgentOf } from './audit';

export type UserRow = typeof users.$inferSelect;

/** Wrong passwords in a row before password login is locked, and for how long. */
export const LOCKOUT = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

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

export const asIdentity = (v: string): Identity => (v === 'teacher' ? 'teacher' : 'student');

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

/** The login/register answer (spec section 3: the stored `user`). */
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
    expiresAt: session.expiresAt.toISOString(),
  };
}

const beijingTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const beijingDay = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric' });

/** "14:05" in Beijing time, with the date when it is not today there. */
export function formatBeijing(at: number, now: number): string {
  const time = beijingTime.format(at);
  return beijingDay.format(at) === beijingDay.format(now) ? time : `${beijingDay.format(at)} ${time}`;
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
 * Counts a wrong password for a user in one statement (safe under concurrency); a failure after
 * an expired lock starts counting afresh. Answers the new count and lock time.
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
      lockedUntil: sql`case when ${next} >= ${LOCKOUT.maxFailures} then ${lockTs}::timestamptz when ${fresh} then null else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return { failures: row?.failures ?? 0, lockedUntil: row?.lockedUntil?.getTime() ?? null };
}

/** Clears the failure count and lock after a successful login or password proof. */
export async function clearPasswordFailures(db: Db | Tx, userId: number): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
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
