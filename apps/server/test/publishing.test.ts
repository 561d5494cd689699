/**
 * 智慧出版 (docs/publishing.md): announcements list (paginated, published only, newest first) and
 * detail, unpublished ones hidden; a book's printings (newest labelled latest) and errata, by book
 * and by page; the showcase's kinds from the catalogue; validation answers 4xx with Chinese
 * messages; the admin API refuses non-operators; publishing an erratum is seen at once through the
 * read cache, and an import command's write within VERSION_CHECK_MS.
 */
import {
  ApiPaths,
  PublishingMessages,
  type AnnouncementDetail,
  type AnnouncementListItem,
  type Erratum,
  type Paged,
  type PageErrata,
  type PublishingShowcase,
  type TextbookPublishing,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { textbookChapters, textbooks, videos } from '../src/db/schema';
import { importErrata } from '../src/features/publishing/errata-import';
import { importTextbooks } from '../src/features/textbooks/importer';
import { VERSION_CHECK_MS } from '../src/lib/read-cache';
import { api, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

/** The read cache's monotonic clock (ms): moved past a version check instead of waiting for one. */
let monotonic = 0;
const t = useTestApp({ monotonic: () => monotonic });
let admin: TestUser;
let pupil: TestUser;
let bookId: number;
let plainBookId: number;

const book = (externalId: string, title: string) =>
  JSON.stringify({
    externalId,
    title,
    stage: '初中',
    subject: '数学',
    edition: '人教版',
    grade: '七年级',
    volume: '上册',
  });

beforeAll(async () => {
  const db = t.database.db;
  await importTextbooks(db, [book('pub-1', '出版测试·数学七年级上册'), book('pub-2', '出版测试·无电子版')].join('\n'));
  const rows = await db.select({ id: textbooks.id, externalId: textbooks.externalId }).from(textbooks);
  bookId = rows.find((r) => r.externalId === 'pub-1')!.id;
  plainBookId = rows.find((r) => r.externalId === 'pub-2')!.id;
  await db.update(textbooks).set({ fileKey: 'textbooks/x.pdf', pageCount: 40 }).where(eq(textbooks.id, bookId));
  const [chapter] = await db
    .insert(textbookChapters)
    .values({ textbookId: bookId, title: '第一章', page: 3 })
    .returning({ id: textbookChapters.id });
  await db.insert(videos).values({ textbookId: bookId, chapterId: chapter!.id, title: '微课', source: 'v.mp4' });
  admin = await createUser(db, ['admin']);
  pupil = await createUser(db);
});

async function data<T>(res: { statusCode: number; json(): unknown }): Promise<T> {
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: T }).data;
}

const post = (url: string, body: unknown, token = admin.token, method: 'POST' | 'PUT' = 'POST') =>
  api(t.app, { method, url, body, token });

const announcement = (title: string, published = true) => ({
  title,
  summary: `${title}的摘要`,
  body: `# ${title}\n\n正文 **加粗**。`,
  published,
});

const erratum = (page: number, original = `第 ${page} 页原文`) => ({
  textbookId: bookId,
  page,
  original,
  correction: `第 ${page} 页更正`,
  publishedOn: '2026-11-20',
});

