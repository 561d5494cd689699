/**
 * Limits keyed by what an attacker spends, not by session (docs/accounts.md, Rate limits): the
 * console's second factor per account across sessions, with a growing lock and an audit row for
 * every refusal; class join codes per account across new logins, and per class across users.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths, LIMITS, type ConsoleMfaEnrolment } from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../src/db/schema';
import { sha256Hex } from '../src/lib/tokens';
import { api, testConfig, useTestApp } from './helpers';
import { createClass, join, newStudent, newTeacher } from './teaching-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

let now = Date.parse('2026-11-20T02:00:00Z');
const t = useTestApp({ config: testConfig({}, { CONSOLE_MFA: 'true' }), clock: () => now });

/** Opens another session of the same user, as a new login does. */
async function newSession(user: TestUser): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 86400_000) });
  return token;
}

const verify = (token: string, code: string) =>
  api(t.app, { method: 'POST', url: ApiPaths.consoleMfaVerify, token, body: { code } });

describe('console second factor', () => {
  it('is limited per account across 5 sessions, locks for longer each time, and audits each refusal', async () => {
    const op = await createUser(t.database.db, ['operator']);
    const enrol = await api(t.app, { method: 'POST', url: ApiPaths.consoleMfaEnrol, token: op.token });
    const { secret } = enrol.json().data as ConsoleMfaEnrolment;
    const confirmed = await api(t.app, {
      method: 'POST',
      url: ApiPaths.consoleMfaConfirm,
      token: op.token,
      body: { code: await generate({ secret, epoch: Math.floor(now / 1000) }) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    now += 60_000;
    const tokens = [op.token, ...(await Promise.all(Array.from({ length: 4 }, () => newSession(op))))];
    const { max, windowMs } = LIMITS.accountRates.consoleMfaPerAccount;
    const statuses: number[] = [];
    // 11 tries from each of 5 sessions: 55 guesses, of which only `max` less the confirmation (an
    // attempt of the same account in the same window) are checked.
    for (const token of tokens) for (let i = 0; i < 11; i++) statuses.push((await verify(token, '000000')).statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(max - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55 - max + 1);
    const refused = await verify(tokens[4]!, '000000');
    expect(refused.json()).toMatchObject({ code: 'RATE.LIMITED', data: { retryAfter: windowMs / 1000 } });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, op.id), eq(auditLog.event, 'console_mfa_verify')));
    expect(rows.filter((r) => (r.detail as { reason?: string } | null)?.reason === 'rate_limited')).toHaveLength(
      55 - max + 2,
    );

    // After the lock, another burst locks for twice as long.
    now += windowMs;
    for (let i = 0; i < max; i++) expect((await verify(tokens[i % 5]!, '000000')).statusCode).toBe(422);
    const second = await verify(tokens[0]!, '000000');
    expect(second.json().data.retryAfter).toBe((2 * windowMs) / 1000);
    now += windowMs;
    expect((await verify(tokens[1]!, '000000')).statusCode).toBe(429);
    now += windowMs;
    expect((await verify(tokens[1]!, '000000')).statusCode).toBe(422);
  });
});

describe('class join codes', () => {
  const wrongCode = (right: string) => (right === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA');

  it('are limited per account, whatever the number of new sessions', async () => {
    const teacher = await newTeacher(t.database.db);
    const cls = await createClass(t.app, t.database.db, teacher);
    const s = await newStudent(t.database.db);
    const perHour = LIMITS.teaching.joinAttemptsPerHour;
    for (let i = 0; i < perHour; i++)
      expect((await join(t.app, { ...s, token: await newSession(s) }, wrongCode(cls.joinCode!))).statusCode).toBe(404);
    const held = await join(t.app, { ...s, token: await newSession(s) }, cls.joinCode!);
    expect(held.statusCode).toBe(429);
    expect(held.json().code).toBe('RATE.LIMITED');
    now += 3600_000;
    expect((await join(t.app, s, cls.joinCode!)).statusCode).toBe(200);
  });

  it('are limited per class across all users: a guessed or leaked code is held', async () => {
    const teacher = await newTeacher(t.database.db);
    const cls = await createClass(t.app, t.database.db, teacher);
    const perClass = LIMITS.accountRates.joinPerClassPerHour;
    // The class's earlier attempts this hour, made by many accounts (counted as the route counts).
    const students = await Promise.all(Array.from({ length: 3 }, () => newStudent(t.database.db)));
    for (let i = 0; i < perClass - 2; i++) await t.app.kv.incr(classKey(cls.id), 3600_000);
    expect((await join(t.app, students[0]!, cls.joinCode!)).statusCode).toBe(200);
    expect((await join(t.app, students[1]!, cls.joinCode!)).statusCode).toBe(200);
    const held = await join(t.app, students[2]!, cls.joinCode!);
    expect(held.statusCode).toBe(429);
    expect(held.json().msg).toBe('该班级加入过于频繁，请稍后再试或联系老师');
  });
});

/** The counter key the join route uses for a class in the current hour (lib/rate-limit-store.ts). */
function classKey(classId: number): string {
  return `win:teaching-join:class:${sha256Hex(String(classId)).slice(0, 32)}:${Math.floor(now / 3600_000)}`;
}
