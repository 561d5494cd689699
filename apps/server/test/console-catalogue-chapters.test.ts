/**
 * The console's chapter tree editor and textbook PDF upload (docs/console-content.md, Chapter tree
 * editor, Textbook PDF): roles, validation in Chinese, a round trip keeping the ids of renamed and
 * moved nodes, referenced nodes refused deletion, the public answers following the save, the audit
 * rows; PDFs recognised by their header, bounded in size, replaced and then read through the reader.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  ApiPaths,
  LIMITS,
  SIGN_HEADERS,
  signRequest,
  type ConsoleChapterInput,
  type ConsoleChapterNode,
} from '@eav/contract';
import { desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, textbooks } from '../src/db/schema';
import { importChapters } from '../src/features/question-bank/import-chapters';
import { LocalDiskStorage } from '../src/lib/storage';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, TEST_SECRET, testConfig, useTestApp } from './helpers';
import { addResource } from './resources-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const config = testConfig();
const t = useTestApp({ config });
const storage = new LocalDiskStorage(config.dataDir);
let admin: TestUser;
let operator: TestUser;
let reviewer: TestUser;
let teacher: TestUser;
let bookId: number;

const BOOKS = [
  '{"externalId":"ccc-1","title":"义务教育教科书·语文七年级上册","stage":"初中","subject":"语文","edition":"统编版","grade":"七年级","volume":"上册","access":"login"}',
  '{"externalId":"ccc-2","title":"义务教育教科书·语文七年级下册","stage":"初中","subject":"语文","edition":"统编版","grade":"七年级","volume":"下册","access":"login"}',
].join('\n');
const TREE = JSON.stringify({
  externalId: 'ccc-1',
  chapters: [
    {
      title: '第一单元',
      page: 1,
      children: [
        { title: '春', page: 2 },
        { title: '济南的冬天', page: 6 },
      ],
    },
    { title: '第二单元', page: 20, children: [{ title: '秋天的怀念', page: 22 }] },
    { title: '第三单元', page: 40 },
  ],
});

beforeAll(async () => {
  admin = await createUser(t.database.db, ['admin']);
  operator = await createUser(t.database.db, ['operator']);
  reviewer = await createUser(t.database.db, ['reviewer']);
  teacher = await createUser(t.database.db, ['teacher']);
  await importTextbooks(t.database.db, BOOKS);
  await importChapters(t.database.db, TREE);
  const [book] = await t.database.db.select().from(textbooks).where(eq(textbooks.externalId, 'ccc-1'));
  bookId = book!.id;
});

const lastAudit = async (event: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.event, event))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

const getTree = (token: string, id = bookId) => api(t.app, { url: ApiPaths.adminCatalogueTextbookChapters(id), token });
const putTree = (token: string, chapters: unknown, id = bookId) =>
  api(t.app, { method: 'PUT', url: ApiPaths.adminCatalogueTextbookChapters(id), token, body: { chapters } });

/** The editor's payload of a stored tree: ids, titles, pages and flags, children. */
const asInput = (ns: ConsoleChapterNode[]): ConsoleChapterInput[] =>
  ns.map((n) => ({
    id: n.id,
    title: n.title,
    page: n.page,
    pageKind: n.pageKind,
    pageInferred: n.pageInferred,
    starred: n.starred,
    children: asInput(n.children),
  }));
const titles = (ns: { title: string; children: unknown[] }[]): unknown[] =>
  ns.map((n) => (n.children.length ? [n.title, titles(n.children as typeof ns)] : n.title));

