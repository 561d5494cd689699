/**
 * Every record of the shipped `data/` through the read endpoints a visitor, a student and a teacher use
 * (docs/question-bank.md, Proof on the real data): every paper (view as each of the three, list pages,
 * search by its title and by its year, DOCX and PDF export), every question (detail, list pages), the
 * knowledge-point tree of every stage and subject, and the chapter tree of every book. No answer may be
 * a 5xx, every JSON answer passes its route's response schema (no response serialisation error counted
 * by the app), and every answer shown is text or a list of texts. Runs on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL).
 */
import { ApiPaths } from '@eav/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { api, useTestApp, type ApiRequest } from './helpers';
import { allQuestions, importAll, linesOf, type PaperFileLine } from './question-bank-helpers';
import { SEED_FILES } from '../src/features/question-bank/seed';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp();
/** Largest page the list endpoints serve (paginationQuery). */
const PAGE = 100;
/** Exports each session makes before the next one takes over (the export limit is 30 a minute per session). */
const EXPORTS_PER_SESSION = 28;
/** Requests in flight together where the order does not matter. */
const CONCURRENCY = 8;

beforeAll(async () => {
  await importAll(t.database.db);
}, 600_000);

// Registered after useTestApp's hooks, so it runs first: the test's app is still open.
afterEach(async () => {
  const counter = t.app.metrics.registry.getSingleMetric('eav_response_serialization_errors_total');
  const values = (await counter!.get()).values.filter((v) => v.value > 0);
  expect(values.map((v) => `${String(v.labels.route)}=${v.value}`)).toEqual([]);
});

/**
 * Calls `req`: never a 5xx, always 200. A 200 JSON answer has passed the route's own response schema
 * (the zod serializer refuses anything else with a 500, counted below), so the schema is not named
 * here again; `check` looks at what the records must hold beyond it.
 */
async function read<T>(req: ApiRequest): Promise<T> {
  const res: LightMyRequestResponse = await api(t.app, req);
  expect(res.statusCode, `${req.url} ${JSON.stringify(req.query ?? {})}: ${res.body.slice(0, 300)}`).toBe(200);
  return (res.json() as { data: T }).data;
}

/** An answer as the contract has it: text, a list of texts, or null where it is hidden from the caller. */
function expectAnswer(where: string, answer: unknown): void {
  const ok =
    answer === null ||
    typeof answer === 'string' ||
    (Array.isArray(answer) && answer.every((a) => typeof a === 'string'));
  expect(ok, `${where}: answer ${JSON.stringify(answer)}`).toBe(true);
}

interface QuestionLike {
  id: number;
  answer?: unknown;
}
interface PaperLike {
  id: number;
  sections: { questions: { question: QuestionLike }[] }[];
}
interface Paged<T> {
  items: T[];
  total: number;
}
interface PaperCard {
  id: number;
  title: string;
  year: number | null;
  stage: { id: number };
  subject: { id: number };
}
interface Tree {
  children: Tree[];
}
const countNodes = (ns: Tree[]): number => ns.reduce((n, c) => n + 1 + countNodes(c.children), 0);

const ids = async (table: 'papers' | 'questions') =>
  rowsOf<{ id: number }>(await t.database.db.execute(sql.raw(`select id from ${table} order by id`))).map((r) => r.id);

