/**
 * An administrator resets another user's second factor (docs/console.md, Second factor, Lost phone):
 * `DELETE /api/v1/admin/users/{id}/mfa` deletes the TOTP enrolment and the recovery codes, ends the
 * user's sessions and is audited as `console_mfa_reset`; the user enrols again at the next console
 * login. Admin only; one's own and an account without a second factor are refused with 409.
 */
import { ApiPaths, type AdminUserDetail, type ConsoleMfaEnrolment } from '@eav/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditLog, consoleMfa, consoleRecoveryCodes, sessions } from '../src/db/schema';
import { sha256Hex } from '../src/lib/tokens';
import { api, testConfig, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

/** Business clock of the app; each enrolment moves it a TOTP step on, so no code is a replay. */
let now = Date.parse('2026-11-20T02:00:00Z');
const t = useTestApp({ config: testConfig({}, { CONSOLE_MFA: 'true' }), clock: () => now });
const code = (secret: string) => generate({ secret, epoch: Math.floor(now / 1000) });

/** Marks every session of a user as having passed the second factor now. */
async function verified(user: TestUser): Promise<TestUser> {
  await t.database.db
    .update(sessions)
    .set({ mfaAt: new Date(now), lastSeenAt: new Date(now) })
    .where(eq(sessions.userId, user.id));
  return user;
}

/** A new live session of `userId` (as a login makes one); its bearer token. */
async function newSession(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.db
    .insert(sessions)
    .values({ userId, tokenHash: sha256Hex(token), expiresAt: new Date(now + 86_400_000), lastSeenAt: new Date(now) });
  return token;
}

/** Enrols and confirms TOTP for `token`'s user through the API; answers the secret. */
async function enrol(token: string): Promise<string> {
  now += 30_000;
  const e = await api(t.app, { method: 'POST', url: ApiPaths.consoleMfaEnrol, token });
  expect(e.statusCode, e.body).toBe(200);
  const { secret } = e.json().data as ConsoleMfaEnrolment;
  const c = await api(t.app, {
    method: 'POST',
    url: ApiPaths.consoleMfaConfirm,
    token,
    body: { code: await code(secret) },
  });
  expect(c.statusCode, c.body).toBe(200);
  return secret;
}

const reset = (userId: number, token?: string) =>
  api(t.app, { method: 'DELETE', url: ApiPaths.adminUserMfa(userId), token });

describe('reset of another user’s second factor', () => {
  it('deletes the enrolment and recovery codes, ends the sessions, audits; the user enrols again', async () => {
    const admin = await verified(await createUser(t.database.db, ['admin']));
    const other = await createUser(t.database.db, ['admin']);
    await enrol(other.token);
    const spare = await newSession(other.id);
    expect((await api(t.app, { url: ApiPaths.adminMe, token: other.token })).statusCode).toBe(200);

    const before = await api(t.app, { url: ApiPaths.adminUser(other.id), token: admin.token });
    expect((before.json().data as AdminUserDetail).mfaEnrolled).toBe(true);

    const res = await reset(other.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);

    expect(await t.database.db.select().from(consoleMfa).where(eq(consoleMfa.userId, other.id))).toEqual([]);
    expect(
      await t.database.db.select().from(consoleRecoveryCodes).where(eq(consoleRecoveryCodes.userId, other.id)),
    ).toEqual([]);
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, other.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    // Both of their sessions are ended (answers 401 at once, the session cache forgotten).
    expect((await api(t.app, { url: ApiPaths.adminMe, token: other.token })).statusCode).toBe(401);
    expect((await api(t.app, { url: ApiPaths.consoleMfa, token: spare })).statusCode).toBe(401);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'console_mfa_reset'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      result: 'success',
      actorId: admin.id,
      userId: other.id,
      target: `user:${other.id}`,
      before: { mfaEnrolled: true, recoveryCodesLeft: 10, activeSessions: 2 },
      after: { mfaEnrolled: false, recoveryCodesLeft: 0, activeSessions: 0 },
    });

    const after = await api(t.app, { url: ApiPaths.adminUser(other.id), token: admin.token });
    expect((after.json().data as AdminUserDetail).mfaEnrolled).toBe(false);

    // Next console login: the second factor is asked for, and enrolment starts again.
    const next = await newSession(other.id);
    expect((await api(t.app, { url: ApiPaths.adminMe, token: next })).statusCode).toBe(428);
    expect((await api(t.app, { url: ApiPaths.consoleMfa, token: next })).json().data).toEqual({
      enrolled: false,
      verified: false,
      recoveryCodesLeft: 0,
    });
    await enrol(next);
    expect((await api(t.app, { url: ApiPaths.adminMe, token: next })).statusCode).toBe(200);
  });

  it('refuses one’s own, an account without a second factor and unknown accounts', async () => {
    const admin = await verified(await createUser(t.database.db, ['admin']));
    await enrol(admin.token);
    const own = await reset(admin.id, admin.token);
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe('不能重置自己的二次验证，请由另一位超级管理员操作');
    expect(await t.database.db.select().from(consoleMfa).where(eq(consoleMfa.userId, admin.id))).toHaveLength(1);

    const student = await createUser(t.database.db, ['student']);
    const none = await reset(student.id, admin.token);
    expect(none.statusCode).toBe(409);
    expect(none.json().msg).toBe('该用户尚未绑定动态验证码，无需重置');

    // An enrolment started but never confirmed is no second factor yet.
    const pending = await createUser(t.database.db, ['operator']);
    expect((await api(t.app, { method: 'POST', url: ApiPaths.consoleMfaEnrol, token: pending.token })).statusCode).toBe(
      200,
    );
    expect((await reset(pending.id, admin.token)).statusCode).toBe(409);

    const unknown = await reset(999_999, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('用户不存在');
    expect((await reset(0, admin.token)).statusCode).toBe(400);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'console_mfa_reset'), eq(auditLog.actorId, admin.id)));
    expect(rows).toEqual([]);
  });

  it('is for administrators only', async () => {
    const target = await createUser(t.database.db, ['operator']);
    await enrol(target.token);
    for (const role of ['support', 'operator', 'reviewer', 'analyst']) {
      const user = await verified(await createUser(t.database.db, [role]));
      expect((await reset(target.id, user.token)).statusCode, role).toBe(404);
    }
    const student = await createUser(t.database.db, ['student']);
    expect((await reset(target.id, student.token)).statusCode).toBe(404);
    expect((await reset(target.id)).statusCode).toBe(401);
    // An admin without a verified second factor is asked for it first.
    const unverified = await createUser(t.database.db, ['admin']);
    expect((await reset(target.id, unverified.token)).statusCode).toBe(428);
    expect(await t.database.db.select().from(consoleMfa).where(eq(consoleMfa.userId, target.id))).toHaveLength(1);
  });
});
