/**
 * Account cancellation and the textbooks feature: the eraser registered with the erasure registry
 * removes the user's books, reading progress and wrong-code attempts, and unlinks the codes the
 * user redeemed (they stay used); another user's data is untouched.
 */
import { ApiPaths } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, activationFailures, readingProgress, textbooks, userTextbooks } from '../src/db/schema';
import { codeHash, generateCodes } from '../src/features/textbooks/activation';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp();
let bookId = 0;

beforeAll(async () => {
  await importTextbooks(
    t.database.db,
    '{"externalId":"erase-tb","title":"义务教育教科书·英语七年级上册","stage":"初中","subject":"英语","edition":"人教版","access":"activation"}',
  );
  const [row] = await t.database.db
    .select({ id: textbooks.id })
    .from(textbooks)
    .where(eq(textbooks.externalId, 'erase-tb'));
  bookId = row!.id;
});

/** A user who activated the book with a code, read to page 5 and typed a wrong code. */
async function reader(): Promise<TestUser & { code: string }> {
  const user = await createUser(t.database.db);
  const [code] = await generateCodes(t.database.db, { textbookId: bookId, count: 1 });
  const post = (body: unknown) =>
    api(t.app, { method: 'POST', url: ApiPaths.textbookActivation, token: user.token, body });
  expect((await post({ code })).statusCode).toBe(200);
  expect((await post({ code: 'ABCDEFGHJKMNPQRS' })).statusCode).toBe(422);
  const progress = await api(t.app, {
    method: 'PUT',
    url: ApiPaths.textbookProgress(bookId),
    token: user.token,
    body: { page: 5 },
  });
  expect(progress.statusCode).toBe(200);
  return { ...user, code: code! };
}

/** What the textbook tables hold about a user. */
async function holdings(userId: number) {
  const db = t.database.db;
  return {
    books: (await db.select().from(userTextbooks).where(eq(userTextbooks.userId, userId))).length,
    progress: (await db.select().from(readingProgress).where(eq(readingProgress.userId, userId))).length,
    failures: (await db.select().from(activationFailures).where(eq(activationFailures.userId, userId))).length,
    codes: (await db.select().from(activationCodes).where(eq(activationCodes.usedBy, userId))).length,
  };
}

describe('textbooks erasure', () => {
  it('is registered with the erasure registry', () => {
    expect(t.app.erasureNames()).toContain('textbooks');
  });

  it("removes the user's books, progress and attempts and unlinks redeemed codes, which stay used", async () => {
    const gone = await reader();
    const kept = await reader();
    expect(await holdings(gone.id)).toEqual({ books: 1, progress: 1, failures: 1, codes: 1 });

    const finish = await t.app.db.transaction((tx) => t.app.eraseUser(tx, gone.id, new Date(t.app.clock())));
    await finish();

    expect(await holdings(gone.id)).toEqual({ books: 0, progress: 0, failures: 0, codes: 0 });
    const [code] = await t.database.db
      .select({ usedAt: activationCodes.usedAt, usedBy: activationCodes.usedBy })
      .from(activationCodes)
      .where(eq(activationCodes.codeHash, codeHash(gone.code)));
    expect(code!.usedBy).toBeNull();
    expect(code!.usedAt).not.toBeNull();
    // The code cannot be redeemed again by anyone.
    const someone = await createUser(t.database.db);
    const again = await api(t.app, {
      method: 'POST',
      url: ApiPaths.textbookActivation,
      token: someone.token,
      body: { code: gone.code },
    });
    expect(again.statusCode).toBe(422);

    expect(await holdings(kept.id)).toEqual({ books: 1, progress: 1, failures: 1, codes: 1 });
  });
});
