/**
 * Finished-book points are earned, not declared (docs/prize.md, Points): the page count is the
 * server's, a page jump earns nothing by itself, and the award needs credited reading time in the
 * book (FINISH_SECONDS_PER_PAGE per page); the current page still moves freely for resuming. The
 * business clock is injected: minutes of reading run in milliseconds.
 */
import { ApiPaths } from '@eav/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { textbooks } from '../src/db/schema';
import { FINISH_SECONDS_PER_PAGE } from '../src/features/prize/points';
import { api } from './helpers';
import { createActivity, DAY, definition, heartbeat, importBooks, T0, usePrizeApp, type Reader } from './prize-helpers';
import { createUser } from './textbooks-helpers';

const t = usePrizeApp();
/** Pages of each test book: 6 pages need 120 credited seconds. */
const PAGES = 6;
const NEEDED_MS = PAGES * FINISH_SECONDS_PER_PAGE * 1000;
let books: { id: number; externalId: string }[] = [];
let code = '';

beforeEach(async () => {
  t.now = T0;
  books = await importBooks(t.app, 3);
  await t.app.db
    .update(textbooks)
    .set({ access: 'login', pageCount: PAGES })
    .where(
      inArray(
        textbooks.id,
        books.map((b) => b.id),
      ),
    );
  const def = definition(
    books.map((b) => b.externalId),
    T0 - DAY,
    { taskPoints: { activation: 0, finishBook: 20 } },
  );
  code = def.code;
  await createActivity(t.app, def, T0 - 2 * DAY);
});

const saveProgress = (u: Reader, bookId: number, body: { page: number; totalPages?: number }) =>
  api(t.app, { method: 'PUT', url: ApiPaths.textbookProgress(bookId), token: u.token, body });

const integral = async (u: Reader) => {
  const res = await api(t.app, { url: ApiPaths.prizeIntegral(u.id), token: u.token, query: { activityCode: code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; ledger: { reason: string; amount: number }[] };
};

const finishLines = async (u: Reader) => (await integral(u)).ledger.filter((l) => l.reason === 'finishBook');

/** Heartbeats every 30 s for `ms` after the current clock (the first one at the current clock). */
async function readFor(u: Reader, bookId: number, session: string, ms: number) {
  const end = t.now + ms;
  for (;;) {
    const res = await heartbeat(t.app, u, code, bookId, session);
    expect(res.statusCode, res.body).toBe(200);
    if (t.now >= end) return;
    t.now += 30_000;
  }
}

describe('finished-book points', () => {
  it('gives nothing and no rank for declaring books finished without reading them', async () => {
    const u = await createUser(t.app.db);
    for (const b of books) {
      // The review's attack: a one-page "book" at its last page.
      const res = await saveProgress(u, b.id, { page: 1, totalPages: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ page: 1, totalPages: PAGES });
      // Jumping to the real last page (as the table of contents allows) earns nothing either.
      expect((await saveProgress(u, b.id, { page: PAGES })).json().data).toMatchObject({ page: PAGES });
    }
    // A reading session starts (task points are picked up then) and the points are read.
    expect((await heartbeat(t.app, u, code, books[0]!.id, 'attack-1')).json().data.points).toBe(0);
    expect(await integral(u)).toMatchObject({ total: 0, ledger: [] });
    const rank = await api(t.app, {
      url: ApiPaths.prizeRank,
      token: u.token,
      query: { activityCode: code, userId: u.id },
    });
    expect(rank.json().data).toMatchObject({ participants: 0, me: { rank: null, points: 0 } });
  });

  it('awards an honest reader who reads a book through exactly once, and keeps resuming free', async () => {
    const u = await createUser(t.app.db);
    const book = books[0]!.id;
    await heartbeat(t.app, u, code, book, 'honest-1');
    for (let page = 1; page <= PAGES; page++) {
      expect((await saveProgress(u, book, { page })).statusCode).toBe(200);
      t.now += 30_000;
      await heartbeat(t.app, u, code, book, 'honest-1');
    }
    // Back to page 2 through the table of contents: the resume page follows, the award stands.
    expect((await saveProgress(u, book, { page: 2 })).json().data).toMatchObject({ page: 2, totalPages: PAGES });
    const first = await integral(u);
    expect(first.ledger.filter((l) => l.reason === 'finishBook')).toEqual([expect.objectContaining({ amount: 20 })]);
    // 6 × 30 s credited: 3 reading points and the award.
    expect(first.total).toBe(23);
    const detail = await api(t.app, { url: ApiPaths.textbook(book), token: u.token });
    expect(detail.json().data.progress).toMatchObject({ page: 2, totalPages: PAGES });

    // Reading on, a new session, reaching the end again, parallel reads: still one award.
    await readFor(u, book, 'honest-2', 60_000);
    await saveProgress(u, book, { page: PAGES });
    await readFor(u, book, 'honest-3', 30_000);
    const [a, b] = await Promise.all([integral(u), integral(u)]);
    for (const r of [a, b]) expect(r.ledger.filter((l) => l.reason === 'finishBook')).toHaveLength(1);
  });

  it('does not let a reader finish faster than the credited time allows', async () => {
    const u = await createUser(t.app.db);
    const book = books[1]!.id;
    await saveProgress(u, book, { page: 1 });
    // Half the time the book needs, then a jump to the last page and back to page 3.
    await readFor(u, book, 'fast-read-1', NEEDED_MS / 2);
    await saveProgress(u, book, { page: PAGES });
    await saveProgress(u, book, { page: 3 });
    expect(await finishLines(u)).toEqual([]);
    // One heartbeat short of the time: still nothing.
    t.now += 30_000;
    await readFor(u, book, 'fast-read-1', NEEDED_MS / 2 - 60_000);
    expect(await finishLines(u)).toEqual([]);
    // The last 30 s: the furthest page was remembered, the award comes (the resume page stays 3).
    t.now += 30_000;
    await heartbeat(t.app, u, code, book, 'fast-read-1');
    expect(await finishLines(u)).toHaveLength(1);
    const detail = await api(t.app, { url: ApiPaths.textbook(book), token: u.token });
    expect(detail.json().data.progress).toMatchObject({ page: 3 });
  });

  it('never takes the page count from the client', async () => {
    const u = await createUser(t.app.db);
    const book = books[2]!.id;
    expect((await saveProgress(u, book, { page: 4, totalPages: 4 })).json().data).toMatchObject({
      page: 4,
      totalPages: PAGES,
    });
    expect((await saveProgress(u, book, { page: 99, totalPages: 200 })).json().data).toMatchObject({
      page: PAGES,
      totalPages: PAGES,
    });
    // Without a page count of its own the server knows no last page: no award, whatever is claimed.
    await t.app.db.update(textbooks).set({ pageCount: null }).where(eq(textbooks.id, book));
    const res = await saveProgress(u, book, { page: 3, totalPages: 3 });
    expect(res.json().data).toMatchObject({ page: 3, totalPages: null });
    await readFor(u, book, 'unknown-1', 5 * 60_000);
    expect(await finishLines(u)).toEqual([]);
  });
});
