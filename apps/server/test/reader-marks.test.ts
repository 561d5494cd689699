/**
 * Reader marks (docs/reader.md, Marks): create and update under the client's id, last writer wins on
 * the client's edit time, tombstones in the sync, owner checks, the reader's access rule, the limits,
 * 我的笔记 with its search and its Markdown and DOCX exports, and erasure with the account.
 */
import { randomUUID } from 'node:crypto';
import { ApiPaths, ErrorCode, LIMITS, Messages, type ReaderMarkBody } from '@eav/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readerMarks, textbooks } from '../src/db/schema';
import { importTextbooks } from '../src/features/textbooks/importer';
import { documentXml } from './docx-helpers';
import { api, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

/** The business clock: near the real time (signatures), moved forward by the tests. */
let now = Date.now();
const t = useTestApp({ clock: () => now });
const ids: Record<string, number> = {};
const tick = (ms = 1000) => (now += ms);
const at = (offsetMs = 0) => new Date(now + offsetMs).toISOString();

beforeAll(async () => {
  const line = (id: string, title: string, access: string) =>
    JSON.stringify({ externalId: id, title, stage: '初中', subject: '数学', edition: '人教版', access });
  await importTextbooks(
    t.database.db,
    [
      line('pub', '义务教育教科书·数学七年级上册', 'public'),
      line('pub2', '义务教育教科书·语文七年级上册', 'public'),
      line('login', '义务教育教科书·英语七年级上册', 'login'),
      line('act', '义务教育教科书·物理八年级上册', 'activation'),
    ].join('\n'),
  );
  for (const r of await t.database.db.select({ id: textbooks.id, externalId: textbooks.externalId }).from(textbooks))
    ids[r.externalId] = r.id;
  await t.database.db.update(textbooks).set({ pageCount: 50 }).where(eq(textbooks.id, ids.pub!));
});

const highlight = (over: Partial<ReaderMarkBody> = {}): ReaderMarkBody => ({
  kind: 'highlight',
  page: 3,
  color: 'yellow',
  anchor: { quote: '有理数', prefix: '我们把正数、负数和零统称为', suffix: '。', start: 40, end: 43 },
  note: null,
  clientUpdatedAt: at(),
  ...over,
});

const put = (user: TestUser, book: number, id: string, body: unknown) =>
  api(t.app, { method: 'PUT', url: ApiPaths.textbookMark(book, id), token: user.token, body });
const del = (user: TestUser, book: number, id: string) =>
  api(t.app, { method: 'DELETE', url: ApiPaths.textbookMark(book, id), token: user.token });
const getOne = (user: TestUser, book: number, id: string) =>
  api(t.app, { url: ApiPaths.textbookMark(book, id), token: user.token });
const list = (user: TestUser, book: number, since?: string) =>
  api(t.app, { url: ApiPaths.textbookMarks(book), token: user.token, query: { since } });

describe('reader marks of a book', () => {
  it('needs a login, refused before the body is read', async () => {
    expect((await api(t.app, { url: ApiPaths.textbookMarks(ids.pub!) })).statusCode).toBe(401);
    const res = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.textbookMark(ids.pub!, randomUUID()),
      body: highlight(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(Messages.authRequired);
  });

  it('creates under the client id, repeats idempotently and keeps the newest edit (last writer wins)', async () => {
    const u = await createUser(t.database.db);
    const id = randomUUID();
    const created = await put(u, ids.pub!, id, highlight());
    expect(created.statusCode, created.body).toBe(200);
    const mark = created.json().data;
    expect(mark).toMatchObject({
      id,
      textbookId: ids.pub,
      kind: 'highlight',
      page: 3,
      color: 'yellow',
      deletedAt: null,
    });
    expect(mark.anchor).toEqual(highlight().anchor);

    // The same request again (a retried offline sync) stores nothing new.
    tick();
    const again = await put(u, ids.pub!, id, { ...highlight(), clientUpdatedAt: mark.clientUpdatedAt });
    expect(again.json().data).toEqual(mark);

    // A newer edit wins: the highlight becomes a note with text.
    const newer = await put(
      u,
      ids.pub!,
      id,
      highlight({ kind: 'note', color: null, note: '注意：0 既不是正数也不是负数' }),
    );
    expect(newer.statusCode, newer.body).toBe(200);
    const edited = newer.json().data;
    expect(edited).toMatchObject({ kind: 'note', color: null, note: '注意：0 既不是正数也不是负数' });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(mark.updatedAt));
    expect(edited.createdAt).toBe(mark.createdAt);

    // An older edit arriving late (another device's, made offline) is ignored: the stored mark is answered.
    tick();
    const stale = await put(u, ids.pub!, id, highlight({ color: 'green', clientUpdatedAt: at(-5000) }));
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toEqual(edited);
    expect((await getOne(u, ids.pub!, id)).json().data).toEqual(edited);

    // A client clock ahead of the server's counts as the server's time.
    const ahead = await put(u, ids.pub!, id, highlight({ color: 'blue', clientUpdatedAt: at(3_600_000) }));
    expect(ahead.json().data).toMatchObject({ color: 'blue', clientUpdatedAt: at() });
  });

  it('deletes as a tombstone that a sync since an earlier time receives, and that stays deleted', async () => {
    const u = await createUser(t.database.db);
    const kept = randomUUID();
    const gone = randomUUID();
    tick();
    expect((await put(u, ids.pub!, kept, { kind: 'bookmark', page: 7, clientUpdatedAt: at() })).statusCode).toBe(200);
    expect((await put(u, ids.pub!, gone, highlight({ note: '待删' }))).statusCode).toBe(200);
    const first = await list(u, ids.pub!);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.items.map((m: { id: string }) => m.id)).toEqual([gone, kept]); // page order
    expect(Date.parse(first.json().data.syncedAt)).toBeLessThanOrEqual(now);
    const before = at();

    tick();
    const removed = await del(u, ids.pub!, gone);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ id: gone, anchor: null, note: null, deletedAt: at() });

    // Live list without it; the sync since before the delete carries the tombstone only.
    expect((await list(u, ids.pub!)).json().data.items.map((m: { id: string }) => m.id)).toEqual([kept]);
    const sync = (await list(u, ids.pub!, before)).json().data.items;
    expect(sync).toHaveLength(1);
    expect(sync[0]).toMatchObject({ id: gone, deletedAt: at() });

    // A later edit from a device that had not heard of the delete does not bring it back.
    tick();
    const revived = await put(u, ids.pub!, gone, highlight({ clientUpdatedAt: at() }));
    expect(revived.statusCode).toBe(200);
    expect(revived.json().data.deletedAt).not.toBeNull();
    // Deleting again answers the tombstone.
    expect((await del(u, ids.pub!, gone)).json().data.deletedAt).toBe(removed.json().data.deletedAt);
  });

  it("answers another user's mark as unknown on GET, PUT and DELETE, and never overwrites it", async () => {
    const owner = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const id = randomUUID();
    const mark = (await put(owner, ids.pub!, id, highlight({ note: '我的' }))).json().data;
    tick();
    for (const res of [
      await getOne(other, ids.pub!, id),
      await put(other, ids.pub!, id, highlight({ note: '改掉', clientUpdatedAt: at() })),
      await del(other, ids.pub!, id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(Messages.readerMarkNotFound);
    }
    // The owner's own id under another book is not that mark either.
    expect((await getOne(owner, ids.pub2!, id)).statusCode).toBe(404);
    expect((await put(owner, ids.pub2!, id, highlight({ clientUpdatedAt: at() }))).statusCode).toBe(404);
    expect((await getOne(owner, ids.pub!, id)).json().data).toEqual(mark);
    expect((await list(other, ids.pub!)).json().data.items).toEqual([]);
  });

  it('follows the reader: a book the user may not read is refused as the reader refuses it', async () => {
    const u = await createUser(t.database.db);
    const id = randomUUID();
    for (const res of [await list(u, ids.act!), await put(u, ids.act!, id, highlight())]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ErrorCode.TEXTBOOK_NO_ACCESS, data: { need: 'activation' } });
    }
    expect((await list(u, 999_999)).statusCode).toBe(404);
    // Login-only books are open to any logged-in user.
    expect((await put(u, ids.login!, id, highlight())).statusCode).toBe(200);
  });

  it('refuses bad input with a Chinese message, never a 500', async () => {
    const u = await createUser(t.database.db);
    const bad = async (body: unknown, status = 400, id = randomUUID()) => {
      const res = await put(u, ids.pub!, id, body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().msg as string;
    };
    expect(await bad(highlight({ color: null }))).toContain('请选择划线颜色');
    expect(await bad(highlight({ anchor: null }))).toContain('划线须包含所选文字');
    expect(await bad({ kind: 'bookmark', page: 1, color: 'red', clientUpdatedAt: at() })).toContain('颜色必须是');
    expect(await bad({ kind: 'bookmark', page: 1, color: 'pink', clientUpdatedAt: at() })).toContain('只有划线');
    expect(await bad({ kind: 'note', page: 1, note: '  ', clientUpdatedAt: at() })).toContain('请输入笔记内容');
    expect(
      await bad({ kind: 'note', page: 1, note: '字'.repeat(LIMITS.readerMarks.noteMax + 1), clientUpdatedAt: at() }),
    ).toBe(`参数 笔记（note） 不合法：${Messages.readerNoteTooLong}`);
    const long = { ...highlight().anchor!, quote: '字'.repeat(LIMITS.readerMarks.quoteMax + 1), end: 2000 };
    expect(await bad(highlight({ anchor: long }))).toContain(Messages.readerQuoteTooLong);
    expect(await bad(highlight({ anchor: { ...highlight().anchor!, prefix: '前'.repeat(33) } }))).toContain('前文');
    expect(await bad(highlight({ anchor: { ...highlight().anchor!, end: 40 } }))).toContain('结束位置必须大于起始位置');
    expect(await bad(highlight({ anchor: { ...highlight().anchor!, quote: 'a\u0000b' } }))).toContain('控制字符');
    expect(await bad(highlight({ clientUpdatedAt: '昨天' }))).toContain('ISO 8601');
    expect(await bad(highlight({ page: 0 }))).toContain('页码');
    // Past the book's page count (50).
    expect(await bad(highlight({ page: 51 }), 422)).toBe(Messages.readerMarkPage);
    const badId = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.textbookMark(ids.pub!, 'not-a-uuid'),
      token: u.token,
      body: highlight(),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().msg).toContain('UUID');
    expect((await list(u, ids.pub!, 'yesterday')).statusCode).toBe(400);
  });

  it('keeps a context cut through a character outside the BMP, its lone half replaced', async () => {
    const u = await createUser(t.database.db);
    // 𠮷 is a surrogate pair; 32 code units of context may keep only its second half.
    const anchor = { ...highlight().anchor!, prefix: '\uDFB7野家', suffix: '的\uD842' };
    const res = await put(u, ids.pub!, randomUUID(), highlight({ anchor }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.anchor).toMatchObject({ prefix: '\uFFFD野家', suffix: '的\uFFFD' });
  });

  it('describes its routes in the OpenAPI document', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const one = doc.paths['/api/v1/textbooks/{id}/marks/{markId}'];
    expect(Object.keys(one ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(one!.put!.requestBody).toBeDefined();
    for (const p of [
      '/api/v1/textbooks/{id}/marks',
      '/api/v1/users/{userId}/marks',
      '/api/v1/users/{userId}/marks/export',
    ])
      expect(doc.paths[p]?.get).toBeDefined();
  });

  it('holds at most the per-book limit of live marks; updates and tombstones do not count', async () => {
    const u = await createUser(t.database.db);
    const full = LIMITS.readerMarks.perBook;
    await t.database.db.execute(sql`
      insert into reader_marks (id, user_id, textbook_id, kind, page, created_at, updated_at, client_updated_at)
      select gen_random_uuid(), ${u.id}, ${ids.pub2!}, 'bookmark', 1 + (g % 40), now(), now(), now()
      from generate_series(1, ${full - 1}) g`);
    const last = randomUUID();
    expect((await put(u, ids.pub2!, last, { kind: 'bookmark', page: 2, clientUpdatedAt: at() })).statusCode).toBe(200);
    const refused = await put(u, ids.pub2!, randomUUID(), { kind: 'bookmark', page: 2, clientUpdatedAt: at() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: ErrorCode.READER_MARKS_FULL, msg: Messages.readerMarksFull });
    // Another book has room.
    expect((await put(u, ids.pub!, randomUUID(), highlight())).statusCode).toBe(200);
    // An edit of a mark already there is no new mark.
    tick();
    expect((await put(u, ids.pub2!, last, { kind: 'bookmark', page: 3, clientUpdatedAt: at() })).statusCode).toBe(200);
    // A delete makes room; its tombstone does not count.
    expect((await del(u, ids.pub2!, last)).statusCode).toBe(200);
    expect(
      (await put(u, ids.pub2!, randomUUID(), { kind: 'bookmark', page: 2, clientUpdatedAt: at() })).statusCode,
    ).toBe(200);
    const [live] = await t.database.db
      .select({ n: count() })
      .from(readerMarks)
      .where(and(eq(readerMarks.userId, u.id), eq(readerMarks.textbookId, ids.pub2!), isNull(readerMarks.deletedAt)));
    expect(live!.n).toBe(full);
  });
});

