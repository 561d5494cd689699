/**
 * The console's 出版管理 section (docs/publishing.md, Console): the errata table of every book with
 * book and keyword filters, paging and export; errata, printings and announcements written by the
 * roles their tabs name (reviewers: errata; operators: announcements and printings), each write
 * audited with before and after; printings edited (409 on a duplicate); announcements read with
 * their body, filtered by state and deleted; the book picker; Chinese 4xx messages.
 */
import {
  ApiPaths,
  PublishingMessages,
  type AdminAnnouncementRow,
  type AdminErratumRow,
  type AdminPrintingRow,
  type AdminPublishingTextbook,
  type AnnouncementDetail,
  type Erratum,
  type Paged,
  type TextbookPublishing,
} from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, textbooks } from '../src/db/schema';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp();
let operator: TestUser;
let reviewer: TestUser;
let admin: TestUser;
let bookA: number;
let bookB: number;

const line = (externalId: string, title: string) =>
  JSON.stringify({
    externalId,
    title,
    stage: '初中',
    subject: '语文',
    edition: '统编版',
    grade: '八年级',
    volume: '上册',
  });

beforeAll(async () => {
  const db = t.database.db;
  await importTextbooks(
    db,
    [line('cp-a', '控制台出版·语文八年级上册'), line('cp-b', '控制台出版·语文八年级下册')].join('\n'),
  );
  const rows = await db.select({ id: textbooks.id, externalId: textbooks.externalId }).from(textbooks);
  bookA = rows.find((r) => r.externalId === 'cp-a')!.id;
  bookB = rows.find((r) => r.externalId === 'cp-b')!.id;
  await db.update(textbooks).set({ pageCount: 50 }).where(eq(textbooks.id, bookA));
  operator = await createUser(db, ['operator']);
  reviewer = await createUser(db, ['reviewer']);
  admin = await createUser(db, ['admin']);
});

async function data<T>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
  api(t.app, { method, url, token, ...(body === undefined ? {} : { body }) });
const get = (url: string, token: string, query: Record<string, string | number> = {}) =>
  api(t.app, { url, token, query });

const auditRows = (event: string, target: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, event), eq(auditLog.target, target)));

const erratum = (textbookId: number, page: number, original: string) => ({
  textbookId,
  page,
  original,
  correction: `${original}（更正）`,
  publishedOn: '2026-11-20',
});

