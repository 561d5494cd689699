/**
 * `POST /api/v1/admin/textbooks/{id}/codes`: administrators get distinct 16-character codes that
 * activate (stored hashed, never logged); everyone else gets 404 (logged out: 401); bad input is
 * answered in Chinese; the endpoint is rate-limited per session.
 */
import { ACTIVATION_CODE_ALPHABET, ApiPaths, ErrorCode } from '@eav/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, textbooks } from '../src/db/schema';
import { codeHash } from '../src/features/textbooks/activation';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp();
let bookId = 0;
let admin: TestUser;

const CODE_RE = new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]{16}$`);

beforeAll(async () => {
  await importTextbooks(
    t.database.db,
    '{"externalId":"codes-ext-1","title":"义务教育教科书·语文八年级下册","stage":"初中","subject":"语文","edition":"统编版","grade":"八年级","volume":"下册","access":"activation"}',
  );
  const [row] = await t.database.db
    .select({ id: textbooks.id })
    .from(textbooks)
    .where(eq(textbooks.externalId, 'codes-ext-1'));
  bookId = row!.id;
  admin = await createUser(t.database.db, ['admin']);
});

const issue = (id: string | number, body: unknown, token?: string) =>
  api(t.app, { method: 'POST', url: ApiPaths.adminTextbookCodes(id), token, body });

/** `YYYY-MM-DD` of the day `days` after today in Beijing. */
const beijingDay = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

describe('admin activation codes endpoint', () => {
  it('gives an administrator distinct 16-character codes, stored hashed, that activate the book', async () => {
    const res = await issue(bookId, { count: 5 }, admin.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { textbookId: number; codes: string[]; expiresAt: string | null };
    expect(data.textbookId).toBe(bookId);
    expect(data.expiresAt).toBeNull();
    expect(data.codes).toHaveLength(5);
    expect(new Set(data.codes).size).toBe(5);
    for (const c of data.codes) expect(c).toMatch(CODE_RE);

    // Only the hashes are stored.
    const rows = await t.database.db
      .select({
        hash: activationCodes.codeHash,
        textbookId: activationCodes.textbookId,
        usedAt: activationCodes.usedAt,
      })
      .from(activationCodes)
      .where(
        inArray(
          activationCodes.codeHash,
          data.codes.map((c) => codeHash(c)),
        ),
      );
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r).toMatchObject({ textbookId: bookId, usedAt: null });
    const plain = await t.database.db
      .select({ id: activationCodes.id })
      .from(activationCodes)
      .where(inArray(activationCodes.codeHash, data.codes));
    expect(plain).toHaveLength(0);

    // Every code activates the book, once.
    for (const code of data.codes) {
      const user = await createUser(t.database.db);
      const act = await api(t.app, {
        method: 'POST',
        url: ApiPaths.textbookActivation,
        token: user.token,
        body: { code },
      });
      expect(act.statusCode).toBe(200);
      expect(act.json().data).toMatchObject({ textbook: { id: bookId }, alreadyOwned: false });
    }
    const again = await api(t.app, {
      method: 'POST',
      url: ApiPaths.textbookActivation,
      token: (await createUser(t.database.db)).token,
      body: { code: data.codes[0] },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: ErrorCode.CODE_USED, msg: '激活码已被使用' });
  });

  it('accepts the externalId, an expiry day (end of day, Beijing time) and a batch name', async () => {
    const day = beijingDay(30);
    const res = await issue('codes-ext-1', { count: 300, expiresAt: day, batch: '  2026 春季  ' }, admin.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { textbookId: number; codes: string[]; expiresAt: string };
    expect(data.textbookId).toBe(bookId);
    expect(new Set(data.codes).size).toBe(300);
    expect(data.expiresAt).toBe(new Date(`${day}T23:59:59.999+08:00`).toISOString());
    const [row] = await t.database.db
      .select({ batch: activationCodes.batch, expiresAt: activationCodes.expiresAt })
      .from(activationCodes)
      .where(eq(activationCodes.codeHash, codeHash(data.codes[299]!)));
    expect(row!.batch).toBe('2026 春季');
    expect(row!.expiresAt!.toISOString()).toBe(data.expiresAt);
  });

  it('is hidden from everyone but administrators (logged out: 401, others: 404 like an unknown path)', async () => {
    const before = await t.database.db.select({ id: activationCodes.id }).from(activationCodes);
    const anon = await issue(bookId, { count: 1 });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe(401);

    const user = await createUser(t.database.db);
    const teacher = await createUser(t.database.db, ['teacher']);
    const unknown = await api(t.app, {
      method: 'POST',
      url: '/api/v1/admin/no-such-endpoint',
      token: user.token,
      body: {},
    });
    expect(unknown.statusCode).toBe(404);
    for (const who of [user, teacher]) {
      const denied = await issue(bookId, { count: 1 }, who.token);
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toEqual(unknown.json());
      // A malformed body tells a non-administrator nothing either.
      const malformed = await issue(bookId, { count: 'many' }, who.token);
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual(unknown.json());
    }
    const after = await t.database.db.select({ id: activationCodes.id }).from(activationCodes);
    expect(after).toHaveLength(before.length);
  });

  it('answers bad input with Chinese messages and creates nothing', async () => {
    const before = await t.database.db.select({ id: activationCodes.id }).from(activationCodes);
    const cases: [unknown, RegExp][] = [
      [{}, /请填写数量/],
      [{ count: 0 }, /数量必须在 1 到 1000 之间/],
      [{ count: 1001 }, /数量必须在 1 到 1000 之间/],
      [{ count: 2.5 }, /数量必须是整数/],
      [{ count: '5' }, /数量必须是整数/],
      [{ count: 1, expiresAt: '2030/01/01' }, /有效期格式应为 YYYY-MM-DD/],
      [{ count: 1, expiresAt: '2030-02-30' }, /有效期不是有效日期/],
      [{ count: 1, batch: '批'.repeat(65) }, /批次名不能超过 64 个字/],
    ];
    for (const [body, msg] of cases) {
      const res = await issue(bookId, body, admin.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(msg);
      expect(res.json().msg).toMatch(/^参数 .*不合法：/);
    }
    const past = await issue(bookId, { count: 1, expiresAt: beijingDay(-1) }, admin.token);
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toBe('有效期不能早于今天');
    // Today is still valid (until the end of the day).
    const today = await issue(bookId, { count: 1, expiresAt: beijingDay(0) }, admin.token);
    expect(today.statusCode).toBe(200);

    const missing = await issue('no-such-book', { count: 1 }, admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('找不到教材：no-such-book');
    const missingId = await issue(999999, { count: 1 }, admin.token);
    expect(missingId.statusCode).toBe(404);

    const after = await t.database.db.select({ id: activationCodes.id }).from(activationCodes);
    expect(after).toHaveLength(before.length + 1);
  });

  it('never writes the codes to the log', async () => {
    const lines: string[] = [];
    const app = await t.build({ logger: { level: 'trace', stream: { write: (s: string) => void lines.push(s) } } });
    const res = await api(app, {
      method: 'POST',
      url: ApiPaths.adminTextbookCodes(bookId),
      token: admin.token,
      body: { count: 3 },
    });
    expect(res.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('activation codes issued');
    for (const c of res.json().data.codes as string[]) expect(log).not.toContain(c);
  });

  it('limits requests per session (20 a minute, then 429)', async () => {
    const other = await createUser(t.database.db, ['admin']);
    for (let i = 0; i < 20; i++) expect((await issue(bookId, { count: 1 }, other.token)).statusCode).toBe(200);
    const limited = await issue(bookId, { count: 1 }, other.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCode.RATE_LIMITED);
    // Another administrator's session is not affected.
    expect((await issue(bookId, { count: 1 }, admin.token)).statusCode).toBe(200);
  });
});