describe('我的笔记', () => {
  /** A user with marks in two books: a highlight, a note with a quote, a bookmark and a deleted note. */
  async function notesUser() {
    const u = await createUser(t.database.db);
    tick();
    await put(u, ids.pub!, randomUUID(), highlight({ page: 5, note: null }));
    tick();
    await put(u, ids.pub!, randomUUID(), {
      kind: 'note',
      page: 3,
      anchor: { quote: '数轴', prefix: '', suffix: '', start: 0, end: 2 },
      note: '数轴三要素：原点、正方向、单位长度\n# 不是标题 50%',
      clientUpdatedAt: at(),
    });
    tick();
    await put(u, ids.pub2!, randomUUID(), { kind: 'bookmark', page: 12, clientUpdatedAt: at() });
    tick();
    const gone = randomUUID();
    await put(u, ids.pub2!, gone, { kind: 'note', page: 1, note: '已删除的笔记', clientUpdatedAt: at() });
    await del(u, ids.pub2!, gone);
    return u;
  }
  const mine = (u: TestUser, query: Record<string, string | number> = {}, userId = u.id) =>
    api(t.app, { url: ApiPaths.userMarks(userId), token: u.token, query });

  it('lists the live marks across books, newest first, with the book titles; owner only', async () => {
    const u = await notesUser();
    const res = await mine(u);
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = res.json().data;
    expect(total).toBe(3);
    expect(items.map((m: { kind: string; textbookTitle: string }) => [m.kind, m.textbookTitle])).toEqual([
      ['bookmark', '义务教育教科书·语文七年级上册'],
      ['note', '义务教育教科书·数学七年级上册'],
      ['highlight', '义务教育教科书·数学七年级上册'],
    ]);
    const paged = (await mine(u, { page: 2, pageSize: 2 })).json().data;
    expect([paged.items.length, paged.total]).toEqual([1, 3]);
    const other = await createUser(t.database.db);
    expect((await mine(other, {}, u.id)).statusCode).toBe(404);
    expect((await api(t.app, { url: ApiPaths.userMarks(u.id) })).statusCode).toBe(401);
  });

  it('searches notes and quoted passages, and filters by book and kind', async () => {
    const u = await notesUser();
    const kinds = async (query: Record<string, string | number>) =>
      (await mine(u, query)).json().data.items.map((m: { kind: string }) => m.kind);
    expect(await kinds({ keyword: '原点' })).toEqual(['note']); // in the note
    expect(await kinds({ keyword: '有理数' })).toEqual(['highlight']); // in the quote
    expect(await kinds({ keyword: '数轴 单位' })).toEqual(['note']); // every word
    expect(await kinds({ keyword: '50%' })).toEqual(['note']); // % taken literally
    expect(await kinds({ keyword: '%' })).toEqual(['note']);
    expect(await kinds({ keyword: '已删除' })).toEqual([]); // tombstones keep no text and are not listed
    expect(await kinds({ textbookId: ids.pub2! })).toEqual(['bookmark']);
    expect(await kinds({ kind: 'highlight' })).toEqual(['highlight']);
    expect((await mine(u, { kind: 'sticker' })).statusCode).toBe(400);
  });

  it('exports as Markdown grouped by book and page, with Chinese headings and a UTF-8 file name', async () => {
    const u = await notesUser();
    const res = await api(t.app, { url: ApiPaths.userMarksExport(u.id), token: u.token, query: { format: 'md' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="[^"]+\\.md"; filename\\*=UTF-8''${encodeURIComponent('我的笔记-')}`),
    );
    const md = res.body;
    expect(md).toMatch(/^# 我的笔记\n\n导出时间 .+（北京时间），共 3 条\n/);
    // Books by title (数学 before 语文 in code point order), pages ascending within a book.
    const order = ['## 义务教育教科书·数学七年级上册', '### 第 3 页', '**笔记**', '> 数轴', '### 第 5 页'];
    const at3 = order.map((s) => md.indexOf(s));
    expect(at3.every((i, n) => i >= 0 && (n === 0 || i > at3[n - 1]!))).toBe(true);
    expect(md).toContain('**划线（黄色）**\n\n> 有理数\n');
    expect(md).toContain('## 义务教育教科书·语文七年级上册\n\n### 第 12 页\n\n**书签**\n');
    // The note's lines stay lines, and its text cannot open a heading.
    expect(md).toContain('数轴三要素：原点、正方向、单位长度\\\n\\# 不是标题 50%\n');
    expect(md).not.toContain('已删除的笔记');
  });

  it('exports as DOCX whose document holds the notes under their books and pages', async () => {
    const u = await notesUser();
    const res = await api(t.app, { url: ApiPaths.userMarksExport(u.id), token: u.token, query: { format: 'docx' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('我的笔记-')}`);
    const xml = documentXml(res.rawPayload);
    for (const text of [
      '我的笔记',
      '义务教育教科书·数学七年级上册',
      '第 3 页',
      '数轴三要素：原点、正方向、单位长度',
      '划线（黄色）',
    ])
      expect(xml).toContain(text);
    expect(xml).not.toContain('已删除的笔记');
    const bad = await api(t.app, { url: ApiPaths.userMarksExport(u.id), token: u.token, query: { format: 'pdf' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('导出格式必须是 md 或 docx');
    const other = await createUser(t.database.db);
    expect(
      (await api(t.app, { url: ApiPaths.userMarksExport(u.id), token: other.token, query: { format: 'md' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('erasure', () => {
  it("removes the user's marks, tombstones included, with the account; another user's stay", async () => {
    const gone = await notesUserFor();
    const kept = await notesUserFor();
    const held = async (userId: number) =>
      (await t.database.db.select({ n: count() }).from(readerMarks).where(eq(readerMarks.userId, userId)))[0]!.n;
    expect(await held(gone.id)).toBe(2);
    const finish = await t.app.db.transaction((tx) => t.app.eraseUser(tx, gone.id, new Date(t.app.clock())));
    await finish();
    expect(await held(gone.id)).toBe(0);
    expect(await held(kept.id)).toBe(2);
  });

  /** A user with one live mark and one tombstone. */
  async function notesUserFor() {
    const u = await createUser(t.database.db);
    const id = randomUUID();
    await put(u, ids.pub!, randomUUID(), highlight());
    await put(u, ids.pub!, id, { kind: 'bookmark', page: 1, clientUpdatedAt: at() });
    await del(u, ids.pub!, id);
    return u;
  }
});