describe('chapter tree editor', () => {
  it('is open to the content roles only', async () => {
    expect((await getTree(operator.token)).statusCode).toBe(200);
    for (const user of [reviewer, teacher]) {
      expect((await getTree(user.token)).statusCode).toBe(404);
      expect((await putTree(user.token, [])).statusCode).toBe(404);
    }
    expect((await getTree(admin.token, 999_999)).statusCode).toBe(404);
  });

  it('refuses bad trees with Chinese messages', async () => {
    const empty = await putTree(admin.token, [{ title: ' ', page: 1, children: [] }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('章节标题不能为空');
    const page = await putTree(admin.token, [{ title: '第一章', page: -1, children: [] }]);
    expect(page.json().msg).toContain('页码不能小于 0');
    let deep: ConsoleChapterInput[] = [];
    for (let d = 0; d <= LIMITS.chapterTree.depthMax; d++) deep = [{ title: `第 ${d} 层`, page: null, children: deep }];
    const tooDeep = await putTree(admin.token, deep);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().msg).toContain(`目录不能超过 ${LIMITS.chapterTree.depthMax} 层`);
    const many = Array.from({ length: LIMITS.chapterTree.nodesMax + 1 }, (_, i) => ({ title: `第${i}节`, page: null }));
    expect((await putTree(admin.token, many)).json().msg).toContain(
      `目录不能超过 ${LIMITS.chapterTree.nodesMax} 个节点`,
    );
    const twice = await putTree(admin.token, [
      { id: 1, title: '甲', page: null, children: [] },
      { id: 1, title: '乙', page: null, children: [] },
    ]);
    expect(twice.json().msg).toContain('重复出现');
    // An id of another book's node.
    const other = await putTree(admin.token, [{ id: 2_000_000, title: '甲', page: null, children: [] }]);
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toContain('不属于这本教材');
  });

  it('saves an edited tree keeping the ids of renamed and moved nodes; public answers and the audit follow', async () => {
    // The anonymous detail is cached: read it first so the save has something to invalidate.
    const detailBefore = await api(t.app, { url: ApiPaths.textbook(bookId) });
    expect(titles(detailBefore.json().data.chapters)).toEqual([
      ['第一单元', ['春', '济南的冬天']],
      ['第二单元', ['秋天的怀念']],
      '第三单元',
    ]);
    const stored = (await getTree(operator.token)).json().data.chapters as ConsoleChapterNode[];
    const [unit1, unit2, unit3] = stored;
    const spring = unit1!.children[0]!;
    const winter = unit1!.children[1]!;
    // Rename unit 1, move 济南的冬天 under unit 2 (first), add a new lesson, delete unit 3.
    const edited: ConsoleChapterInput[] = [
      { ...asInput([unit1!])[0]!, title: '第一单元 四季美景', children: asInput([spring]) },
      {
        ...asInput([unit2!])[0]!,
        children: [
          ...asInput([winter]),
          ...asInput(unit2!.children),
          { title: '散步', page: 30, pageKind: 'printed', children: [] },
        ],
      },
    ];
    const res = await putTree(operator.token, edited);
    expect(res.statusCode).toBe(200);
    const saved = res.json().data.chapters as ConsoleChapterNode[];
    expect(titles(saved)).toEqual([
      ['第一单元 四季美景', ['春']],
      ['第二单元', ['济南的冬天', '秋天的怀念', '散步']],
    ]);
    expect(saved[0]!.id).toBe(unit1!.id);
    expect(saved[1]!.children[0]!.id).toBe(winter.id);
    expect(saved[1]!.children[2]!.page).toBe(30);
    expect(saved.some((n) => n.id === unit3!.id)).toBe(false);
    // The round trip: reading answers what was saved.
    expect((await getTree(operator.token)).json().data.chapters).toEqual(saved);

    // The public chapter tree and the cached book detail show the new tree.
    const pub = await api(t.app, { url: ApiPaths.textbookChapters(bookId) });
    expect(titles(pub.json().data)).toEqual(titles(saved));
    const detail = await api(t.app, { url: ApiPaths.textbook(bookId) });
    expect(titles(detail.json().data.chapters)).toEqual(titles(saved));

    const row = await lastAudit('textbook_chapters');
    expect(row).toMatchObject({
      actorId: operator.id,
      target: `textbook:${bookId}`,
      before: { nodes: 6, truncated: false },
      after: { nodes: 6, titles: ['第一单元 四季美景', '  春', '第二单元', '  济南的冬天', '  秋天的怀念', '  散步'] },
    });

    // Saving the same tree again changes nothing and records nothing.
    const count = (await t.database.db.select().from(auditLog).where(eq(auditLog.event, 'textbook_chapters'))).length;
    expect((await putTree(operator.token, asInput(saved))).statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.event, 'textbook_chapters'))).length).toBe(
      count,
    );
  });

  it('refuses to delete a node that a resource references, and says which', async () => {
    const stored = (await getTree(admin.token)).json().data.chapters as ConsoleChapterNode[];
    const lesson = stored[1]!.children[1]!;
    await addResource(t.database.db, storage, { title: '课件', textbookId: bookId, chapterId: lesson.id });
    const tree = (await getTree(admin.token)).json().data.chapters as ConsoleChapterNode[];
    expect(tree[1]!.children[1]!.refs).toBe(1);
    const without = asInput(tree);
    without[1]!.children.splice(1, 1);
    const res = await putTree(admin.token, without);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain(`「${lesson.title}」`);
    expect(res.json().msg).toContain('不能删除');
    expect(res.json().data.chapterIds).toEqual([lesson.id]);
    // Nothing was written.
    expect((await getTree(admin.token)).json().data.chapters).toEqual(tree);
    // Moving it elsewhere is fine: the resource stays attached.
    const moved = asInput(tree);
    const [node] = moved[1]!.children.splice(1, 1);
    moved[0]!.children.push(node!);
    const ok = await putTree(admin.token, moved);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.chapters[0].children[1]).toMatchObject({ id: lesson.id, refs: 1 });
  });
});