describe('announcements', () => {
  it('lists published ones newest first, paginated, and hides unpublished ones', async () => {
    const first = await data<AnnouncementDetail>(
      await post(ApiPaths.adminPublishingAnnouncements, announcement('一号')),
    );
    const draft = await data<AnnouncementDetail>(
      await post(ApiPaths.adminPublishingAnnouncements, announcement('草稿', false)),
    );
    expect(draft.publishedAt).toBeNull();
    const second = await data<AnnouncementDetail>(
      await post(ApiPaths.adminPublishingAnnouncements, announcement('二号')),
    );

    const page1 = await data<Paged<AnnouncementListItem>>(
      await api(t.app, { url: ApiPaths.publishingAnnouncements, query: { page: 1, pageSize: 1 } }),
    );
    expect(page1).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page1.items.map((i) => i.id)).toEqual([second.id]);
    const page2 = await data<Paged<AnnouncementListItem>>(
      await api(t.app, { url: ApiPaths.publishingAnnouncements, query: { page: 2, pageSize: 1 } }),
    );
    expect(page2.items.map((i) => i.id)).toEqual([first.id]);

    const detail = await data<AnnouncementDetail>(await api(t.app, { url: ApiPaths.publishingAnnouncement(first.id) }));
    expect(detail).toMatchObject({ title: '一号', body: '# 一号\n\n正文 **加粗**。' });

    const hidden = await api(t.app, { url: ApiPaths.publishingAnnouncement(draft.id) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ msg: PublishingMessages.announcementNotFound });

    // Operators see drafts too.
    const all = await data<Paged<AnnouncementListItem>>(
      await api(t.app, { url: ApiPaths.adminPublishingAnnouncements, token: admin.token }),
    );
    expect(all.items.map((i) => i.id)).toContain(draft.id);
  });

  it('unpublishing takes a notice down at once, republishing keeps its first publication time', async () => {
    const a = await data<AnnouncementDetail>(await post(ApiPaths.adminPublishingAnnouncements, announcement('撤下')));
    expect((await api(t.app, { url: ApiPaths.publishingAnnouncement(a.id) })).statusCode).toBe(200);
    await data(await post(ApiPaths.adminPublishingAnnouncement(a.id), announcement('撤下', false), admin.token, 'PUT'));
    expect((await api(t.app, { url: ApiPaths.publishingAnnouncement(a.id) })).statusCode).toBe(404);
    const back = await data<AnnouncementDetail>(
      await post(ApiPaths.adminPublishingAnnouncement(a.id), announcement('撤下（更新）'), admin.token, 'PUT'),
    );
    expect(back.title).toBe('撤下（更新）');
    expect(back.publishedAt).not.toBeNull();
  });

  it('refuses bad input with Chinese messages', async () => {
    const empty = await post(ApiPaths.adminPublishingAnnouncements, { title: '', body: '' });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { msg: string }).msg).toMatch(/请填写标题|请填写正文/);
    const list = await api(t.app, { url: ApiPaths.publishingAnnouncements, query: { pageSize: 101 } });
    expect(list.statusCode).toBe(400);
    expect((list.json() as { msg: string }).msg).toContain('pageSize 必须是 1 到 100 之间的整数');
    expect((await api(t.app, { url: ApiPaths.publishingAnnouncement(0) })).statusCode).toBe(400);
    const missing = await post(ApiPaths.adminPublishingAnnouncement(999999), announcement('无'), admin.token, 'PUT');
    expect(missing.statusCode).toBe(404);
  });
});