describe('errata', () => {
  it('are published, edited and withdrawn by reviewers, each write audited, and readers follow', async () => {
    const saved = await data<Erratum>(
      await send('POST', ApiPaths.adminPublishingErrata, reviewer.token, erratum(bookA, 7, '锲而不舍')),
    );
    const [created] = await auditRows('publishing_erratum_create', `erratum:${saved.id}`);
    expect(created).toMatchObject({ actorId: reviewer.id, before: null, after: { page: 7, original: '锲而不舍' } });

    // The same book, page and original text updates the notice: audited as an update.
    await data(
      await send('POST', ApiPaths.adminPublishingErrata, reviewer.token, {
        ...erratum(bookA, 7, '锲而不舍'),
        note: '再版说明',
      }),
    );
    const [again] = await auditRows('publishing_erratum_update', `erratum:${saved.id}`);
    expect(again).toMatchObject({ before: { note: '' }, after: { note: '再版说明' } });

    await data(
      await send('PUT', ApiPaths.adminPublishingErratum(saved.id), reviewer.token, erratum(bookA, 8, '锲而不舍')),
    );
    const updates = await auditRows('publishing_erratum_update', `erratum:${saved.id}`);
    expect(updates.map((r) => (r.after as { page: number }).page).sort()).toEqual([7, 8]);
    const book = await data<TextbookPublishing>(await api(t.app, { url: ApiPaths.publishingTextbook(bookA) }));
    expect(book.errata.map((e) => e.page)).toEqual([8]);

    await data(await send('DELETE', ApiPaths.adminPublishingErratum(saved.id), reviewer.token));
    const [gone] = await auditRows('publishing_erratum_delete', `erratum:${saved.id}`);
    expect(gone).toMatchObject({ before: { page: 8, original: '锲而不舍' }, after: null });
    expect(
      (await data<TextbookPublishing>(await api(t.app, { url: ApiPaths.publishingTextbook(bookA) }))).errata,
    ).toEqual([]);
    const again404 = await send('DELETE', ApiPaths.adminPublishingErratum(saved.id), reviewer.token);
    expect(again404.statusCode).toBe(404);
    expect(again404.json().msg).toBe(PublishingMessages.erratumNotFound);
  });

  it('list every book with titles, filtered by book and keyword, paged, and export', async () => {
    for (let p = 1; p <= 3; p++)
      await data(await send('POST', ApiPaths.adminPublishingErrata, reviewer.token, erratum(bookA, p, `甲书原文${p}`)));
    await data(await send('POST', ApiPaths.adminPublishingErrata, reviewer.token, erratum(bookB, 2, '乙书原文')));

    const all = await data<Paged<AdminErratumRow>>(await get(ApiPaths.adminPublishingErrata, reviewer.token));
    expect(all.total).toBe(4);
    expect(all.items.find((e) => e.textbookId === bookB)?.textbookTitle).toBe('控制台出版·语文八年级下册');
    const onlyA = await data<Paged<AdminErratumRow>>(
      await get(ApiPaths.adminPublishingErrata, reviewer.token, { textbookId: bookA }),
    );
    expect(onlyA.total).toBe(3);
    const byWord = await data<Paged<AdminErratumRow>>(
      await get(ApiPaths.adminPublishingErrata, reviewer.token, { q: '乙书' }),
    );
    expect(byWord.items.map((e) => e.textbookId)).toEqual([bookB]);
    const page2 = await data<Paged<AdminErratumRow>>(
      await get(ApiPaths.adminPublishingErrata, reviewer.token, { textbookId: bookA, page: 2, pageSize: 2 }),
    );
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(1);

    const xlsx = await get(ApiPaths.adminPublishingErrataExport, reviewer.token, { textbookId: bookA, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(4);
    expect(wb.worksheets[0]!.getRow(1).getCell(5).value).toBe('原文');
    const csv = await get(ApiPaths.adminPublishingErrataExport, reviewer.token, { q: '乙书', format: 'csv' });
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body).toContain('乙书原文');
  });

  it('refuse bad input with Chinese messages and stay closed to operators', async () => {
    const beyond = await send('POST', ApiPaths.adminPublishingErrata, reviewer.token, erratum(bookA, 51, '超页'));
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().msg).toContain(PublishingMessages.pageBeyondBook);
    const noDate = await send('POST', ApiPaths.adminPublishingErrata, reviewer.token, {
      ...erratum(bookA, 1, 'x'),
      publishedOn: '2026-02-30',
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().msg).toContain('发布日期不是有效日期');
    const badFilter = await get(ApiPaths.adminPublishingErrata, reviewer.token, { textbookId: 'abc' });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().msg).toContain('教材 id 必须是正整数');
    expect((await get(ApiPaths.adminPublishingErrata, operator.token)).statusCode).toBe(404);
    expect(
      (await send('POST', ApiPaths.adminPublishingErrata, operator.token, erratum(bookA, 1, 'x'))).statusCode,
    ).toBe(404);
  });
});

describe('printings', () => {
  it('are recorded, edited (409 on a duplicate), listed by book, exported and deleted by operators, audited', async () => {
    const body = (editionNo: number, printingNo: number, textbookId = bookA) => ({
      textbookId,
      editionNo,
      printingNo,
      printedOn: '2026-06-01',
    });
    const first = await data<AdminPrintingRow>(
      await send('POST', ApiPaths.adminPublishingPrintings, operator.token, body(1, 1)),
    );
    expect(first).toMatchObject({ textbookTitle: '控制台出版·语文八年级上册', editionNo: 1, printingNo: 1, note: '' });
    const second = await data<AdminPrintingRow>(
      await send('POST', ApiPaths.adminPublishingPrintings, operator.token, body(1, 2)),
    );
    await data(await send('POST', ApiPaths.adminPublishingPrintings, operator.token, body(1, 1, bookB)));

    const clash = await send('PUT', ApiPaths.adminPublishingPrinting(second.id), operator.token, body(1, 1));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe(PublishingMessages.printingExists);
    const edited = await data<AdminPrintingRow>(
      await send('PUT', ApiPaths.adminPublishingPrinting(second.id), operator.token, { ...body(2, 1), note: '修订' }),
    );
    expect(edited).toMatchObject({ editionNo: 2, printingNo: 1, note: '修订' });
    const [audit] = await auditRows('publishing_printing_update', `printing:${second.id}`);
    expect(audit).toMatchObject({
      actorId: operator.id,
      before: { editionNo: 1, printingNo: 2 },
      after: { editionNo: 2, note: '修订' },
    });
    expect(await auditRows('publishing_printing_create', `printing:${first.id}`)).toHaveLength(1);

    const ofA = await data<Paged<AdminPrintingRow>>(
      await get(ApiPaths.adminPublishingPrintings, operator.token, { textbookId: bookA }),
    );
    expect(ofA.items.map((p) => [p.editionNo, p.printingNo])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    const csv = await get(ApiPaths.adminPublishingPrintingsExport, operator.token, { format: 'csv' });
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);

    await data(await send('DELETE', ApiPaths.adminPublishingPrinting(first.id), operator.token));
    expect(await auditRows('publishing_printing_delete', `printing:${first.id}`)).toHaveLength(1);
    const missing = await send('PUT', ApiPaths.adminPublishingPrinting(first.id), operator.token, body(3, 1));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(PublishingMessages.printingNotFound);
    const badEdition = await send('POST', ApiPaths.adminPublishingPrintings, operator.token, body(100, 1));
    expect(badEdition.statusCode).toBe(400);
    expect(badEdition.json().msg).toContain('版次必须在 1 到 99 之间');
    expect((await get(ApiPaths.adminPublishingPrintings, reviewer.token)).statusCode).toBe(404);
  });
});

