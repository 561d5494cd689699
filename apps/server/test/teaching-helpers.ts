/**
 * Helpers of the teaching integration tests: real questions of `data/` imported into the test
 * database (choice questions of TAL-SCQ5K, fill-in, open and multiple-choice questions of
 * GAOKAO-Bench), teachers and students, a class with members, and homework built from them.
 */
import {
  ApiPaths,
  type AssignmentDetail,
  type ClassSummary,
  type JoinClassResult,
  type SubmissionDetail,
} from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { dictionary, questions, teachingItems } from '../src/db/schema';
import { runImport } from '../src/features/question-bank/importers';
import { api } from './helpers';
import { readData, type QuestionFileLine } from './question-bank-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

export { createUser, type TestUser };

/** Imports a small fixture of real questions: 10 single choice, 2 multiple choice, 3 fill-in, 2 open (math). */
export async function importFixtureQuestions(db: Db): Promise<void> {
  const tal = readData('questions-tal-math.jsonl').split('\n').filter(Boolean).slice(0, 10);
  const gk = readData('questions-gaokao-bench.jsonl')
    .split('\n')
    .filter(Boolean)
    .map((l) => ({ l, q: JSON.parse(l) as QuestionFileLine }));
  const take = (type: string, n: number, subject?: string) =>
    gk
      .filter((x) => x.q.type === type && (!subject || x.q.subject === subject))
      .slice(0, n)
      .map((x) => x.l);
  await runImport(
    db,
    'questions',
    [...tal, ...take('多选题', 2), ...take('填空题', 3, '数学'), ...take('解答题', 2, '数学')].join('\n'),
  );
}

/** Ids of fixture questions of a type, in id order. */
export async function questionIdsOf(db: Db, type: string): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.type, type))
    .orderBy(questions.id);
  return rows.map((r) => r.id);
}

/** A question's stored answer. */
export async function answerOf(db: Db, id: number): Promise<string | string[]> {
  const [q] = await db.select({ answer: questions.answer }).from(questions).where(eq(questions.id, id));
  return q!.answer;
}

export async function dictId(db: Db, kind: string, name?: string): Promise<number> {
  const [row] = await db
    .select({ id: dictionary.id })
    .from(dictionary)
    .where(name ? and(eq(dictionary.kind, kind), eq(dictionary.name, name)) : eq(dictionary.kind, kind))
    .limit(1);
  return row!.id;
}

export const newTeacher = (db: Db) => createUser(db, ['teacher']);
export const newStudent = (db: Db) => createUser(db, ['student']);

export async function createClass(
  app: FastifyInstance,
  db: Db,
  teacher: TestUser,
  extra: Record<string, unknown> = {},
): Promise<ClassSummary> {
  const res = await api(app, {
    method: 'POST',
    url: ApiPaths.teachingClasses,
    token: teacher.token,
    body: {
      name: '七年级（1）班',
      school: '测试学校',
      gradeId: await dictId(db, 'grade'),
      subjectId: await dictId(db, 'subject', '数学'),
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ClassSummary;
}

export async function join(app: FastifyInstance, student: TestUser, code: string) {
  return api(app, { method: 'POST', url: ApiPaths.teachingJoin, token: student.token, body: { code } });
}

export async function joinOk(app: FastifyInstance, student: TestUser, code: string): Promise<JoinClassResult> {
  const res = await join(app, student, code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as JoinClassResult;
}

/** A class of a new teacher with `n` joined students. */
export async function classWithStudents(app: FastifyInstance, db: Db, n: number) {
  const teacher = await newTeacher(db);
  const cls = await createClass(app, db, teacher);
  const students: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const s = await newStudent(db);
    await joinOk(app, s, cls.joinCode!);
    students.push(s);
  }
  return { teacher, cls, students };
}

const inDays = (d: number) => new Date(Date.now() + d * 86400_000).toISOString();

/** Creates homework of `questionIds` (defaults: due in 7 days, answers after submission). */
export async function createHomework(
  app: FastifyInstance,
  teacher: TestUser,
  classId: number,
  questionIds: number[],
  extra: Record<string, unknown> = {},
): Promise<AssignmentDetail> {
  const res = await api(app, {
    method: 'POST',
    url: ApiPaths.teachingClassAssignments(classId),
    token: teacher.token,
    body: {
      kind: 'homework',
      title: '课后练习',
      dueAt: inDays(7),
      homework: { from: 'questions', questionIds },
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AssignmentDetail;
}

export async function saveAnswers(app: FastifyInstance, s: TestUser, assignmentId: number, answers: unknown[]) {
  return api(app, {
    method: 'PUT',
    url: ApiPaths.teachingWorkAnswers(assignmentId),
    token: s.token,
    body: { answers },
  });
}

export async function submit(app: FastifyInstance, s: TestUser, assignmentId: number) {
  return api(app, { method: 'POST', url: ApiPaths.teachingWorkSubmit(assignmentId), token: s.token, body: {} });
}

export async function work(app: FastifyInstance, s: TestUser, assignmentId: number): Promise<SubmissionDetail> {
  const res = await api(app, { url: ApiPaths.teachingWork(assignmentId), token: s.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SubmissionDetail;
}

/**
 * The keys a student answers with to choose the options of `ownKeys` (the question's own keys): a
 * student sees the options of a choice item in an order of their own while the answers are hidden,
 * so the same option text is looked up in their view. Unknown keys are kept (they name no option).
 */
export async function shownKeys(
  app: FastifyInstance,
  db: Db,
  s: TestUser,
  assignmentId: number,
  itemId: number,
  ownKeys: string[],
): Promise<string[]> {
  const [item] = await db
    .select({ question: teachingItems.question })
    .from(teachingItems)
    .where(eq(teachingItems.id, itemId));
  const own = item!.question.options ?? [];
  const shown = (await work(app, s, assignmentId)).assignment.questions.find((q) => q.itemId === itemId)!.options ?? [];
  return ownKeys
    .map((k) => {
      const text = own.find((o) => o.key === k)?.text;
      return shown.find((o) => o.text === text)?.key ?? k;
    })
    .sort();
}