describe('printings and errata', () => {
  it('lists printings newest first with the newest labelled latest', async () => {
    for (const [editionNo, printingNo, printedOn] of [
      [1, 1, '2024-06-01'],
      [1, 3, '2025-06-20'],
      [1, 2, '2025-01-10'],
    ] as const)
      await data(
        await post(ApiPaths.adminPublishingPrintings, { textbookId: bookId, editionNo, printingNo, printedOn }),
      );
    const again = await post(ApiPaths.adminPublishingPrintings, {
      textbookId: bookId,
      editionNo: 1,
      printingNo: 2,
      printedOn: '2025-01-10',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: PublishingMessages.printingExists });
    const record = await data<TextbookPublishing>(await api(t.app, { url: ApiPaths.publishingTextbook(bookId) }));
    expect(record.printings.map((p) => [p.printingNo, p.latest])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
  });

  it('answers errata by book and by page, and sees a published erratum at once', async () => {
    const before = await data<TextbookPublishing>(await api(t.app, { url: ApiPaths.publishingTextbook(bookId) }));
    const etag = (await api(t.app, { url: ApiPaths.publishingTextbook(bookId) })).headers.etag as string;
    expect(etag).toBeTruthy();
    expect(before.errata).toEqual([]);
    const emptyPage = await data<PageErrata>(await api(t.app, { url: ApiPaths.publishingPageErrata(bookId, 5) }));
    expect(emptyPage.items).toEqual([]);

    const saved = await data<Erratum>(await post(ApiPaths.adminPublishingErrata, erratum(5)));
    await data(await post(ApiPaths.adminPublishingErrata, erratum(9)));
    // The same book, page and original updates the notice (idempotent retry).
    await data(await post(ApiPaths.adminPublishingErrata, { ...erratum(5), correction: '改过的更正' }));

    const after = await data<TextbookPublishing>(await api(t.app, { url: ApiPaths.publishingTextbook(bookId) }));
    expect(after.errata.map((e) => [e.page, e.correction])).toEqual([
      [5, '改过的更正'],
      [9, '第 9 页更正'],
    ]);
    const stale = await api(t.app, { url: ApiPaths.publishingTextbook(bookId), headers: { 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
    const page5 = await data<PageErrata>(await api(t.app, { url: ApiPaths.publishingPageErrata(bookId, 5) }));
    expect(page5.items.map((e) => e.id)).toEqual([saved.id]);

    // Withdrawn: gone at once.
    await data(
      await api(t.app, { method: 'DELETE', url: ApiPaths.adminPublishingErratum(saved.id), token: admin.token }),
    );
    const page5After = await data<PageErrata>(await api(t.app, { url: ApiPaths.publishingPageErrata(bookId, 5) }));
    expect(page5After.items).toEqual([]);
  });

  it('sees an import command’s errata within the version check interval', async () => {
    await data(await api(t.app, { url: ApiPaths.publishingPageErrata(bookId, 12) }));
    const report = await importErrata(
      t.database.db,
      [
        JSON.stringify({
          book: 'pub-1',
          page: 12,
          original: '导入原文',
          correction: '导入更正',
          publishedOn: '2026-11-21',
        }),
        JSON.stringify({ book: 'pub-1', page: 99, original: '超页', correction: '超页', publishedOn: '2026-11-21' }),
        JSON.stringify({ book: 'nope', page: 1, original: 'a', correction: 'b', publishedOn: '2026-11-21' }),
        '{bad',
      ].join('\n'),
      new Date(),
    );
    expect(report.created).toBe(1);
    expect(report.skipped.map((s) => s.line)).toEqual([2, 3, 4]);
    expect(report.skipped[0]!.message).toContain(PublishingMessages.pageBeyondBook);
    monotonic += VERSION_CHECK_MS + 1;
    const page12 = await data<PageErrata>(await api(t.app, { url: ApiPaths.publishingPageErrata(bookId, 12) }));
    expect(page12.items.map((e) => e.correction)).toEqual(['导入更正']);
  });

  it('refuses bad errata with Chinese messages', async () => {
    const beyond = await post(ApiPaths.adminPublishingErrata, erratum(41));
    expect(beyond.statusCode).toBe(422);
    expect((beyond.json() as { msg: string }).msg).toContain('页码超出教材页数');
    const badDate = await post(ApiPaths.adminPublishingErrata, { ...erratum(2), publishedOn: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect((badDate.json() as { msg: string }).msg).toContain('发布日期不是有效日期');
    const noText = await post(ApiPaths.adminPublishingErrata, { ...erratum(2), original: '' });
    expect(noText.statusCode).toBe(400);
    expect((noText.json() as { msg: string }).msg).toContain('请填写原文');
    const noBook = await post(ApiPaths.adminPublishingErrata, { ...erratum(2), textbookId: 999999 });
    expect(noBook.statusCode).toBe(404);
    expect(noBook.json()).toMatchObject({ msg: PublishingMessages.bookNotFound });
    expect((await api(t.app, { url: ApiPaths.publishingTextbook(999999) })).statusCode).toBe(404);
    expect((await api(t.app, { url: ApiPaths.publishingPageErrata(bookId, 0) })).statusCode).toBe(400);
  });
});

describe('showcase', () => {
  it('sorts the catalogue into digital, audio-visual and fused publications', async () => {
    const s = await data<PublishingShowcase>(await api(t.app, { url: ApiPaths.publishingShowcase }));
    const ids = Object.fromEntries(s.kinds.map((k) => [k.kind, k.items.map((i) => i.id)]));
    expect(s.kinds.map((k) => k.name)).toEqual(['数字教材', '音像教材', '融合出版物']);
    expect(ids.digital).toEqual([bookId]);
    expect(ids.av).toEqual([bookId]);
    expect(ids.fusion).toEqual([bookId]);
    expect(ids.digital).not.toContain(plainBookId);
  });
});

describe('admin gate', () => {
  it('refuses the admin API to visitors (401) and non-operators (404)', async () => {
    const anon = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminPublishingAnnouncements,
      body: announcement('x'),
    });
    expect(anon.statusCode).toBe(401);
    for (const [method, url, body] of [
      ['POST', ApiPaths.adminPublishingAnnouncements, announcement('x')],
      ['POST', ApiPaths.adminPublishingErrata, erratum(2)],
      ['DELETE', ApiPaths.adminPublishingErratum(1), undefined],
      [
        'POST',
        ApiPaths.adminPublishingPrintings,
        { textbookId: bookId, editionNo: 2, printingNo: 1, printedOn: '2026-01-01' },
      ],
    ] as const) {
      const res = await api(t.app, { method, url, body, token: pupil.token });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
