/**
 * The four question-bank importers (docs/api.md, Import formats) against the real files of `data/`:
 * counts computed from the files, idempotence, updates in place, bad lines reported by number, chapter
 * ids kept across re-imports, the chapter ↔ knowledge-point mapping, the operator endpoint and a CLI.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import {
  chapterDetails,
  chapterKnowledgePoints,
  knowledgePoints,
  paperQuestions,
  papers,
  questionKnowledgePoints,
  questions,
  textbookChapters,
  textbooks,
} from '../src/db/schema';
import { runImport } from '../src/features/question-bank/importers';
import { normaliseTitle } from '../src/features/question-bank/mapping';
import { SEED_FILES } from '../src/features/question-bank/seed';
import { importTextbooks } from '../src/features/textbooks';
import { CATALOGUE_FILE } from '../src/features/textbooks/seed';
import { useTestApp } from './helpers';
import {
  allQuestions,
  countNodes,
  linesOf,
  readData,
  type ChapterFileLine,
  type PaperFileLine,
} from './question-bank-helpers';

const t = useTestApp();
const db = () => t.database.db;
const SLOW = 240_000;

const kpLines = linesOf<{ externalId: string; stage: string; subject: string; path: string[] }>(
  SEED_FILES.knowledgePoints,
);
const questionLines = allQuestions();
const paperLines = linesOf<PaperFileLine>(SEED_FILES.papers);
const chapterLines = linesOf<ChapterFileLine>(SEED_FILES.chapters);
const catalogueIds = new Set(
  linesOf<{ externalId: string; edition?: string }>(CATALOGUE_FILE)
    .filter((l) => l.edition)
    .map((l) => l.externalId),
);
const importableChapters = chapterLines.filter(
  (l) => typeof l.externalId === 'string' && catalogueIds.has(l.externalId),
);

const tableCount = async (table: PgTable) => (await db().select({ n: count() }).from(table))[0]!.n;

describe('question-bank import of the real files', () => {
  it(
    'imports the knowledge points: every path and every parent of a path',
    async () => {
      const report = await runImport(db(), 'knowledge-points', readData(SEED_FILES.knowledgePoints));
      expect(report.lines).toBe(kpLines.length);
      expect(report.skipped).toEqual([]);
      const nodes = new Set<string>();
      for (const l of kpLines)
        for (let d = 1; d <= l.path.length; d++) nodes.add(`${l.stage}|${l.subject}|${l.path.slice(0, d).join('>')}`);
      expect(await tableCount(knowledgePoints)).toBe(nodes.size);
      expect(report.created).toBe(new Set(kpLines.map((l) => `${l.stage}|${l.subject}|${l.path.join('>')}`)).size);
    },
    SLOW,
  );

  it(
    'imports both question files, repairing TeX commands broken by JSON escapes',
    async () => {
      let created = 0;
      for (const f of SEED_FILES.questions) {
        const report = await runImport(db(), 'questions', readData(f));
        expect(report.skipped, f).toEqual([]);
        created += report.created;
      }
      expect(created).toBe(questionLines.length);
      expect(await tableCount(questions)).toBe(questionLines.length);
      // Knowledge-point links: one per distinct path of each question.
      const links = questionLines.reduce((n, q) => n + new Set(q.knowledgePoints ?? []).size, 0);
      expect(await tableCount(questionKnowledgePoints)).toBe(links);
      // The line whose `\bar` arrived as a backspace character keeps its command.
      const broken = questionLines.find((q) => q.stem.includes('\u0008'));
      if (broken) {
        const [row] = await db()
          .select({ stem: questions.stem })
          .from(questions)
          .where(eq(questions.externalId, broken.externalId));
        expect(row!.stem).toContain('\\bar{z}');
        expect(row!.stem).not.toContain('\u0008');
      }
      // 来源: GAOKAO-Bench lines are 高考真题, the others 练习题.
      const origins = rowsOf<{ origin: string; n: number }>(
        await db().execute(sql`select origin, count(*)::int as n from questions group by origin`),
      );
      const gaokao = questionLines.filter((q) => q.source && /高考|普通高等学校招生/.test(q.source)).length;
      expect(origins.find((o) => o.origin === 'gaokao')?.n ?? 0).toBe(gaokao);
    },
    SLOW,
  );

  it(
    'imports the papers in paper order with counts and scores from the file',
    async () => {
      const report = await runImport(db(), 'papers', readData(SEED_FILES.papers));
      expect(report.skipped).toEqual([]);
      expect(report.created).toBe(paperLines.length);
      const entries = paperLines.reduce((n, p) => n + p.sections.reduce((m, s) => m + s.questions.length, 0), 0);
      expect(await tableCount(paperQuestions)).toBe(entries);
      const sample = paperLines[Math.floor(paperLines.length / 2)]!;
      const [row] = await db().select().from(papers).where(eq(papers.externalId, sample.externalId));
      const refs = sample.sections.flatMap((s) => s.questions);
      expect(row).toMatchObject({
        title: sample.title,
        questionCount: refs.length,
        totalScore: refs.reduce((n, q) => n + q.score, 0),
        partial: sample.partial ?? false,
        year: sample.year,
      });
      const order = await db()
        .select({ number: paperQuestions.number, externalId: questions.externalId })
        .from(paperQuestions)
        .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
        .where(eq(paperQuestions.paperId, row!.id))
        .orderBy(paperQuestions.position);
      expect(order.map((o) => o.externalId)).toEqual(refs.map((r) => r.externalId));
    },
    SLOW,
  );

  it(
    'imports the chapter trees of catalogue books, reporting the others by line number',
    async () => {
      // The catalogue first, through the textbook importer (as the demo seed does).
      const books = await importTextbooks(db(), readData(CATALOGUE_FILE));
      expect(books.created).toBe(catalogueIds.size);
      const report = await runImport(db(), 'chapters', readData(SEED_FILES.chapters));
      expect(report.created).toBe(importableChapters.length);
      expect(report.skipped.map((s) => s.line)).toEqual(
        chapterLines.filter((l) => !importableChapters.includes(l)).map((l) => l.line),
      );
      const nodes = importableChapters.reduce((n, l) => n + countNodes(l.chapters), 0);
      expect(await tableCount(textbookChapters)).toBe(nodes);
      expect(await tableCount(chapterDetails)).toBe(nodes);
      // Flags of the file are kept.
      const starred = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from chapter_details where starred`),
      )[0]!.n;
      const countFlag = (ns: ChapterFileLine['chapters'], key: 'starred' | 'pageInferred'): number =>
        ns.reduce((n, c) => n + (c[key] ? 1 : 0) + countFlag(c.children, key), 0);
      expect(starred).toBe(importableChapters.reduce((n, l) => n + countFlag(l.chapters, 'starred'), 0));
      const pdfBooks = importableChapters.filter((l) => l.pageKind === 'pdf');
      const pdfNodes = rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from chapter_details where page_kind = 'pdf'`),
      )[0]!.n;
      expect(pdfNodes).toBe(pdfBooks.reduce((n, l) => n + countNodes(l.chapters), 0));
    },
    SLOW,
  );

  it(
    'maps chapters to knowledge points by title (人教版 七年级上册 1.2 有理数 → 数 > 有理数)',
    async () => {
      expect(await tableCount(chapterKnowledgePoints)).toBeGreaterThan(0);
      const book = importableChapters.find(
        (l) => l.edition === '人教版' && l.subject === '数学' && l.grade === '七年级' && l.volume === '上册',
      )!;
      const rows = rowsOf<{ path: string }>(
        await db().execute(sql`
          select k.path from chapter_knowledge_points ck
          join textbook_chapters c on c.id = ck.chapter_id
          join textbooks b on b.id = c.textbook_id
          join knowledge_points k on k.id = ck.knowledge_point_id
          where b.external_id = ${book.externalId!} and c.title = '1.2 有理数'`),
      );
      expect(rows.map((r) => r.path)).toEqual(['数>有理数']);
      // Chapters that are not teaching content map to nothing.
      const review = rowsOf<{ n: number }>(
        await db().execute(sql`
          select count(*)::int as n from chapter_knowledge_points ck
          join textbook_chapters c on c.id = ck.chapter_id where c.title like '小结%' or c.title like '复习题%'`),
      )[0]!.n;
      expect(review).toBe(0);
      expect(normaliseTitle('第三章 一元一次方程')).toBe('一元一次方程');
      expect(normaliseTitle('3.2 解一元一次方程（一）——合并同类项与移项')).toBe('解一元一次方程');
    },
    SLOW,
  );

  it(
    'is idempotent: importing every file again creates and changes nothing',
    async () => {
      const kp = await runImport(db(), 'knowledge-points', readData(SEED_FILES.knowledgePoints));
      expect(kp).toMatchObject({ created: 0, updated: 0, unchanged: kpLines.length });
      for (const f of SEED_FILES.questions) {
        const r = await runImport(db(), 'questions', readData(f));
        expect(r).toMatchObject({ created: 0, updated: 0 });
      }
      const p = await runImport(db(), 'papers', readData(SEED_FILES.papers));
      expect(p).toMatchObject({ created: 0, updated: 0, unchanged: paperLines.length });
      const before = await db().select({ id: textbookChapters.id }).from(textbookChapters).orderBy(textbookChapters.id);
      const c = await runImport(db(), 'chapters', readData(SEED_FILES.chapters));
      expect(c).toMatchObject({ created: 0, updated: 0, unchanged: importableChapters.length });
      const after = await db().select({ id: textbookChapters.id }).from(textbookChapters).orderBy(textbookChapters.id);
      expect(after).toEqual(before);
      expect(await tableCount(questions)).toBe(questionLines.length);
    },
    SLOW,
  );
});

describe('updates and bad lines', () => {
  it('updates a question in place by externalId and reports bad lines by number', async () => {
    const first = questionLines[0]!;
    const { line: _l, ...rest } = first;
    const text = [
      JSON.stringify({ ...rest, stem: `${first.stem}（改）` }),
      '{not json',
      JSON.stringify({ ...rest, externalId: 'qb-test-bad-type', type: '连线题' }),
      JSON.stringify({ ...rest, externalId: 'qb-test-no-stem', stem: undefined }),
      '',
      JSON.stringify({ ...rest, externalId: 'qb-test-nul', stem: 'a\u0000b' }),
      JSON.stringify({ ...rest, externalId: 'qb-test-new', knowledgePoints: ['数>有理数>新知识点'] }),
    ].join('\n');
    const report = await runImport(db(), 'questions', text);
    expect(report).toMatchObject({ lines: 6, created: 1, updated: 1, unchanged: 0 });
    expect(report.skipped.map((s) => s.line)).toEqual([2, 3, 4, 6]);
    expect(report.skipped[1]!.message).toContain('题型');
    expect(report.skipped[2]!.message).toContain('stem');
    expect(report.skipped[3]!.message).toContain('控制字符');
    const [row] = await db()
      .select({ stem: questions.stem })
      .from(questions)
      .where(eq(questions.externalId, first.externalId));
    expect(row!.stem.endsWith('（改）')).toBe(true);
    // A knowledge point named by a question that did not exist is created with its parents.
    const [kp] = await db()
      .select({ id: knowledgePoints.id })
      .from(knowledgePoints)
      .where(eq(knowledgePoints.path, '数>有理数>新知识点'));
    expect(kp).toBeDefined();
  });

  it('keeps the ids of chapters with the same title path when a tree is imported again', async () => {
    const book = importableChapters[0]!;
    const [b] = await db()
      .select({ id: textbooks.id })
      .from(textbooks)
      .where(eq(textbooks.externalId, book.externalId!));
    const before = await db()
      .select({ id: textbookChapters.id, title: textbookChapters.title })
      .from(textbookChapters)
      .where(eq(textbookChapters.textbookId, b!.id));
    const [firstNode, ...others] = book.chapters;
    const changed = {
      externalId: book.externalId,
      chapters: [...others, { ...firstNode!, page: 999 }, { title: '新增单元', page: 100, children: [] }],
    };
    const report = await runImport(db(), 'chapters', JSON.stringify(changed));
    expect(report).toMatchObject({ created: 0, updated: 1 });
    const after = await db()
      .select({ id: textbookChapters.id, title: textbookChapters.title, page: textbookChapters.page })
      .from(textbookChapters)
      .where(eq(textbookChapters.textbookId, b!.id));
    const idOf = (rows: { id: number; title: string }[], title: string) => rows.find((r) => r.title === title)?.id;
    expect(idOf(after, firstNode!.title)).toBe(idOf(before, firstNode!.title));
    expect(after.find((r) => r.title === firstNode!.title)!.page).toBe(999);
    expect(after.some((r) => r.title === '新增单元')).toBe(true);
    // Dropping a node removes it.
    const smaller = { externalId: book.externalId, chapters: [firstNode] };
    await runImport(db(), 'chapters', JSON.stringify(smaller));
    const left = await db().select({ n: count() }).from(textbookChapters).where(eq(textbookChapters.textbookId, b!.id));
    expect(left[0]!.n).toBe(countNodes([firstNode!]));
  });

  it('skips a paper none of whose questions is in the bank, and notes the missing ones of another', async () => {
    const p = paperLines[0]!;
    const { line: _l, ...rest } = p;
    const ghost = {
      ...rest,
      externalId: 'qb-test-ghost',
      sections: [{ title: '一', questions: [{ externalId: 'nope', number: 1, score: 5 }] }],
    };
    const half = {
      ...rest,
      externalId: 'qb-test-half',
      sections: [
        {
          title: '一',
          questions: [...p.sections[0]!.questions.slice(0, 1), { externalId: 'nope', number: 99, score: 5 }],
        },
      ],
    };
    const report = await runImport(db(), 'papers', [JSON.stringify(ghost), JSON.stringify(half)].join('\n'));
    expect(report.skipped.map((s) => s.line)).toEqual([1]);
    expect(report.created).toBe(1);
    expect(report.warnings[0]).toMatchObject({ line: 2, externalId: 'qb-test-half' });
  });
});

describe('command line', () => {
  it(
    'runs npm run import:knowledge-points with a report and skipped line numbers',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-cli-'));
      try {
        const file = path.join(dir, 'kp.jsonl');
        fs.writeFileSync(file, `${readData(SEED_FILES.knowledgePoints).split('\n').slice(0, 3).join('\n')}\n{bad\n`);
        const serverDir = fileURLToPath(new URL('..', import.meta.url));
        const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/import-knowledge-points.ts', file], {
          cwd: serverDir,
          env: { ...process.env, DATA_DIR: path.join(dir, 'data'), PORT: '1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
          encoding: 'utf8',
        });
        expect(out).toContain('知识点导入完成：共 4 行，新增 3');
        expect(out).toContain('第 4 行');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
