/**
 * Question bank, paper centre, knowledge points and chapter trees over the real data (docs/api.md,
 * Question bank): lists and totals, the facets rule (each dimension counted with the other filters),
 * Chinese keyword search in stems, knowledge-point and chapter filters, details, and the paper export.
 * Expected numbers are computed from the files.
 */
import {
  ApiPaths,
  type ChapterBook,
  type ChapterTreeNode,
  type KnowledgePointNode,
  type Paged,
  type PaperRead,
  type PaperFacets,
  type PaperListItem,
  type QuestionCard,
  type QuestionRead,
  type QuestionFacets,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { textbookChapters, textbooks } from '../src/db/schema';
import { SEED_FILES } from '../src/features/question-bank/seed';
import { normaliseQuestionTex } from '../src/features/question-bank/tex-normalise';
import { documentXml } from './docx-helpers';
import { api, useTestApp } from './helpers';
import { allQuestions, importAll, linesOf, type ChapterFileLine, type PaperFileLine } from './question-bank-helpers';
import { createUser } from './textbooks-helpers';

const t = useTestApp();
const questionLines = allQuestions();
const paperLines = linesOf<PaperFileLine>(SEED_FILES.papers);
const chapterLines = linesOf<ChapterFileLine>(SEED_FILES.chapters);

beforeAll(async () => {
  await importAll(t.database.db);
}, 300_000);

async function get<T>(
  url: string,
  query: Record<string, string | number | undefined> = {},
  token?: string,
): Promise<T> {
  const res = await api(t.app, { url, query, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

const dictIds = async (kind: 'stage' | 'subject') => {
  const facets = await get<QuestionFacets>(ApiPaths.questionFacets);
  return new Map(facets[kind].map((f) => [f.name, f.id]));
};

describe('questions', () => {
  it('lists every question in pages of cards without answers', async () => {
    const first = await get<Paged<QuestionCard>>(ApiPaths.questions, { pageSize: 100 });
    expect(first.total).toBe(questionLines.length);
    expect(first.items).toHaveLength(100);
    expect(first.items[0]).not.toHaveProperty('answer');
    expect(first.items[0]).toHaveProperty('knowledgePoints');
    const last = await get<Paged<QuestionCard>>(ApiPaths.questions, {
      pageSize: 100,
      page: Math.ceil(first.total / 100),
    });
    expect(last.items.length).toBe(first.total - 100 * (Math.ceil(first.total / 100) - 1));
    const bad = await api(t.app, { url: ApiPaths.questions, query: { pageSize: 101 } });
    expect(bad.statusCode).toBe(400);
    expect((await api(t.app, { url: ApiPaths.questions, query: { type: '连线题' } })).statusCode).toBe(400);
  });

  it('finds Chinese substrings of stems; several words must all occur', async () => {
    const expected = questionLines.filter((q) => q.stem.toLowerCase().includes('函数')).length;
    const found = await get<Paged<QuestionCard>>(ApiPaths.questions, { keyword: '函数', pageSize: 100 });
    expect(found.total).toBe(expected);
    for (const q of found.items) expect(q.stem).toContain('函数');
    const both = questionLines.filter((q) => q.stem.includes('函数') && q.stem.includes('单调')).length;
    expect((await get<Paged<QuestionCard>>(ApiPaths.questions, { keyword: '单调 函数' })).total).toBe(both);
    expect((await get<Paged<QuestionCard>>(ApiPaths.questions, { keyword: '不存在的题干内容词' })).total).toBe(0);
  });

  it('counts each facet with the other filters applied (the catalogue rule)', async () => {
    const stages = await dictIds('stage');
    const subjects = await dictIds('subject');
    const filters = { stageId: stages.get('高中')!, subjectId: subjects.get('数学')!, type: '单选题' };
    const facets = await get<QuestionFacets>(ApiPaths.questionFacets, filters);
    const list = await get<Paged<QuestionCard>>(ApiPaths.questions, filters);
    expect(facets.total).toBe(list.total);
    expect(facets.total).toBe(
      questionLines.filter((q) => q.stage === '高中' && q.subject === '数学' && q.type === '单选题').length,
    );
    // Picking a value of a facet shows exactly its count.
    for (const y of facets.year.slice(0, 3)) {
      const withYear = await get<Paged<QuestionCard>>(ApiPaths.questions, { ...filters, year: y.value });
      expect(withYear.total).toBe(y.count);
    }
    // The type facet ignores the type filter itself.
    const types = new Map(facets.type.map((f) => [f.value, f.count]));
    expect(types.get('解答题')).toBe(
      questionLines.filter((q) => q.stage === '高中' && q.subject === '数学' && q.type === '解答题').length,
    );
    const origin = new Map(facets.origin.map((f) => [f.value, f.count]));
    expect((origin.get('gaokao') ?? 0) + (origin.get('practice') ?? 0)).toBe(facets.total);
    const d3 = await get<Paged<QuestionCard>>(ApiPaths.questions, { difficulty: 3 });
    expect(d3.total).toBe(questionLines.filter((q) => q.difficulty === 3).length);
  });

  it('filters by a knowledge point and everything below it', async () => {
    const stages = await dictIds('stage');
    const tree = await get<KnowledgePointNode[]>(ApiPaths.knowledgePoints, { stageId: stages.get('初中')! });
    const shu = tree.find((n) => n.name === '数')!;
    const rational = shu.children.find((n) => n.name === '有理数')!;
    const expected = questionLines.filter(
      (q) =>
        q.stage === '初中' && (q.knowledgePoints ?? []).some((p) => p === '数>有理数' || p.startsWith('数>有理数>')),
    ).length;
    expect(expected).toBeGreaterThan(0);
    expect(rational.questionCount).toBe(expected);
    const list = await get<Paged<QuestionCard>>(ApiPaths.questions, { knowledgePointId: rational.id, pageSize: 50 });
    expect(list.total).toBe(expected);
    for (const q of list.items) expect(q.knowledgePoints.some((k) => k.path.startsWith('数 > 有理数'))).toBe(true);
  });

  it('answers one question with its answer and analysis (logged in); an unknown one is 404', async () => {
    const [card] = (await get<Paged<QuestionCard>>(ApiPaths.questions, { pageSize: 1 })).items;
    // A visitor gets the question without its answer.
    const anonymous = await get<QuestionRead>(ApiPaths.question(card!.id));
    expect(anonymous).toMatchObject({ answer: null, analysis: null, answerHidden: 'login' });
    const reader = await createUser(t.database.db);
    const detail = await get<QuestionRead>(ApiPaths.question(card!.id), {}, reader.token);
    const line = questionLines.find((q) => q.externalId === detail.externalId)!;
    expect(detail.answer).toEqual(line.answer);
    // Stored as the importer repaired its TeX (tex-normalise.ts).
    expect(detail.stem).toBe(normaliseQuestionTex(line.stem.replace(/\r\n?/g, '\n')));
    const missing = await api(t.app, { url: ApiPaths.question(2_000_000_000) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('试题不存在');
    expect((await api(t.app, { url: ApiPaths.question('abc') })).statusCode).toBe(400);
  });
});

describe('chapter trees', () => {
  it('lists the books with a chapter tree and serves their trees with flags and question counts', async () => {
    const books = await get<ChapterBook[]>(ApiPaths.textbooksWithChapters);
    const withTree = new Set(chapterLines.map((l) => l.externalId));
    expect(books.length).toBeGreaterThan(0);
    for (const b of books) expect(withTree.has(b.externalId)).toBe(true);
    const line = chapterLines.find(
      (l) => l.edition === '人教版' && l.subject === '数学' && l.grade === '七年级' && l.volume === '上册',
    )!;
    const book = books.find((b) => b.externalId === line.externalId)!;
    expect(book.chapterCount).toBeGreaterThan(0);
    const tree = await get<ChapterTreeNode[]>(ApiPaths.textbookChapters(book.id));
    expect(tree.map((n) => n.title)).toEqual(line.chapters.map((n) => n.title));
    expect(tree[0]!.children.map((n) => n.title)).toEqual(line.chapters[0]!.children.map((n) => n.title));
    expect(tree[0]!.page).toBe(line.chapters[0]!.page);

    // Questions of a chapter: those of its knowledge points (1.2 有理数 → 数 > 有理数) and of its sub-chapters.
    const rational = tree[0]!.children.find((n) => n.title === '1.2 有理数')!;
    const byChapter = await get<Paged<QuestionCard>>(ApiPaths.questions, { chapterId: rational.id });
    const expected = questionLines.filter(
      (q) =>
        q.stage === '初中' && (q.knowledgePoints ?? []).some((p) => p === '数>有理数' || p.startsWith('数>有理数>')),
    ).length;
    expect(byChapter.total).toBe(expected);
    expect(rational.questionCount).toBe(expected);
    expect(tree[0]!.questionCount).toBeGreaterThanOrEqual(rational.questionCount);
    const byBook = await get<Paged<QuestionCard>>(ApiPaths.questions, { textbookId: book.id });
    expect(byBook.total).toBeGreaterThanOrEqual(byChapter.total);

    // A pdf-paged book says so, starred nodes are marked.
    const pdfLine = chapterLines.find((l) => l.pageKind === 'pdf' && books.some((b) => b.externalId === l.externalId));
    if (pdfLine) {
      const pdfBook = books.find((b) => b.externalId === pdfLine.externalId)!;
      const pdfTree = await get<ChapterTreeNode[]>(ApiPaths.textbookChapters(pdfBook.id));
      expect(pdfTree[0]!.pageKind).toBe('pdf');
    }
    const stages = (await get<QuestionFacets>(ApiPaths.questionFacets)).stage;
    const junior = await get<ChapterBook[]>(ApiPaths.textbooksWithChapters, {
      stageId: stages.find((s) => s.name === '初中')!.id,
    });
    expect(junior.length).toBe(
      chapterLines.filter((l) => l.stage === '初中' && books.some((b) => b.externalId === l.externalId)).length,
    );
  });

  it('answers 404 for an unknown book and a chapter tree for a book without chapters as empty', async () => {
    expect((await api(t.app, { url: ApiPaths.textbookChapters(2_000_000_000) })).statusCode).toBe(404);
    const [plain] = await t.database.db
      .insert(textbooks)
      .values({
        externalId: 'qb-no-chapters',
        title: '无目录的教材',
        stageId: (await t.database.db.select().from(textbooks).limit(1))[0]!.stageId,
        subjectId: (await t.database.db.select().from(textbooks).limit(1))[0]!.subjectId,
        editionId: (await t.database.db.select().from(textbooks).limit(1))[0]!.editionId,
      })
      .returning({ id: textbooks.id });
    expect(await get<ChapterTreeNode[]>(ApiPaths.textbookChapters(plain!.id))).toEqual([]);
    const chapters = await t.database.db
      .select()
      .from(textbookChapters)
      .where(eq(textbookChapters.textbookId, plain!.id));
    expect(chapters).toEqual([]);
  });
});

describe('papers', () => {
  it('lists papers with facets and filters (2016 数学)', async () => {
    const all = await get<Paged<PaperListItem>>(ApiPaths.papers);
    expect(all.total).toBe(paperLines.length);
    const subjects = await dictIds('subject');
    const q = { year: 2016, subjectId: subjects.get('数学')! };
    const list = await get<Paged<PaperListItem>>(ApiPaths.papers, q);
    expect(list.total).toBe(paperLines.filter((p) => p.year === 2016 && p.subject === '数学').length);
    expect(list.total).toBeGreaterThan(0);
    for (const p of list.items) {
      expect(p.year).toBe(2016);
      expect(p.subject.name).toBe('数学');
      expect(p.partial).toBe(true);
    }
    const facets = await get<PaperFacets>(ApiPaths.paperFacets, q);
    expect(facets.total).toBe(list.total);
    const years = new Map(facets.year.map((y) => [y.value, y.count]));
    expect(years.get('2017')).toBe(paperLines.filter((p) => p.year === 2017 && p.subject === '数学').length);
    const keyword = await get<Paged<PaperListItem>>(ApiPaths.papers, { keyword: '新课标Ⅰ卷' });
    expect(keyword.total).toBe(paperLines.filter((p) => p.title.includes('新课标Ⅰ卷')).length);
  });

  it('answers a paper in paper order and exports it as DOCX and PDF for logged-in users', async () => {
    const [item] = (await get<Paged<PaperListItem>>(ApiPaths.papers, { year: 2016 })).items;
    // A visitor reads the paper without answers; a logged-in user with them.
    const visitor = await get<PaperRead>(ApiPaths.paper(item!.id));
    expect(visitor.sections[0]!.questions[0]!.question).toMatchObject({ answer: null, answerHidden: 'login' });
    const paper = await get<PaperRead>(ApiPaths.paper(item!.id), {}, (await createUser(t.database.db)).token);
    expect(paper.sections[0]!.questions[0]!.question.answerHidden).toBeNull();
    const line = paperLines.find((p) => p.externalId === paper.externalId)!;
    expect(paper.sections.map((s) => s.title)).toEqual(line.sections.map((s) => s.title));
    expect(paper.sections.flatMap((s) => s.questions.map((x) => x.question.externalId))).toEqual(
      line.sections.flatMap((s) => s.questions.map((x) => x.externalId)),
    );
    expect(paper.sections[0]!.questions[0]!.question).toHaveProperty('answer');
    expect((await api(t.app, { url: ApiPaths.paper(2_000_000_000) })).statusCode).toBe(404);

    expect((await api(t.app, { url: ApiPaths.paperExport(item!.id), query: { format: 'docx' } })).statusCode).toBe(401);
    const user = await createUser(t.database.db);
    const docx = await api(t.app, {
      url: ApiPaths.paperExport(item!.id),
      query: { format: 'docx' },
      token: user.token,
    });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(String(docx.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(paper.title)}.docx`,
    );
    const xml = documentXml(docx.rawPayload);
    expect(xml).toContain('参考答案与解析');
    const pdf = await api(t.app, {
      url: ApiPaths.paperExport(item!.id),
      query: { format: 'pdf', answers: 'false' },
      token: user.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A browser renders the file: it carries the documents' security headers, not the JSON answers'.
    expect(pdf.headers['content-security-policy']).toContain("default-src 'self'");
    expect(pdf.headers['x-permitted-cross-domain-policies']).toBe('none');
    const bad = await api(t.app, { url: ApiPaths.paperExport(item!.id), query: { format: 'xls' }, token: user.token });
    expect(bad.statusCode).toBe(400);
  });
});