/** A multipart PUT of `content` as the field `file`, signed as the web client signs it. */
function putFile(
  token: string,
  url: string,
  content: Buffer,
  filename = 'book.pdf',
  headers: Record<string, string> = {},
) {
  const boundary = '----eavtest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const timestamp = Date.now();
  return t.app.inject({
    method: 'PUT',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method: 'PUT', path: url, query: {}, body: '', token, timestamp },
        TEST_SECRET,
      ),
      ...headers,
    },
    payload,
  });
}

/** A small PDF made on the fly (never a real textbook). */
async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`Page ${i + 1}`, { x: 20, y: 100, size: 18 });
  return Buffer.from(await doc.save());
}

describe('textbook PDF upload', () => {
  it('refuses other roles, wrong content and too large files', async () => {
    const pdf = await makePdf(1);
    const url = ApiPaths.adminCatalogueTextbookPdf(bookId);
    expect((await putFile(reviewer.token, url, pdf)).statusCode).toBe(404);
    expect((await putFile(teacher.token, url, pdf)).statusCode).toBe(404);
    const png = await putFile(admin.token, url, Buffer.from('\x89PNG\r\n\x1a\n not a pdf at all', 'latin1'), 'x.pdf');
    expect(png.statusCode).toBe(415);
    expect(png.json().msg).toContain('只能上传 PDF 文件');
    const tiny = await putFile(admin.token, url, Buffer.from('%PD'), 'x.pdf');
    expect(tiny.statusCode).toBe(415);
    const big = await putFile(admin.token, url, pdf, 'big.pdf', {
      'content-length': String(LIMITS.textbookPdfBytes + 1024 * 1024),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toContain(`不能超过 ${LIMITS.textbookPdfBytes / 1024 / 1024} MB`);
    const json = await api(t.app, { method: 'PUT', url, token: admin.token, body: {} });
    expect(json.statusCode).toBe(400);
    // Nothing was stored.
    const [book] = await t.database.db.select().from(textbooks).where(eq(textbooks.id, bookId));
    expect(book!.fileKey).toBeNull();
  });

  it('stores a PDF, replaces it atomically, audits it and the reader serves it to an entitled user', async () => {
    const reader = await createUser(t.database.db, ['student']);
    const url = ApiPaths.adminCatalogueTextbookPdf(bookId);
    // Before: no file, so the detail says so.
    expect((await api(t.app, { url: ApiPaths.textbook(bookId), token: reader.token })).json().data.hasFile).toBe(false);

    const first = await putFile(operator.token, url, await makePdf(2));
    expect(first.statusCode).toBe(200);
    const [afterFirst] = await t.database.db.select().from(textbooks).where(eq(textbooks.id, bookId));
    const firstKey = afterFirst!.fileKey!;
    expect(firstKey).toMatch(/^textbooks\/console-pdfs\//);
    expect(fs.existsSync(path.join(config.dataDir, firstKey))).toBe(true);

    const pdf = await makePdf(3);
    const second = await putFile(operator.token, url, pdf);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: bookId, fileSize: pdf.length });
    const [book] = await t.database.db.select().from(textbooks).where(eq(textbooks.id, bookId));
    expect(book!.fileKey).not.toBe(firstKey);
    // The replaced file is gone.
    expect(fs.existsSync(path.join(config.dataDir, firstKey))).toBe(false);
    expect(await lastAudit('textbook_pdf')).toMatchObject({
      actorId: operator.id,
      target: `textbook:${bookId}`,
      before: { fileKey: firstKey },
      after: { fileKey: book!.fileKey, fileSize: pdf.length },
    });

    // The book is `login`: an anonymous visitor is still refused, a logged-in user reads it.
    expect((await api(t.app, { url: ApiPaths.textbookRead(bookId) })).statusCode).not.toBe(200);
    const grant = await api(t.app, { url: ApiPaths.textbookRead(bookId), token: reader.token });
    expect(grant.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: grant.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await api(t.app, { url: ApiPaths.textbook(bookId), token: reader.token })).json().data.hasFile).toBe(true);
  });
});