describe('announcements', () => {
  it('are read with their body, filtered by state, published, taken down and deleted by operators, audited', async () => {
    const body = (title: string, published: boolean) => ({
      title,
      summary: '摘要',
      body: `# ${title}\n\n正文`,
      published,
    });
    const draft = await data<AnnouncementDetail>(
      await send('POST', ApiPaths.adminPublishingAnnouncements, operator.token, body('控制台草稿', false)),
    );
    const live = await data<AnnouncementDetail>(
      await send('POST', ApiPaths.adminPublishingAnnouncements, operator.token, body('控制台公告', true)),
    );

    const one = await data<AnnouncementDetail>(
      await get(ApiPaths.adminPublishingAnnouncement(draft.id), operator.token),
    );
    expect(one).toMatchObject({ title: '控制台草稿', body: '# 控制台草稿\n\n正文', publishedAt: null });
    const drafts = await data<Paged<AdminAnnouncementRow>>(
      await get(ApiPaths.adminPublishingAnnouncements, operator.token, { status: 'draft' }),
    );
    expect(drafts.items.map((a) => a.id)).toEqual([draft.id]);
    const found = await data<Paged<AdminAnnouncementRow>>(
      await get(ApiPaths.adminPublishingAnnouncements, operator.token, { q: '控制台公告' }),
    );
    expect(found.items.map((a) => a.id)).toEqual([live.id]);

    await data(
      await send('PUT', ApiPaths.adminPublishingAnnouncement(draft.id), operator.token, body('控制台草稿', true)),
    );
    const [upd] = await auditRows('publishing_announcement_update', `announcement:${draft.id}`);
    expect(upd).toMatchObject({ before: { title: '控制台草稿', publishedAt: null }, after: { title: '控制台草稿' } });
    expect((upd!.after as { publishedAt: string | null }).publishedAt).not.toBeNull();
    expect((await api(t.app, { url: ApiPaths.publishingAnnouncement(draft.id) })).statusCode).toBe(200);

    await data(await send('DELETE', ApiPaths.adminPublishingAnnouncement(draft.id), operator.token));
    expect(await auditRows('publishing_announcement_delete', `announcement:${draft.id}`)).toHaveLength(1);
    expect((await api(t.app, { url: ApiPaths.publishingAnnouncement(draft.id) })).statusCode).toBe(404);
    const missing = await get(ApiPaths.adminPublishingAnnouncement(draft.id), operator.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(PublishingMessages.announcementNotFound);

    const noTitle = await send('POST', ApiPaths.adminPublishingAnnouncements, operator.token, body('', true));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().msg).toContain('请填写标题');
    const badState = await get(ApiPaths.adminPublishingAnnouncements, operator.token, { status: 'x' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().msg).toContain('状态只能是 published 或 draft');

    const xlsx = await get(ApiPaths.adminPublishingAnnouncementsExport, operator.token, { format: 'xlsx' });
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    expect((await get(ApiPaths.adminPublishingAnnouncements, reviewer.token)).statusCode).toBe(404);
    expect((await get(ApiPaths.adminPublishingAnnouncements, admin.token)).statusCode).toBe(200);
  });
});

describe('book picker', () => {
  it('finds books by title or externalId for operators and reviewers', async () => {
    for (const who of [operator, reviewer]) {
      const books = await data<AdminPublishingTextbook[]>(
        await get(ApiPaths.adminPublishingTextbooks, who.token, { q: '下册' }),
      );
      expect(books.map((b) => b.id)).toEqual([bookB]);
    }
    const byId = await data<AdminPublishingTextbook[]>(
      await get(ApiPaths.adminPublishingTextbooks, reviewer.token, { id: bookA }),
    );
    expect(byId).toEqual([{ id: bookA, title: '控制台出版·语文八年级上册', externalId: 'cp-a', pageCount: 50 }]);
    const support = await createUser(t.database.db, ['support']);
    expect((await get(ApiPaths.adminPublishingTextbooks, support.token)).statusCode).toBe(404);
  });
});
