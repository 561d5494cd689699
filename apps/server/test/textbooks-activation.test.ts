/**
 * Activation codes and my textbooks: single use (also under 20 parallel requests), retries by the
 * redeemer, codes of another book than the dialog's, expiry, invalid codes, the 10-per-hour limit
 * of wrong codes, owner-only lists.
 */
import { ApiPaths, ErrorCode, formatActivationCode, ACTIVATION_CODE_ALPHABET } from '@eav/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, activationFailures, textbooks } from '../src/db/schema';
import { codeHash, generateCodes, newActivationCode, redeemCode } from '../src/features/textbooks/activation';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

const t = useTestApp();
let bookId = 0;
let otherBookId = 0;

beforeAll(async () => {
  await importTextbooks(
    t.database.db,
    [
      '{"externalId":"act-1","title":"义务教育教科书·数学七年级上册","stage":"初中","subject":"数学","edition":"人教版","grade":"七年级","volume":"上册","access":"activation"}',
      '{"externalId":"act-2","title":"义务教育教科书·物理八年级上册","stage":"初中","subject":"物理","edition":"人教版","grade":"八年级","volume":"上册","access":"activation"}',
    ].join('\n'),
  );
  const rows = await t.database.db.select({ id: textbooks.id, externalId: textbooks.externalId }).from(textbooks);
  bookId = rows.find((r) => r.externalId === 'act-1')!.id;
  otherBookId = rows.find((r) => r.externalId === 'act-2')!.id;
});

const activate = (token: string, code: string, textbookId?: number) =>
  api(t.app, {
    method: 'POST',
    url: ApiPaths.textbookActivation,
    token,
    body: textbookId === undefined ? { code } : { code, textbookId },
  });

/** Wrong-code attempts recorded for a user. */
const failuresOf = async (userId: number) =>
  (
    await t.database.db
      .select({ id: activationFailures.id })
      .from(activationFailures)
      .where(eq(activationFailures.userId, userId))
  ).length;

