/**
 * 浏览记录 (docs/api.md): opening a textbook records it for the reader; the list is the owner's only
 * (another user's is a 404 and never leaks), newest first, paged, one entry per item, without items
 * that are gone; the owner can clear it, and account cancellation erases it. Nothing is kept of a
 * pupil awaiting a guardian's consent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths, type BrowseHistoryItem, type Paged } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { browseHistory, textbooks, users } from '../src/db/schema';
import { importTextbooks } from '../src/features/textbooks/importer';
import { recordBrowse } from '../src/lib/browse-history';
import { LocalDiskStorage } from '../src/lib/storage';
import { api, testConfig, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-history-'));
const t = useTestApp({ config: testConfig({ dataDir }) });
const ids: number[] = [];

beforeAll(async () => {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-history-src-'));
  fs.writeFileSync(path.join(src, 'book.pdf'), Buffer.from('%PDF-1.4\n%%EOF\n'));
  const lines = [1, 2, 3].map((n) =>
    JSON.stringify({
      externalId: `h${n}`,
      title: `浏览教材 ${n}`,
      stage: '初中',
      subject: '数学',
      edition: '人教版',
      access: 'public',
      fileUrl: 'book.pdf',
    }),
  );
  await importTextbooks(t.database.db, lines.join('\n'), { baseDir: src, storage: new LocalDiskStorage(dataDir) });
  for (const r of await t.database.db.select({ id: textbooks.id }).from(textbooks).orderBy(textbooks.id))
    ids.push(r.id);
});

async function history(user: { id: number; token: string }, query: Record<string, number> = {}) {
  const res = await api(t.app, { method: 'GET', url: ApiPaths.userHistory(user.id), query, token: user.token });
  return { status: res.statusCode, data: res.json<{ data: Paged<BrowseHistoryItem> }>().data };
}

describe('浏览记录', () => {
  it('records the books a user opens, newest first, one entry per book, and only for its owner', async () => {
    const reader = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    for (const id of [ids[0]!, ids[1]!]) {
      const res = await api(t.app, { method: 'GET', url: ApiPaths.textbookRead(id), token: reader.token });
      expect(res.statusCode).toBe(200);
    }
    // Opening without logging in records nothing.
    expect((await api(t.app, { method: 'GET', url: ApiPaths.textbookRead(ids[2]!) })).statusCode).toBe(200);

    // Reopening moves a book to the top instead of adding a second entry.
    await recordBrowse(
      t.database.db,
      { id: reader.id, guardianRequired: false },
      'textbook',
      ids[0]!,
      new Date(Date.now() + 60_000),
    );
    const mine = await history(reader);
    expect(mine.status).toBe(200);
    expect(mine.data.items.map((i) => [i.kind, i.itemId, i.title])).toEqual([
      ['textbook', ids[0], '浏览教材 1'],
      ['textbook', ids[1], '浏览教材 2'],
    ]);
    expect(mine.data.total).toBe(2);

    // Paged.
    const second = await history(reader, { page: 2, pageSize: 1 });
    expect(second.data.items.map((i) => i.itemId)).toEqual([ids[1]]);
    expect(second.data.total).toBe(2);
    expect((await history(reader, { page: 3, pageSize: 1 })).data).toMatchObject({ items: [], total: 2 });

    // Another user's history is not found, for reading and for clearing; theirs is their own.
    const peek = await api(t.app, { method: 'GET', url: ApiPaths.userHistory(reader.id), token: other.token });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('浏览教材');
    const wipe = await api(t.app, { method: 'DELETE', url: ApiPaths.userHistory(reader.id), token: other.token });
    expect(wipe.statusCode).toBe(404);
    expect((await history(other)).data).toMatchObject({ items: [], total: 0 });
    expect((await history(reader)).data.total).toBe(2);

    // Logged out: 401.
    expect((await api(t.app, { method: 'GET', url: ApiPaths.userHistory(reader.id) })).statusCode).toBe(401);
  });

  it('keeps nothing of a pupil awaiting a guardian’s consent until the guardian agrees', async () => {
    const pupil = await createUser(t.database.db);
    await t.database.db.update(users).set({ guardianRequired: true }).where(eq(users.id, pupil.id));
    const read = await api(t.app, { method: 'GET', url: ApiPaths.textbookRead(ids[0]!), token: pupil.token });
    expect(read.statusCode).toBe(200);
    expect((await history(pupil)).data).toMatchObject({ items: [], total: 0 });

    // As the guardian step does: the flag lifted, the remembered sessions forgotten.
    await t.database.db.update(users).set({ guardianRequired: false }).where(eq(users.id, pupil.id));
    await t.app.forgetSessions(pupil.id);
    await api(t.app, { method: 'GET', url: ApiPaths.textbookRead(ids[0]!), token: pupil.token });
    expect((await history(pupil)).data.items.map((i) => i.itemId)).toEqual([ids[0]]);
  });

  it('leaves out items that are gone and clears on request', async () => {
    const user = await createUser(t.database.db);
    await recordBrowse(t.database.db, { id: user.id, guardianRequired: false }, 'textbook', ids[2]!, new Date());
    await recordBrowse(t.database.db, { id: user.id, guardianRequired: false }, 'paper', 987654, new Date());
    expect((await history(user)).data.items.map((i) => i.itemId)).toEqual([ids[2]]);

    const cleared = await api(t.app, { method: 'DELETE', url: ApiPaths.userHistory(user.id), token: user.token });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ data: { cleared: number } }>().data.cleared).toBe(2);
    expect((await history(user)).data).toMatchObject({ items: [], total: 0 });
  });

  it('is erased at account cancellation', async () => {
    const user = await createUser(t.database.db);
    await recordBrowse(t.database.db, { id: user.id, guardianRequired: false }, 'textbook', ids[0]!, new Date());
    await t.database.db.transaction(async (tx) => {
      const finish = await t.app.eraseUser(tx, user.id, new Date());
      await finish();
    });
    expect(await t.database.db.select().from(browseHistory).where(eq(browseHistory.userId, user.id))).toEqual([]);
  });
});
