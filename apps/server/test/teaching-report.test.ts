/**
 * Reports (docs/teaching.md, Reports): the class grade table and its Excel export (re-read with
 * exceljs, the same numbers as the report endpoint), the assignment report per student and per
 * question, and the demo seed of the teaching area.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths, type ClassReport } from '@eav/contract';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, teachingClasses, teachingMembers, users } from '../src/db/schema';
import { LocalDiskStorage } from '../src/lib/storage';
import { sha256Hex } from '../src/lib/tokens';
import { seedDemoAccounts } from '../src/features/accounts/seed';
import { DEMO_JOIN_CODE, teachingSeeder } from '../src/features/teaching/seed';
import { questionDetails } from '../src/features/question-bank/questions';
import { EXPORT_HEADERS } from '../src/features/teaching/reports';
import { choiceKeys } from '../src/features/teaching/grading';
import { api, testConfig, useTestApp } from './helpers';
import {
  answerOf,
  classWithStudents,
  createHomework,
  importFixtureQuestions,
  questionIdsOf,
  saveAnswers,
  shownKeys,
  type TestUser,
  submit,
} from './teaching-helpers';

const t = useTestApp();
let choice: number[] = [];
let open: number[] = [];

beforeAll(async () => {
  await importFixtureQuestions(t.database.db);
  choice = await questionIdsOf(t.database.db, '单选题');
  open = await questionIdsOf(t.database.db, '解答题');
}, 120_000);

describe('class report and Excel export', () => {
  it('exports the same numbers as the report endpoint', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 4);
    const hw1 = await createHomework(t.app, teacher, cls.id, [choice[0]!, choice[1]!], { title: '练习一' });
    const hw2 = await createHomework(t.app, teacher, cls.id, [choice[2]!, open[0]!], { title: '练习二' });
    const right = async (s: TestUser, hwId: number, itemId: number, id: number) =>
      shownKeys(t.app, db, s, hwId, itemId, choiceKeys(await answerOf(db, id)));
    for (const [i, s] of students.entries()) {
      if (i === 3) continue; // one student does nothing
      const [q0, q1] = [hw1.questions[0]!.itemId, hw1.questions[1]!.itemId];
      await saveAnswers(t.app, s, hw1.id, [
        { itemId: q0, response: { kind: 'choice', keys: await right(s, hw1.id, q0, choice[0]!) } },
        {
          itemId: q1,
          response: { kind: 'choice', keys: i === 0 ? await right(s, hw1.id, q1, choice[1]!) : ['Z'] },
        },
      ]);
      await submit(t.app, s, hw1.id);
      if (i < 2) {
        await saveAnswers(t.app, s, hw2.id, [
          {
            itemId: hw2.questions[0]!.itemId,
            response: { kind: 'choice', keys: await right(s, hw2.id, hw2.questions[0]!.itemId, choice[2]!) },
          },
          { itemId: hw2.questions[1]!.itemId, response: { kind: 'open', text: `解 ${i}` } },
        ]);
        const sub = (await submit(t.app, s, hw2.id)).json().data;
        if (i === 0)
          await api(t.app, {
            method: 'PUT',
            url: ApiPaths.teachingSubmissionGrade(sub.id, hw2.questions[1]!.itemId),
            token: teacher.token,
            body: { score: 3.5 },
          });
      }
    }
    const report = (await api(t.app, { url: ApiPaths.teachingClassReport(cls.id), token: teacher.token })).json()
      .data as ClassReport;
    expect(report.assignments.map((a) => a.title)).toEqual(['练习一', '练习二']);
    const row0 = report.rows.find((r) => r.userId === students[0]!.id)!;
    expect(row0.scores).toEqual([hw1.maxScore, hw2.questions[0]!.maxScore + 3.5]);
    const row1 = report.rows.find((r) => r.userId === students[1]!.id)!;
    expect(row1.scores).toEqual([hw1.questions[0]!.maxScore, null]); // hw2 waits for grading
    expect(row1.statuses).toEqual(['graded', 'submitted']);
    expect(report.rows.find((r) => r.userId === students[3]!.id)!).toMatchObject({
      scores: [null, null],
      total: 0,
      submittedCount: 0,
    });

    const res = await api(t.app, { url: ApiPaths.teachingClassReportExport(cls.id), token: teacher.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('成绩')!;
    const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
    const n = report.assignments.length;
    expect(values(1)).toEqual([
      EXPORT_HEADERS.name,
      ...report.assignments.map((a) => `${a.title}（满分 ${a.maxScore}）`),
      EXPORT_HEADERS.total,
      EXPORT_HEADERS.submitted,
    ]);
    report.rows.forEach((r, i) => {
      const cells = values(i + 2);
      expect(cells[0]).toBe(r.name);
      for (let j = 0; j < n; j++) expect(cells[j + 1] ?? null).toBe(r.scores[j]);
      expect(cells[n + 1]).toBe(r.total);
      expect(cells[n + 2]).toBe(r.submittedCount);
    });
    const avg = values(report.rows.length + 2);
    expect(avg[0]).toBe(EXPORT_HEADERS.average);
    for (let j = 0; j < n; j++) expect(avg[j + 1] ?? null).toBe(report.assignments[j]!.averageScore);
    expect(ws.rowCount).toBe(report.rows.length + 2);
  });

  it('reports per student and per question', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 3);
    const hw = await createHomework(t.app, teacher, cls.id, [choice[3]!]);
    const item = hw.questions[0]!;
    const keys = await shownKeys(
      t.app,
      db,
      students[0]!,
      hw.id,
      item.itemId,
      choiceKeys(await answerOf(db, choice[3]!)),
    );
    await saveAnswers(t.app, students[0]!, hw.id, [
      { itemId: item.itemId, response: { kind: 'choice', keys }, timeSpentSeconds: 60 },
    ]);
    await saveAnswers(t.app, students[1]!, hw.id, [
      { itemId: item.itemId, response: { kind: 'choice', keys: ['Z'] }, timeSpentSeconds: 20 },
    ]);
    await submit(t.app, students[0]!, hw.id);
    await submit(t.app, students[1]!, hw.id);
    const r = (await api(t.app, { url: ApiPaths.teachingAssignmentReport(hw.id), token: teacher.token })).json().data;
    expect(r).toMatchObject({ studentCount: 3, submittedCount: 2, averageScore: item.maxScore / 2 });
    expect(r.questions[0]).toMatchObject({
      answered: 2,
      correct: 1,
      accuracy: 0.5,
      averageTimeSeconds: 40,
      // 'Z' names no option, so the response keeps no key.
      commonWrong: [{ value: '未作答', count: 1 }],
    });
    expect(r.students.map((s: { status: string }) => s.status).sort()).toEqual(['graded', 'graded', 'notStarted']);
    const list = (await api(t.app, { url: ApiPaths.teachingAssignmentSubmissions(hw.id), token: teacher.token })).json()
      .data;
    expect(list.items).toHaveLength(3);
  });
});

describe('demo seed', () => {
  it('creates the demo class with the demo student and a homework of real questions, once', async () => {
    const db = t.database.db;
    const storage = new LocalDiskStorage(':memory:');
    const ctx = { db, demo: true, log: t.app.log, dataDir: ':memory:', storage, config: testConfig() };
    await seedDemoAccounts(ctx);
    await teachingSeeder(questionDetails)(ctx);
    await teachingSeeder(questionDetails)(ctx);
    const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'demo_teacher'));
    const classes = await db.select().from(teachingClasses).where(eq(teachingClasses.teacherId, teacher!.id));
    expect(classes).toHaveLength(1);
    expect(classes[0]!.joinCode).toBe(DEMO_JOIN_CODE);
    const members = await db.select().from(teachingMembers).where(eq(teachingMembers.classId, classes[0]!.id));
    expect(members).toHaveLength(1);
    const [student] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'demo_student'));
    const list = await api(t.app, {
      url: ApiPaths.teachingClassAssignments(classes[0]!.id),
      token: await sessionFor(student!.id),
    });
    expect(list.json().data.items).toEqual([
      expect.objectContaining({ kind: 'homework', itemCount: 5, state: 'open' }),
    ]);
  });
});

/** A session token for an existing user. */
async function sessionFor(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.database.db
    .insert(sessions)
    .values({ userId, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 86400_000) });
  return token;
}