describe('activation codes', () => {
  it('are 16 characters of the unambiguous alphabet and stored only hashed', async () => {
    const codes = await generateCodes(t.database.db, { textbookId: bookId, count: 50 });
    expect(new Set(codes).size).toBe(50);
    for (const c of codes) {
      expect(c).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{16}$/);
      expect(c).not.toMatch(/[01OIL]/);
    }
    expect(ACTIVATION_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const stored = await t.database.db
      .select({ h: activationCodes.codeHash })
      .from(activationCodes)
      .where(eq(activationCodes.textbookId, bookId));
    expect(stored.map((s) => s.h)).toContain(codeHash(codes[0]!));
    expect(stored.map((s) => s.h)).not.toContain(codes[0]);
  });

  it('activates a book once, lists it under my textbooks, and refuses the used code', async () => {
    const [code] = await generateCodes(t.database.db, { textbookId: bookId, count: 1 });
    const user = await createUser(t.database.db);
    // Typed with hyphens and in lower case: normalised.
    const res = await activate(user.token, formatActivationCode(code!).toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      textbook: { id: bookId, title: '义务教育教科书·数学七年级上册' },
      alreadyOwned: false,
      alreadyRedeemed: false,
    });
    expect(res.json().msg).toBe('success');

    // The same user typing the same code again is told it is already activated, not a new success,
    // and it is no failure.
    const repeat = await activate(user.token, code!);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({
      msg: '该激活码已激活，教材已在“我的教材”中',
      data: { textbook: { id: bookId }, alreadyOwned: false, alreadyRedeemed: true },
    });
    expect(repeat.json().data.activatedAt).toBe(res.json().data.activatedAt);
    expect(await failuresOf(user.id)).toBe(0);

    const mine = await api(t.app, { url: ApiPaths.userTextbooks(user.id), token: user.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      total: 1,
      items: [{ textbook: { id: bookId }, source: 'code', progress: null }],
    });
    expect(Date.parse(mine.json().data.items[0].activatedAt)).toBeGreaterThan(Date.now() - 60_000);

    const other = await createUser(t.database.db);
    const used = await activate(other.token, code!);
    expect(used.statusCode).toBe(422);
    expect(used.json()).toMatchObject({ code: ErrorCode.CODE_USED, msg: '激活码已被使用' });

    // The detail now says the user owns it.
    const detail = await api(t.app, { url: ApiPaths.textbook(bookId), token: user.token });
    expect(detail.json().data.owned).toBe(true);

    // A second code of a book already owned is left unused.
    const [second] = await generateCodes(t.database.db, { textbookId: bookId, count: 1 });
    const again = await activate(user.token, second!);
    expect(again.json().data.alreadyOwned).toBe(true);
    const [row] = await t.database.db
      .select({ usedAt: activationCodes.usedAt })
      .from(activationCodes)
      .where(eq(activationCodes.codeHash, codeHash(second!)));
    expect(row!.usedAt).toBeNull();
  });

  it('succeeds exactly once when 20 requests redeem one code in parallel', async () => {
    const [code] = await generateCodes(t.database.db, { textbookId: otherBookId, count: 1 });
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(t.database.db)));
    const results = await Promise.all(people.map((p) => activate(p.token, code!)));
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().code).toBe(ErrorCode.CODE_USED);

    // Same user, 20 parallel requests with one fresh code: one activation, code used once, and
    // every request answers that activation (none is told its own code is used).
    const [code2] = await generateCodes(t.database.db, { textbookId: bookId, count: 1 });
    const one = await createUser(t.database.db);
    const same = await Promise.all(Array.from({ length: 20 }, () => activate(one.token, code2!)));
    expect(same.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const answers = same.map((r) => r.json().data as { alreadyOwned: boolean; activatedAt: string });
    expect(answers.every((a) => !a.alreadyOwned)).toBe(true);
    // One request redeemed it; the others are repeats of that redemption.
    expect(same.filter((r) => !r.json().data.alreadyRedeemed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.activatedAt)).size).toBe(1);
    const [row] = await t.database.db
      .select({ usedBy: activationCodes.usedBy })
      .from(activationCodes)
      .where(eq(activationCodes.codeHash, codeHash(code2!)));
    expect(row!.usedBy).toBe(one.id);
    expect(await failuresOf(one.id)).toBe(0);
  });

  it('consumes one code when a user redeems 8 codes of one book in parallel; the rest stay usable', async () => {
    const codes = await generateCodes(t.database.db, { textbookId: otherBookId, count: 8 });
    const user = await createUser(t.database.db);
    const results = await Promise.all(codes.map((c) => activate(user.token, c)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const answers = results.map((r) => r.json() as { msg: string; data: { alreadyOwned: boolean } });
    expect(answers.filter((a) => !a.data.alreadyOwned)).toHaveLength(1);
    // The others are told the book was already activated, not that this activation succeeded.
    for (const a of answers.filter((x) => x.data.alreadyOwned))
      expect(a.msg).toBe('您已激活过这本教材，本次激活码未被使用');
    const rows = await t.database.db
      .select({ hash: activationCodes.codeHash, usedBy: activationCodes.usedBy })
      .from(activationCodes)
      .where(inArray(activationCodes.codeHash, codes.map(codeHash)));
    expect(rows.filter((r) => r.usedBy !== null)).toEqual([{ hash: expect.any(String), usedBy: user.id }]);
    expect(await failuresOf(user.id)).toBe(0);
    // Every other code still activates the book for someone else.
    const unused = codes.filter((c) => rows.find((r) => r.hash === codeHash(c))!.usedBy === null);
    expect(unused).toHaveLength(7);
    const other = await createUser(t.database.db);
    const res = await activate(other.token, unused[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'success', data: { alreadyOwned: false } });

    // The service called in parallel interleaves closer than requests do (on PGlite too).
    const more = await generateCodes(t.database.db, { textbookId: otherBookId, count: 8 });
    const third = await createUser(t.database.db);
    const done = await Promise.all(more.map((c) => redeemCode(t.database.db, third.id, c, Date.now())));
    expect(done.filter((d) => d.status === 'activated' && !d.alreadyOwned)).toHaveLength(1);
    const used = await t.database.db
      .select({ id: activationCodes.id })
      .from(activationCodes)
      .where(and(inArray(activationCodes.codeHash, more.map(codeHash)), isNotNull(activationCodes.usedAt)));
    expect(used).toHaveLength(1);
  });

  it("answers the redeemer's retry with the same ownership, said to be already activated, without counting a failure", async () => {
    const [code] = await generateCodes(t.database.db, { textbookId: bookId, count: 1 });
    const user = await createUser(t.database.db);
    const first = await activate(user.token, code!);
    expect(first.statusCode).toBe(200);
    // The first answer was lost: the client sends the same code again, also in another spelling.
    for (const again of [code!, formatActivationCode(code!).toLowerCase()]) {
      const retry = await activate(user.token, again);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data).toEqual({ ...first.json().data, alreadyRedeemed: true });
      expect(retry.json().msg).toBe('该激活码已激活，教材已在“我的教材”中');
    }
    expect(first.json().data).toMatchObject({ textbook: { id: bookId }, alreadyOwned: false });
    expect(await failuresOf(user.id)).toBe(0);
    const mine = await api(t.app, { url: ApiPaths.userTextbooks(user.id), token: user.token });
    expect(mine.json().data.total).toBe(1);

    // Anyone else is still told the code is used (and that counts).
    const other = await createUser(t.database.db);
    const used = await activate(other.token, code!);
    expect(used.statusCode).toBe(422);
    expect(used.json()).toMatchObject({ code: ErrorCode.CODE_USED, msg: '激活码已被使用' });
    expect(await failuresOf(other.id)).toBe(1);
  });

  it('answers 409 OTHER_BOOK with that book for a code of another book, redeeming nothing', async () => {
    const [code] = await generateCodes(t.database.db, { textbookId: otherBookId, count: 1 });
    const user = await createUser(t.database.db);
    // Typed into the dialog of book A (bookId): the code is for book B (otherBookId).
    const asked = await activate(user.token, code!, bookId);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: ErrorCode.CODE_OTHER_BOOK,
      msg: '该激活码不属于当前教材，它用于激活《义务教育教科书·物理八年级上册》',
      data: { id: otherBookId, title: '义务教育教科书·物理八年级上册', access: 'activation' },
    });
    const [unused] = await t.database.db
      .select({ usedAt: activationCodes.usedAt })
      .from(activationCodes)
      .where(eq(activationCodes.codeHash, codeHash(code!)));
    expect(unused!.usedAt).toBeNull();
    expect(await failuresOf(user.id)).toBe(0);
    const before = await api(t.app, { url: ApiPaths.textbook(otherBookId), token: user.token });
    expect(before.json().data.owned).toBe(false);

    // The user confirms book B: the second call names it and activates it.
    const confirmed = await activate(user.token, code!, otherBookId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ textbook: { id: otherBookId }, alreadyOwned: false });
    const after = await api(t.app, { url: ApiPaths.textbook(otherBookId), token: user.token });
    expect(after.json().data.owned).toBe(true);
    expect((await api(t.app, { url: ApiPaths.textbook(bookId), token: user.token })).json().data.owned).toBe(false);

    // A code of the book itself, and one sent without a book, activate as before.
    const [own] = await generateCodes(t.database.db, { textbookId: bookId, count: 1 });
    expect((await activate(user.token, own!, bookId)).json().data).toMatchObject({ textbook: { id: bookId } });
  });

  it('still refuses bad codes named for a book, and bad book ids, as before', async () => {
    const user = await createUser(t.database.db);
    const unknown = await activate(user.token, newActivationCode(), bookId);
    expect(unknown.json()).toMatchObject({ code: ErrorCode.CODE_INVALID });
    // A code of another book that someone else used is just used.
    const [taken] = await generateCodes(t.database.db, { textbookId: otherBookId, count: 1 });
    expect((await activate((await createUser(t.database.db)).token, taken!)).statusCode).toBe(200);
    const used = await activate(user.token, taken!, bookId);
    expect(used.statusCode).toBe(422);
    expect(used.json().code).toBe(ErrorCode.CODE_USED);
    expect(await failuresOf(user.id)).toBe(2);

    const [code] = await generateCodes(t.database.db, { textbookId: bookId, count: 1 });
    for (const textbookId of [0, -1, 1.5, '1', 2_147_483_648, null]) {
      const res = await api(t.app, {
        method: 'POST',
        url: ApiPaths.textbookActivation,
        token: user.token,
        body: { code, textbookId },
      });
      expect(res.statusCode, JSON.stringify(textbookId)).toBe(400);
      expect(res.json().msg).toContain('教材 id 必须是正整数');
    }
  });

  it('refuses expired and unknown codes with their messages', async () => {
    const user = await createUser(t.database.db);
    const [expired] = await generateCodes(t.database.db, {
      textbookId: bookId,
      count: 1,
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await activate(user.token, expired!);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ErrorCode.CODE_EXPIRED, msg: '激活码已过期' });

    const [future] = await generateCodes(t.database.db, {
      textbookId: bookId,
      count: 1,
      expiresAt: new Date(Date.now() + 86400_000),
    });
    expect((await activate(user.token, future!)).statusCode).toBe(200);

    const unknown = await activate(user.token, newActivationCode());
    expect(unknown.json()).toMatchObject({ code: ErrorCode.CODE_INVALID, msg: '激活码无效' });
    const malformed = await activate(user.token, 'O0O0-1111');
    expect(malformed.json()).toMatchObject({ code: ErrorCode.CODE_INVALID, msg: '激活码无效' });
    const empty = await activate(user.token, '');
    expect(empty.statusCode).toBe(400);
  });

  it('allows 10 wrong codes per user per hour, then answers 429 even for a good code', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 10; i++) {
      const r = await activate(user.token, newActivationCode());
      expect(r.statusCode, `attempt ${i + 1}`).toBe(422);
    }
    const [good] = await generateCodes(t.database.db, { textbookId: otherBookId, count: 1 });
    const locked = await activate(user.token, good!);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toContain('1 小时');

    // Failures older than an hour no longer count.
    await t.database.db
      .update(activationFailures)
      .set({ createdAt: new Date(Date.now() - 3601_000) })
      .where(eq(activationFailures.userId, user.id));
    expect((await activate(user.token, good!)).statusCode).toBe(200);

    // Another user is not affected by this user's failures.
    const other = await createUser(t.database.db);
    expect((await activate(other.token, newActivationCode())).statusCode).toBe(422);
  });

  it('needs login, and my textbooks are visible to their owner only', async () => {
    const anon = await api(t.app, {
      method: 'POST',
      url: ApiPaths.textbookActivation,
      body: { code: newActivationCode() },
    });
    expect(anon.statusCode).toBe(401);
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    expect((await api(t.app, { url: ApiPaths.userTextbooks(a.id), token: b.token })).statusCode).toBe(404);
    expect((await api(t.app, { url: ApiPaths.userTextbooks(a.id) })).statusCode).toBe(401);
    expect((await api(t.app, { url: ApiPaths.userTextbooks(a.id), token: a.token })).json().data).toMatchObject({
      total: 0,
      items: [],
    });
  });
});
