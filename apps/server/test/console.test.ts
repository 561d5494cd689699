/**
 * The operator console (docs/console.md): the role gate over every registered admin route, the TOTP
 * second factor (enrolment, wrong and replayed codes, recovery codes), the 30-minute idle end of
 * console sessions, audit rows with before and after values, and activation code batches.
 */
import {
  ApiPaths,
  CONSOLE_ROLES,
  ErrorCode,
  Messages,
  type AdminAuditRow,
  type AdminBatchCodeRow,
  type AdminCodeBatchRow,
  type AdminMe,
  type AdminUserDetail,
  type ConsoleMfaEnrolment,
  type Paged,
} from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consoleMfa, sessions, textbooks, users } from '../src/db/schema';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, testConfig, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

/** Business clock of the app, moved by the tests. */
let now = Date.parse('2026-11-20T02:00:00Z');
const t = useTestApp({ config: testConfig({}, { CONSOLE_MFA: 'true' }), clock: () => now });

let bookId = 0;
beforeAll(async () => {
  await importTextbooks(
    t.database.db,
    '{"externalId":"console-1","title":"义务教育教科书·数学七年级上册","stage":"初中","subject":"数学","edition":"人教版","grade":"七年级","volume":"上册","access":"activation"}',
  );
  bookId = (
    await t.database.db.select({ id: textbooks.id }).from(textbooks).where(eq(textbooks.externalId, 'console-1'))
  )[0]!.id;
});

/** Marks every session of a user as having passed the second factor now. */
async function verified(user: TestUser): Promise<TestUser> {
  await t.database.db
    .update(sessions)
    .set({ mfaAt: new Date(now), lastSeenAt: new Date(now) })
    .where(eq(sessions.userId, user.id));
  return user;
}
const consoleUser = async (roles: string[]) => verified(await createUser(t.database.db, roles));
/** The envelope's msg, or '' for a file answer. */
function msgOf(res: { json(): { msg?: string } }): string {
  try {
    return res.json().msg ?? '';
  } catch {
    return '';
  }
}
const code = (secret: string, at = now) => generate({ secret, epoch: Math.floor(at / 1000) });

describe('role gate over every registered admin route', () => {
  /** A concrete URL of a route pattern: every parameter names nothing that exists. */
  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999');

  it('knows the console routes and every one declares its roles', () => {
    expect(t.app.consoleRoutes.length).toBeGreaterThan(15);
    for (const r of t.app.consoleRoutes) expect(r.roles.length, `${r.method} ${r.url}`).toBeGreaterThan(0);
  });

  it('refuses users without a console role, and console users of other sections, before reading the body', async () => {
    const student = await verified(await createUser(t.database.db, ['student', 'teacher']));
    const byRole = Object.fromEntries(
      await Promise.all(CONSOLE_ROLES.map(async (r) => [r, await consoleUser([r])] as const)),
    ) as Record<(typeof CONSOLE_ROLES)[number], TestUser>;
    for (const route of t.app.consoleRoutes) {
      const url = concrete(route.url);
      const call = (token?: string) =>
        api(t.app, { method: route.method as 'GET', url, token, ...(route.method === 'GET' ? {} : { body: {} }) });
      const label = `${route.method} ${route.url}`;
      expect((await call()).statusCode, label).toBe(401);
      const refused = await call(student.token);
      expect(refused.statusCode, label).toBe(404);
      expect(refused.json().msg, label).toBe(Messages.notFoundRequest);
      for (const role of CONSOLE_ROLES) {
        const res = await call(byRole[role].token);
        const allowed = role === 'admin' || route.roles.includes(role);
        if (allowed) {
          expect(msgOf(res), `${label} as ${role}`).not.toBe(Messages.notFoundRequest);
          expect(res.statusCode, `${label} as ${role}`).not.toBe(428);
        } else {
          expect(res.statusCode, `${label} as ${role}`).toBe(404);
          expect(res.json().msg, `${label} as ${role}`).toBe(Messages.notFoundRequest);
        }
      }
    }
  }, 120_000);

  it('asks a console user without a verified second factor for it (428), admin paths included', async () => {
    const operator = await createUser(t.database.db, ['operator']);
    const res = await api(t.app, { url: ApiPaths.adminMe, token: operator.token });
    expect(res.statusCode).toBe(428);
    expect(res.json().code).toBe(ErrorCode.CONSOLE_MFA_REQUIRED);
    // The second factor's own endpoints stay open to a console role, closed to others.
    expect((await api(t.app, { url: ApiPaths.consoleMfa, token: operator.token })).statusCode).toBe(200);
    const student = await createUser(t.database.db, ['student']);
    expect((await api(t.app, { url: ApiPaths.consoleMfa, token: student.token })).statusCode).toBe(404);
  });
});

