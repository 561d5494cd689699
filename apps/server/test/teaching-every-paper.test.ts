/**
 * Every shipped paper as homework (docs/teaching.md): the real questions and papers of `data/` are
 * imported, and for EVERY paper a teacher assigns the whole paper to a class, a student opens it,
 * answers every item, submits, reads the work and the 错题本, and the teacher reads the report. No
 * answer is a 5xx and every answer passes its contract schema. One app, one database, one class.
 */
import {
  ApiPaths,
  assignmentDetail,
  assignmentReport,
  submissionDetail,
  wrongQuestionItem,
  type AssignmentDetail,
} from '@eav/contract';
import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { papers } from '../src/db/schema';
import { runImport } from '../src/features/question-bank/importers';
import { api, useTestApp } from './helpers';
import { readData } from './question-bank-helpers';
import { classWithStudents } from './teaching-helpers';

const nowMs = Date.now();
const t = useTestApp({ clock: () => nowMs });

beforeAll(async () => {
  const db = t.database.db;
  await runImport(db, 'questions', readData('questions-gaokao-bench.jsonl'));
  const report = await runImport(db, 'papers', readData('papers-gaokao-bench.jsonl'));
  expect(report.skipped).toEqual([]);
}, 600_000);

/** Sends a request and checks the answer: never a 5xx; a 200 passes `schema`. */
async function call<T>(schema: z.ZodType<T>, req: Parameters<typeof api>[1]): Promise<T | null> {
  const res = await api(t.app, req);
  expect(res.statusCode, `${req.method ?? 'GET'} ${req.url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode !== 200) return null;
  const parsed = schema.safeParse(res.json().data);
  expect(parsed.success, `${req.url}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
  return parsed.data ?? null;
}

/** A response of the item's kind: the first option, a blank per expected blank, or some text. */
function responseOf(q: AssignmentDetail['questions'][number]) {
  if (q.grading === 'choice') return { kind: 'choice', keys: [q.options![0]!.key] };
  if (q.grading === 'fill') return { kind: 'fill', blanks: Array.from({ length: q.blanks }, () => '1') };
  return { kind: 'open', text: '解：略' };
}

describe('every shipped paper as homework', () => {
  it('assigns, answers, submits and reports every paper without a 5xx', async () => {
    const db = t.database.db;
    const all = await db.select({ id: papers.id, title: papers.title }).from(papers).orderBy(asc(papers.id));
    expect(all.length).toBeGreaterThan(200);
    let assigned = 0;
    // A teacher's session may create 120 assignments an hour: a class of its own per 100 papers.
    let ctx = await classWithStudents(t.app, db, 1);
    for (const [n, p] of all.entries()) {
      if (n > 0 && n % 100 === 0) ctx = await classWithStudents(t.app, db, 1);
      const { teacher, cls } = ctx;
      const s = ctx.students[0]!;
      const hw = await call(assignmentDetail, {
        method: 'POST',
        url: ApiPaths.teachingClassAssignments(cls.id),
        token: teacher.token,
        body: {
          kind: 'homework',
          title: p.title.slice(0, 50),
          dueAt: new Date(nowMs + 7 * 86400_000).toISOString(),
          homework: { from: 'paper', paperId: p.id },
        },
      });
      if (!hw) continue; // refused as bad input (4xx), e.g. more questions than a homework holds
      assigned++;
      const view = await call(assignmentDetail, { url: ApiPaths.teachingAssignment(hw.id), token: s.token });
      expect(view!.questions.every((q) => q.questionId === null && q.answer === null)).toBe(true);
      await call(submissionDetail, { url: ApiPaths.teachingWork(hw.id), token: s.token });
      await call(submissionDetail, {
        method: 'PUT',
        url: ApiPaths.teachingWorkAnswers(hw.id),
        token: s.token,
        body: { answers: view!.questions.map((q) => ({ itemId: q.itemId, response: responseOf(q) })) },
      });
      const done = await call(submissionDetail, {
        method: 'POST',
        url: ApiPaths.teachingWorkSubmit(hw.id),
        token: s.token,
        body: {},
      });
      expect(['submitted', 'graded']).toContain(done!.status);
      await call(submissionDetail, { url: ApiPaths.teachingWork(hw.id), token: s.token });
      await call(assignmentReport, { url: ApiPaths.teachingAssignmentReport(hw.id), token: teacher.token });
    }
    expect(assigned).toBeGreaterThan(200);
    // The 错题本 holds the wrong answers of the last papers: read it all, page by page.
    const s = ctx.students[0]!;
    for (let page = 1; ; page++) {
      const book = await call(z.object({ items: z.array(wrongQuestionItem), total: z.number() }), {
        url: ApiPaths.userWrongQuestions(s.id),
        token: s.token,
        query: { page: String(page), pageSize: '50' },
      });
      if (!book || page * 50 >= book.total) break;
    }
  }, 1_800_000);
});
