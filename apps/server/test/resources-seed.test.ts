/**
 * Generated resources on the real data (docs/resources.md, Generated resources): after the real
 * catalogue, knowledge points, questions, papers and chapter trees of `data/` are imported, the
 * seed writes a PDF and a DOCX row per paper with questions and per first/second-level chapter with
 * mapped questions (and none for a chapter without), idempotently; the file is rendered on first
 * request, once under concurrent requests, and holds the questions' text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiPaths, type ResourceUrlGrant } from '@eav/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { papers, resources, textbookChapters } from '../src/db/schema';
import { importChapters } from '../src/features/question-bank/import-chapters';
import { importKnowledgePoints } from '../src/features/question-bank/import-knowledge-points';
import { importPapers } from '../src/features/question-bank/import-papers';
import { importQuestions } from '../src/features/question-bank/import-questions';
import { seedGeneratedResources } from '../src/features/resources/seed';
import { chapterQuestionIds } from '../src/features/resources/sources';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api } from './helpers';
import { unzip, useResourcesApp } from './resources-helpers';
import { createUser } from './textbooks-helpers';

const DATA = fileURLToPath(new URL('../../../data/', import.meta.url));
const read = (name: string) => fs.readFileSync(path.join(DATA, name), 'utf8');
const lines = (name: string) =>
  read(name)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const { t, config, storage } = useResourcesApp();

beforeAll(async () => {
  const db = t.database.db;
  await importTextbooks(db, read('textbooks-chinatextbook.jsonl'));
  await importKnowledgePoints(db, read('knowledge-points-math.jsonl'));
  await importQuestions(db, read('questions-tal-math.jsonl'));
  await importQuestions(db, read('questions-gaokao-bench.jsonl'));
  await importPapers(db, read('papers-gaokao-bench.jsonl'));
  await importChapters(db, read('chapter-trees.jsonl'));
}, 300_000);

describe('generated resources from the real data', () => {
  it('one PDF and one DOCX per paper and per chapter with questions; none without; idempotent', async () => {
    const db = t.database.db;
    const first = await seedGeneratedResources(db, storage);
    // Every paper line of the file has questions (the file's own `questions` lists).
    const paperLines = lines('papers-gaokao-bench.jsonl');
    const [stored] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(papers)
      .where(sql`${papers.questionCount} > 0`);
    expect(Number(stored!.n)).toBeGreaterThan(0);
    expect(Number(stored!.n)).toBeLessThanOrEqual(paperLines.length);
    expect(first.papers).toBe(Number(stored!.n) * 2);
    expect(first.sheets).toBeGreaterThan(0);
    expect(first.sheets % 2).toBe(0);

    // Each sheet row is a first- or second-level chapter with at least one mapped question…
    const sheetChapters = rowsOf<{ chapter_id: number; depth: number }>(
      await db.execute(sql`select r.chapter_id, case when c.parent_id is null then 0 when p.parent_id is null then 1 else 2 end as depth
        from resources r join textbook_chapters c on c.id = r.chapter_id left join textbook_chapters p on p.id = c.parent_id
        where r.type = 'exercise' and r.format = 'pdf'`),
    );
    expect(sheetChapters.length * 2).toBe(first.sheets);
    for (const s of sheetChapters.slice(0, 40)) {
      expect(s.depth).toBeLessThanOrEqual(1);
      expect(rowsOf(await db.execute(chapterQuestionIds(Number(s.chapter_id), 1))).length).toBe(1);
    }
    // …and a top-level chapter without a sheet has no mapped question.
    const without = rowsOf<{ id: number }>(
      await db.execute(sql`select c.id from textbook_chapters c where c.parent_id is null
        and not exists (select 1 from resources r where r.chapter_id = c.id) limit 40`),
    );
    expect(without.length).toBeGreaterThan(0);
    for (const c of without) expect(rowsOf(await db.execute(chapterQuestionIds(Number(c.id), 1)))).toEqual([]);

    const again = await seedGeneratedResources(db, storage);
    expect(again).toEqual({ sheets: 0, papers: 0, lessons: 0 });
  }, 120_000);

  it('renders a paper once under concurrent first requests; the DOCX holds its questions', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const [row] = await db
      .select({ id: resources.id, generator: resources.generator })
      .from(resources)
      .where(and(eq(resources.type, 'paper'), eq(resources.format, 'docx'), isNull(resources.storageKey)))
      .limit(1);
    const all = await Promise.all(
      Array.from({ length: 5 }, () => api(t.app, { url: ApiPaths.resourceUrl(row!.id), token: user.token })),
    );
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const grants = all.map((r) => r.json().data as ResourceUrlGrant);
    expect(new Set(grants.map((g) => g.size)).size).toBe(1);
    const files = fs.readdirSync(path.join(config.dataDir, 'resources'), { recursive: true }) as string[];
    expect(files.filter((f) => f.endsWith('.docx'))).toHaveLength(1);
    const file = await t.app.inject({ url: grants[0]!.url });
    expect(file.statusCode).toBe(200);
    const xml = unzip(file.rawPayload).get('word/document.xml')!.toString('utf8');
    const paperId = (row!.generator as { paperId: number }).paperId;
    const [p] = await db.select({ title: papers.title }).from(papers).where(eq(papers.id, paperId));
    expect(xml).toContain(p!.title);
    expect(xml).toContain('参考答案');
  }, 120_000);

  it('renders a chapter sheet as PDF', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const [row] = await db
      .select({ id: resources.id, title: textbookChapters.title })
      .from(resources)
      .innerJoin(textbookChapters, eq(textbookChapters.id, resources.chapterId))
      .where(and(eq(resources.type, 'exercise'), eq(resources.format, 'pdf')))
      .limit(1);
    const res = await api(t.app, {
      url: ApiPaths.resourceUrl(row!.id),
      token: user.token,
      query: { purpose: 'preview' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as ResourceUrlGrant;
    expect(g.previewable).toBe('pdf');
    const file = await t.app.inject({ url: g.url });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(g.size);
    // Listed in the search with its chapter and book.
    const found = (
      await api(t.app, {
        url: ApiPaths.resourceSearch,
        query: {
          chapterId: (await db.select({ c: resources.chapterId }).from(resources).where(eq(resources.id, row!.id)))[0]!
            .c!,
          type: 'exercise',
        },
      })
    ).json().data;
    expect(found.items.map((i: { id: number }) => i.id)).toContain(row!.id);
  }, 120_000);
});