describe('TOTP second factor', () => {
  it('enrols with a QR code, refuses a wrong code, answers 10 recovery codes once, then verifies', async () => {
    const op = await createUser(t.database.db, ['operator']);
    const state0 = await api(t.app, { url: ApiPaths.consoleMfa, token: op.token });
    expect(state0.json().data).toEqual({ enrolled: false, verified: false, recoveryCodesLeft: 0 });

    const enrol = await api(t.app, { method: 'POST', url: ApiPaths.consoleMfaEnrol, token: op.token });
    expect(enrol.statusCode).toBe(200);
    const e = enrol.json().data as ConsoleMfaEnrolment;
    expect(e.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(e.otpauthUri).toContain(`secret=${e.secret}`);
    // Stored encrypted, never in plain text.
    const [row] = await t.database.db.select().from(consoleMfa).where(eq(consoleMfa.userId, op.id));
    expect(row!.secretEnc).not.toContain(e.secret);

    const wrongCode = String((Number(await code(e.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await api(t.app, {
      method: 'POST',
      url: ApiPaths.consoleMfaConfirm,
      token: op.token,
      body: { code: wrongCode },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe(ErrorCode.CONSOLE_MFA_INVALID);

    const ok = await api(t.app, {
      method: 'POST',
      url: ApiPaths.consoleMfaConfirm,
      token: op.token,
      body: { code: await code(e.secret) },
    });
    expect(ok.statusCode).toBe(200);
    const recovery = ok.json().data.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await api(t.app, { url: ApiPaths.adminMe, token: op.token })).json().data).toMatchObject({
      roles: ['operator'],
      sections: [
        'overview',
        'codes',
        'catalogue',
        'question-import',
        'banners',
        'activities',
        'training',
        'publishing',
      ],
      idleTimeoutMs: 30 * 60_000,
    } satisfies Partial<AdminMe>);

    // Enrolled: the secret is never shown again.
    const again = await api(t.app, { method: 'POST', url: ApiPaths.consoleMfaEnrol, token: op.token });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(e.secret);

    // A second session: the code already used is refused (replay), the next step's code is accepted.
    const [second] = await t.database.db.select().from(sessions).where(eq(sessions.userId, op.id));
    const token2 = 'second-session-token-aaaaaaaaaaaaaaaaaaaaaaaa';
    await t.database.db.insert(sessions).values({
      userId: op.id,
      tokenHash: (await import('../src/lib/tokens')).sha256Hex(token2),
      expiresAt: second!.expiresAt,
    });
    const replay = await api(t.app, {
      method: 'POST',
      url: ApiPaths.consoleMfaVerify,
      token: token2,
      body: { code: await code(e.secret) },
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe(ErrorCode.CONSOLE_MFA_INVALID);
    const next = await api(t.app, {
      method: 'POST',
      url: ApiPaths.consoleMfaVerify,
      token: token2,
      body: { code: await code(e.secret, now + 30_000) },
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().data).toEqual({ enrolled: true, verified: true, recoveryCodesLeft: 10 });

    // A third session uses a recovery code once; the same code again is refused.
    const token3 = 'third-session-token-bbbbbbbbbbbbbbbbbbbbbbbbbb';
    await t.database.db.insert(sessions).values({
      userId: op.id,
      tokenHash: (await import('../src/lib/tokens')).sha256Hex(token3),
      expiresAt: second!.expiresAt,
    });
    const rec = await api(t.app, {
      method: 'POST',
      url: ApiPaths.consoleMfaVerify,
      token: token3,
      body: { recoveryCode: recovery[0]!.toLowerCase() },
    });
    expect(rec.statusCode).toBe(200);
    expect(rec.json().data.recoveryCodesLeft).toBe(9);
    const recAgain = await api(t.app, {
      method: 'POST',
      url: ApiPaths.consoleMfaVerify,
      token: token3,
      body: { recoveryCode: recovery[0] },
    });
    expect(recAgain.statusCode).toBe(422);
    expect((await api(t.app, { url: ApiPaths.adminMe, token: token3 })).statusCode).toBe(200);

    // Attempts are audited without the codes.
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, op.id));
    expect(rows.map((r) => `${r.event}:${r.result}`)).toEqual(
      expect.arrayContaining([
        'console_mfa_enrol:failure',
        'console_mfa_enrol:success',
        'console_mfa_verify:failure',
        'console_mfa_verify:success',
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain(recovery[0]);
  });
});

describe('idle expiry of console sessions', () => {
  it('ends a verified session after 30 minutes without use, not before', async () => {
    const op = await consoleUser(['analyst']);
    now += 29 * 60_000;
    expect((await api(t.app, { url: ApiPaths.adminMe, token: op.token })).statusCode).toBe(200);
    now += 29 * 60_000;
    expect((await api(t.app, { url: ApiPaths.adminMe, token: op.token })).statusCode).toBe(200);
    now += 31 * 60_000;
    expect((await api(t.app, { url: ApiPaths.adminMe, token: op.token })).statusCode).toBe(401);
    const [s] = await t.database.db.select().from(sessions).where(eq(sessions.userId, op.id));
    expect(s!.revokedAt).not.toBeNull();
    // A session without console access keeps the portal's 7-day rule.
    const student = await createUser(t.database.db, ['student']);
    now += 2 * 3600_000;
    expect((await api(t.app, { url: ApiPaths.consoleMfa, token: student.token })).statusCode).toBe(404);
  });
});

describe('users section and the audit log', () => {
  it('sets roles, unlocks and ends sessions with audit rows carrying before and after', async () => {
    const admin = await consoleUser(['admin']);
    const support = await consoleUser(['support']);
    const someone = await createUser(t.database.db, ['student']);
    await t.database.db
      .update(users)
      .set({ phone: '13912340000', lockedUntil: new Date(now + 600_000), failedLoginCount: 10 })
      .where(eq(users.id, someone.id));

    const found = await api(t.app, { url: ApiPaths.adminUsers, token: support.token, query: { q: '1391234' } });
    expect(found.json().data.items).toEqual([
      expect.objectContaining({ userId: someone.id, phone: '139****0000', lockedUntil: expect.any(String) }),
    ]);
    expect(found.body).not.toContain('13912340000');

    const unlocked = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminUserUnlock(someone.id),
      token: support.token,
    });
    expect(unlocked.statusCode).toBe(200);
    expect((unlocked.json().data as AdminUserDetail).lockedUntil).toBeNull();

    // Support may not change roles, nor act on a console account.
    expect(
      (
        await api(t.app, {
          method: 'PUT',
          url: ApiPaths.adminUserRoles(someone.id),
          token: support.token,
          body: { roles: ['operator'] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api(t.app, { method: 'DELETE', url: ApiPaths.adminUserSessions(admin.id), token: support.token }))
        .statusCode,
    ).toBe(422);

    const roles = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.adminUserRoles(someone.id),
      token: admin.token,
      body: { roles: ['operator', 'reviewer'] },
    });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().data.roles).toEqual(['student', 'operator', 'reviewer']);
    expect(
      (
        await api(t.app, {
          method: 'PUT',
          url: ApiPaths.adminUserRoles(admin.id),
          token: admin.token,
          body: { roles: [] },
        })
      ).statusCode,
    ).toBe(422);

    const ended = await api(t.app, {
      method: 'DELETE',
      url: ApiPaths.adminUserSessions(someone.id),
      token: admin.token,
    });
    expect(ended.statusCode).toBe(200);
    expect((await api(t.app, { url: ApiPaths.user(someone.id), token: someone.token })).statusCode).toBe(401);

    const log = await api(t.app, {
      url: ApiPaths.adminAudit,
      token: admin.token,
      query: { user: someone.id, pageSize: 50 },
    });
    const items = (log.json().data as Paged<AdminAuditRow>).items;
    const byEvent = Object.fromEntries(items.map((r) => [r.event, r]));
    expect(byEvent['console_user_roles']).toMatchObject({
      actorId: admin.id,
      target: `user:${someone.id}`,
      before: { roles: ['student'] },
      after: { roles: ['student', 'operator', 'reviewer'] },
    });
    expect(byEvent['console_user_unlock']).toMatchObject({
      actorId: support.id,
      before: { failedLoginCount: 10 },
      after: { lockedUntil: null },
    });
    expect(byEvent['console_user_sessions']).toMatchObject({
      actorId: admin.id,
      before: { activeSessions: 1 },
      after: { activeSessions: 0 },
    });
    expect(byEvent['console_user_roles']!.ip).toBeTruthy();

    // The audit log is admin only.
    expect((await api(t.app, { url: ApiPaths.adminAudit, token: support.token })).statusCode).toBe(404);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${ApiPaths.adminAuditExport}?format=xlsx&event=console_user_roles`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    // Unsigned: refused like any API call without EAV-Sign.
    expect(xlsx.statusCode).toBe(400);
    const signed = await api(t.app, {
      url: ApiPaths.adminAuditExport,
      token: admin.token,
      query: { format: 'xlsx', event: 'console_user_roles' },
    });
    expect(signed.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(signed.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('操作');
    expect(sheet.rowCount).toBe(2);
    expect(String(sheet.getRow(2).getCell(8).value)).toContain('student');
    const csv = await api(t.app, {
      url: ApiPaths.adminUsersExport,
      token: admin.token,
      query: { format: 'csv', q: '1391234' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('139****0000');
  });
});

describe('activation code batches', () => {
  it('creates a batch as an Excel file, shows who redeemed, voids the rest, all audited', async () => {
    const op = await consoleUser(['operator']);
    const student = await createUser(t.database.db, ['student']);
    const created = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminCodeBatches,
      token: op.token,
      body: { textbook: 'console-1', count: 10, name: '秋季批次', expiresAt: '2027-12-31', format: 'xlsx' },
    });
    expect(created.statusCode).toBe(200);
    const batchId = Number(created.headers['x-batch-id']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(created.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows).toHaveLength(10);
    const codes = rows.map((r) => String(r[2]));
    expect(codes[0]).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    const redeemed = await api(t.app, {
      method: 'POST',
      url: ApiPaths.textbookActivation,
      token: student.token,
      body: { code: codes[0] },
    });
    expect(redeemed.statusCode).toBe(200);

    const list = await api(t.app, { url: ApiPaths.adminCodeBatches, token: op.token });
    const batch = (list.json().data as Paged<AdminCodeBatchRow>).items.find((b) => b.id === batchId)!;
    expect(batch).toMatchObject({ textbookId: bookId, count: 10, redeemed: 1, name: '秋季批次', voidedAt: null });

    const used = await api(t.app, {
      url: ApiPaths.adminCodeBatchCodes(batchId),
      token: op.token,
      query: { status: 'redeemed' },
    });
    const usedRows = (used.json().data as Paged<AdminBatchCodeRow>).items;
    expect(usedRows).toHaveLength(1);
    expect(usedRows[0]!.redeemedById).toBe(student.id);

    const voided = await api(t.app, { method: 'POST', url: ApiPaths.adminCodeBatchVoid(batchId), token: op.token });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data.voidedAt).not.toBeNull();
    expect(
      (await api(t.app, { method: 'POST', url: ApiPaths.adminCodeBatchVoid(batchId), token: op.token })).statusCode,
    ).toBe(409);
    const other = await createUser(t.database.db, ['student']);
    const refused = await api(t.app, {
      method: 'POST',
      url: ApiPaths.textbookActivation,
      token: other.token,
      body: { code: codes[1] },
    });
    expect(refused.json().code).toBe(ErrorCode.CODE_INVALID);
    // The redeemer keeps the book (a retry is still a success).
    expect(
      (
        await api(t.app, {
          method: 'POST',
          url: ApiPaths.textbookActivation,
          token: student.token,
          body: { code: codes[0] },
        })
      ).statusCode,
    ).toBe(200);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, op.id), eq(auditLog.target, `code_batch:${batchId}`)));
    expect(audits.map((a) => a.event).sort()).toEqual(['console_code_batch', 'console_code_batch_void']);
    const v = audits.find((a) => a.event === 'console_code_batch_void')!;
    expect(v.before).toEqual({ voided: false, unusedCodes: 9, redeemedCodes: 1 });
    expect(v.after).toEqual({ voided: true, unusedCodes: 0, redeemedCodes: 1 });
    expect(JSON.stringify(audits)).not.toContain(codes[1]!.slice(0, 9));
  });
});