describe('every record of data/', () => {
  it('every paper: viewed by a visitor, a student and a teacher, listed, found by title and year', async () => {
    const paperIds = await ids('papers');
    expect(paperIds.length).toBe(linesOf<PaperFileLine>(SEED_FILES.papers).length);
    const student = await createUser(t.database.db, ['student']);
    const teacher = await createUser(t.database.db, ['teacher']);
    for (const id of paperIds)
      for (const token of [undefined, student.token, teacher.token]) {
        const p = await read<PaperLike>({ url: ApiPaths.paper(id), ...(token ? { token } : {}) });
        expect(p.id).toBe(id);
        for (const s of p.sections) for (const q of s.questions) expectAnswer(`paper ${id}`, q.question.answer);
      }

    const listed: number[] = [];
    for (let page = 1; listed.length < paperIds.length; page++) {
      const res = await read<Paged<PaperCard>>({ url: ApiPaths.papers, query: { page, pageSize: PAGE } });
      expect(res.items.length).toBeGreaterThan(0);
      listed.push(...res.items.map((p) => p.id));
    }
    expect(listed.sort((a, b) => a - b)).toEqual(paperIds);
    await read({ url: ApiPaths.paperFacets });

    const cards = new Map(
      (
        await Promise.all(
          [1, 2, 3].map((page) => read<Paged<PaperCard>>({ url: ApiPaths.papers, query: { page, pageSize: PAGE } })),
        )
      )
        .flatMap((r) => r.items)
        .map((p) => [p.id, p]),
    );
    for (const p of cards.values()) {
      const byTitle = await read<Paged<PaperCard>>({
        url: ApiPaths.papers,
        query: { keyword: p.title, pageSize: PAGE },
      });
      expect(byTitle.items.map((x) => x.id)).toContain(p.id);
      const byYear = await read<Paged<PaperCard>>({
        url: ApiPaths.papers,
        query: { keyword: String(p.year), subjectId: p.subject.id, pageSize: PAGE },
      });
      expect(byYear.items.map((x) => x.id)).toContain(p.id);
      await read({ url: ApiPaths.paperFacets, query: { keyword: String(p.year), stageId: p.stage.id } });
    }
  }, 600_000);

  it('every paper exports as DOCX and as PDF with answers', async () => {
    const paperIds = await ids('papers');
    let user: TestUser | undefined;
    let made = 0;
    for (const id of paperIds)
      for (const format of ['docx', 'pdf'] as const) {
        if (!user || made % EXPORTS_PER_SESSION === 0) user = await createUser(t.database.db, ['teacher']);
        made++;
        const res = await api(t.app, {
          url: ApiPaths.paperExport(id),
          query: { format, answers: 'true' },
          token: user.token,
        });
        expect(res.statusCode, `paper ${id} ${format}: ${res.body.slice(0, 200)}`).toBe(200);
        const head = res.rawPayload.subarray(0, 4).toString('latin1');
        expect(head, `paper ${id} ${format}`).toBe(format === 'pdf' ? '%PDF' : 'PK\u0003\u0004');
      }
  }, 900_000);

  it('every question: its detail and its card in the list', async () => {
    const questionIds = await ids('questions');
    expect(questionIds.length).toBe(allQuestions().length);
    const reader = await createUser(t.database.db, ['student']);
    // A few at a time: on PostgreSQL the round trips overlap; the answers are the same.
    for (let i = 0; i < questionIds.length; i += CONCURRENCY)
      await Promise.all(
        questionIds.slice(i, i + CONCURRENCY).map(async (id) => {
          for (const token of [undefined, reader.token]) {
            const q = await read<QuestionLike>({ url: ApiPaths.question(id), ...(token ? { token } : {}) });
            expect(q.id).toBe(id);
            expectAnswer(`question ${id}`, q.answer);
          }
        }),
      );
    const listed: number[] = [];
    for (let page = 1; listed.length < questionIds.length; page++) {
      const res = await read<Paged<QuestionLike>>({ url: ApiPaths.questions, query: { page, pageSize: PAGE } });
      expect(res.items.length).toBeGreaterThan(0);
      listed.push(...res.items.map((q) => q.id));
    }
    expect(listed.sort((a, b) => a - b)).toEqual(questionIds);
    await read({ url: ApiPaths.questionFacets });
  }, 900_000);

  it('files every subject of the data under its official name (the questions’ 生物 under 生物学)', async () => {
    const subjects = rowsOf<{ name: string; questions: number }>(
      await t.database.db.execute(
        sql`select d.name, count(q.id)::int as questions from dictionary d left join questions q on q.subject_id = d.id
            where d.kind = 'subject' group by d.name`,
      ),
    );
    const names = subjects.map((s) => s.name);
    expect(names).toContain('生物学');
    expect(names).not.toContain('生物');
    expect(subjects.find((s) => s.name === '生物学')!.questions).toBeGreaterThan(0);
  });

  it('every knowledge-point tree and every chapter tree', async () => {
    const pairs = rowsOf<{ stage_id: number; subject_id: number }>(
      await t.database.db.execute(sql`select distinct stage_id, subject_id from questions order by 1, 2`),
    );
    await read({ url: ApiPaths.knowledgePoints });
    let nodes = 0;
    for (const p of pairs) {
      const tree = await read<Tree[]>({
        url: ApiPaths.knowledgePoints,
        query: { stageId: p.stage_id, subjectId: p.subject_id },
      });
      nodes += countNodes(tree);
      await read<Paged<QuestionLike>>({
        url: ApiPaths.questions,
        query: { stageId: p.stage_id, subjectId: p.subject_id },
      });
    }
    const [kp] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from knowledge_points`),
    );
    expect(nodes).toBe(kp!.n);

    const books = await read<{ id: number; title: string }[]>({ url: ApiPaths.textbooksWithChapters });
    expect(books.length).toBeGreaterThan(100);
    for (const b of books) {
      const tree = await read<Tree[]>({ url: ApiPaths.textbookChapters(b.id) });
      expect(tree.length, b.title).toBeGreaterThan(0);
      await read<Paged<QuestionLike>>({ url: ApiPaths.questions, query: { textbookId: b.id, pageSize: 10 } });
    }
  }, 600_000);
});
