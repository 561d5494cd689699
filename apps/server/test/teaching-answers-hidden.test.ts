/**
 * Answers stay hidden until they may be seen, and teaching never half-writes (docs/teaching.md, When
 * answers are shown; Concurrency): a student's homework names its items by ids of its own, shows choice
 * options in an order of their own and grades through it; the question bank's read needs a login and
 * keeps the answer from a student while the question is in their open homework; assign and submit
 * leave nothing behind when they fail, and copies whose answer is a JSON number read as text.
 */
import {
  ApiPaths,
  type AssignmentDetail,
  type ComposedPaperDetail,
  type QuestionRead,
  type SubmissionDetail,
  type WrongQuestionItem,
} from '@eav/contract';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { teachingAssignments, teachingItems, teachingSubmissions } from '../src/db/schema';
import { runImport } from '../src/features/question-bank/importers';
import { choiceKeys } from '../src/features/teaching/grading';
import { api, useTestApp } from './helpers';
import {
  answerOf,
  classWithStudents,
  createHomework,
  createUser,
  importFixtureQuestions,
  questionIdsOf,
  saveAnswers,
  shownKeys,
  submit,
  work,
  type TestUser,
} from './teaching-helpers';

const nowMs = Date.now();
const t = useTestApp({ clock: () => nowMs });
let choice: number[] = [];

beforeAll(async () => {
  await importFixtureQuestions(t.database.db);
  choice = await questionIdsOf(t.database.db, '单选题');
}, 120_000);

const read = async (id: number, user?: TestUser) => {
  const res = await api(t.app, { url: ApiPaths.question(id), ...(user ? { token: user.token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as QuestionRead;
};
const studentView = async (s: TestUser, id: number) => {
  const res = await api(t.app, { url: ApiPaths.teachingAssignment(id), token: s.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AssignmentDetail;
};

describe('homework answers stay hidden', () => {
  it('names items by their own ids and orders options per student; both students grade right', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 2);
    const ids = choice.slice(0, 6);
    const hw = await createHomework(t.app, teacher, cls.id, ids);
    // The teacher sees the bank ids; students never do.
    expect(hw.questions.map((q) => q.questionId)).toEqual(ids);
    const [a, b] = students as [TestUser, TestUser];
    const va = await studentView(a, hw.id);
    const vb = await studentView(b, hw.id);
    expect(JSON.stringify(va)).not.toMatch(/"questionId":\d/);
    expect((await work(t.app, a, hw.id)).assignment.questions.every((q) => q.questionId === null)).toBe(true);
    // Same options, keyed A, B, …, in orders of their own: some item differs between the two students.
    const texts = (v: AssignmentDetail) => v.questions.map((q) => q.options!.map((o) => o.text).join('|'));
    expect(texts(va)).not.toEqual(texts(vb));
    expect(va.questions.every((q) => q.options!.every((o, i) => o.key === 'ABCDEFGH'[i]))).toBe(true);
    // A reload shows the same order.
    expect(texts(await studentView(a, hw.id))).toEqual(texts(va));
    // The bank's answer letter is worthless: both students answer the right option in their own order.
    for (const s of [a, b]) {
      const answers = [];
      for (const [i, q] of hw.questions.entries())
        answers.push({
          itemId: q.itemId,
          response: {
            kind: 'choice',
            keys: await shownKeys(t.app, db, s, hw.id, q.itemId, choiceKeys(await answerOf(db, ids[i]!))),
          },
        });
      expect((await saveAnswers(t.app, s, hw.id, answers)).statusCode).toBe(200);
      const w = (await submit(t.app, s, hw.id)).json().data as SubmissionDetail;
      expect(w.status).toBe('graded');
      expect(w.score).toBe(hw.maxScore);
    }
    // Responses are stored in the question's own keys, so the teacher's report agrees for both.
    const report = (await api(t.app, { url: ApiPaths.teachingAssignmentReport(hw.id), token: teacher.token })).json()
      .data;
    expect(report.questions.every((q: { correct: number }) => q.correct === 2)).toBe(true);
  });

  it('the bank read needs a login and hides the answer while the question is in open homework', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 2);
    const [s, other] = students as [TestUser, TestUser];
    const q = choice[7]!;
    const outsider = await createUser(db, ['student']);
    expect(await read(q)).toMatchObject({ answer: null, analysis: null, answerHidden: 'login' });
    expect((await read(q, s)).answer).not.toBeNull();

    const hw = await createHomework(t.app, teacher, cls.id, [q], { answerVisibility: 'afterDue' });
    expect(await read(q, s)).toMatchObject({ answer: null, analysis: null, answerHidden: 'openWork' });
    expect((await read(q, outsider)).answerHidden).toBeNull();
    expect((await read(q, teacher)).answerHidden).toBeNull();
    // Submitted under afterDue: still hidden until the due time.
    await saveAnswers(t.app, s, hw.id, [
      { itemId: hw.questions[0]!.itemId, response: { kind: 'choice', keys: ['A'] } },
    ]);
    expect((await submit(t.app, s, hw.id)).statusCode).toBe(200);
    expect((await read(q, s)).answerHidden).toBe('openWork');
    expect((await read(q, other)).answerHidden).toBe('openWork');
    // The due time passes (moved in the database: sessions live by the same clock).
    await db
      .update(teachingAssignments)
      .set({ dueAt: new Date(nowMs - 1000) })
      .where(eq(teachingAssignments.id, hw.id));
    expect((await read(q, s)).answerHidden).toBeNull();
    // Late work closed: nobody can submit any more, so everyone may see it.
    expect((await read(q, other)).answerHidden).toBeNull();
  });

  it('shows the answer in the bank once submitted under afterSubmit', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 1);
    const s = students[0]!;
    const q = choice[8]!;
    const hw = await createHomework(t.app, teacher, cls.id, [q]);
    expect((await read(q, s)).answerHidden).toBe('openWork');
    await submit(t.app, s, hw.id);
    const after = await read(q, s);
    expect(after.answerHidden).toBeNull();
    expect(after.answer).toEqual(await answerOf(db, q));
  });
});

describe('错题本 keeps answers hidden until the homework shows them', () => {
  it('an afterDue entry has no answer and no graded retry before the due time', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 1);
    const s = students[0]!;
    const q = choice[5]!;
    const hw = await createHomework(t.app, teacher, cls.id, [q], { answerVisibility: 'afterDue' });
    const itemId = hw.questions[0]!.itemId;
    const right = await shownKeys(t.app, db, s, hw.id, itemId, choiceKeys(await answerOf(db, q)));
    const wrongKey = ['A', 'B', 'C', 'D'].find((k) => !right.includes(k))!;
    await saveAnswers(t.app, s, hw.id, [{ itemId, response: { kind: 'choice', keys: [wrongKey] } }]);
    expect((await submit(t.app, s, hw.id)).statusCode).toBe(200);
    const entries = async () => {
      const res = await api(t.app, { url: ApiPaths.userWrongQuestions(s.id), token: s.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items as WrongQuestionItem[];
    };
    const [entry] = await entries();
    expect(entry).toMatchObject({ answer: null, analysis: null, answerHidden: true });
    // A graded retry would tell the right option by trial: refused until the answers are shown.
    const retry = () =>
      api(t.app, {
        method: 'POST',
        url: ApiPaths.userWrongQuestionRetry(s.id, entry!.id),
        token: s.token,
        body: { response: { kind: 'choice', keys: choiceKeys(entry!.answer ?? 'A') } },
      });
    expect((await retry()).statusCode).toBe(422);
    await db
      .update(teachingAssignments)
      .set({ dueAt: new Date(nowMs - 1000) })
      .where(eq(teachingAssignments.id, hw.id));
    const [after] = await entries();
    expect(after).toMatchObject({ answerHidden: false, answer: await answerOf(db, q) });
    expect((await retry()).statusCode).toBe(200);
  });
});

describe('composed papers keep answers hidden', () => {
  it('a student who composes a paper of an open homework question reads no answer in it nor in its export', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 1);
    const s = students[0]!;
    const [inWork, free] = [choice[6]!, choice[0]!];
    await createHomework(t.app, teacher, cls.id, [inWork], { answerVisibility: 'afterDue' });
    const saved = await api(t.app, {
      method: 'POST',
      url: ApiPaths.userPapers(s.id),
      token: s.token,
      body: {
        title: '我的练习',
        sections: [
          {
            title: '选择题',
            questions: [
              { questionId: inWork, score: 5 },
              { questionId: free, score: 5 },
            ],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const paperId = saved.json().data.id as number;
    for (const res of [saved, await api(t.app, { url: ApiPaths.userPaper(s.id, paperId), token: s.token })]) {
      const questions = (res.json().data as ComposedPaperDetail).sections.flatMap((x) =>
        x.questions.map((q) => q.question),
      );
      expect(questions.find((q) => q.id === inWork)).toMatchObject({
        answer: null,
        analysis: null,
        answerHidden: 'openWork',
      });
      expect(questions.find((q) => q.id === free)).toMatchObject({ answerHidden: null });
      expect(questions.find((q) => q.id === free)!.answer).not.toBeNull();
    }
    const pdfText = async (userId: number, token: string) => {
      const res = await api(t.app, {
        url: ApiPaths.userPaperExport(userId, paperId),
        query: { format: 'pdf', answers: 'true' },
        token,
      });
      expect(res.statusCode).toBe(200);
      return (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
    };
    // While the homework is open, 参考答案 is left out of the export even when asked for.
    expect(await pdfText(s.id, s.token)).not.toContain('参考答案');
    // Once the due time has passed, the same export carries them.
    await db
      .update(teachingAssignments)
      .set({ dueAt: new Date(nowMs - 1000) })
      .where(eq(teachingAssignments.classId, cls.id));
    expect(await pdfText(s.id, s.token)).toContain('参考答案');
  });
});

describe('teaching never half-writes', () => {
  it('reads copies whose answer is a JSON number as text: view, submit and 错题本 answer 200', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 1);
    const s = students[0]!;
    const hw = await createHomework(t.app, teacher, cls.id, [choice[9]!]);
    const itemId = hw.questions[0]!.itemId;
    // A copy made before answers were stored as text: the fill-in answer 1 as a JSON number.
    await db.execute(
      sql`update teaching_items set grading = 'fill', question = jsonb_set(question, '{answer}', '1'::jsonb) where id = ${itemId}`,
    );
    expect((await studentView(s, hw.id)).questions[0]!.answer).toBeNull();
    await saveAnswers(t.app, s, hw.id, [{ itemId, response: { kind: 'fill', blanks: ['2'] } }]);
    const res = await submit(t.app, s, hw.id);
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json().data as SubmissionDetail;
    expect(w.assignment.questions[0]!.answer).toBe('1');
    expect(w.answers[0]!.grade.correct).toBe(false);
    const book = await api(t.app, { url: ApiPaths.userWrongQuestions(s.id), token: s.token });
    expect(book.statusCode, book.body).toBe(200);
    expect(book.json().data.items[0].answer).toBe('1');
    const teacherView = await api(t.app, { url: ApiPaths.teachingSubmission(w.id!), token: teacher.token });
    expect(teacherView.statusCode, teacherView.body).toBe(200);
  });

  it('an assignment whose answer cannot be sent is not created; a submit that fails grades nothing', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 1);
    const s = students[0]!;
    // A bank question whose stored answer no schema accepts (an object), never read before.
    await runImport(
      db,
      'questions',
      JSON.stringify({
        externalId: 'broken-1',
        stage: '高中',
        subject: '数学',
        type: '单选题',
        stem: '题干',
        answer: 'A',
        options: [
          { key: 'A', text: '1' },
          { key: 'B', text: '2' },
        ],
      }),
    );
    const [broken] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from questions where external_id = 'broken-1'`),
    );
    await db.execute(sql`update questions set answer = '{"x": 1}'::jsonb where id = ${broken!.id}`);
    const before = await db
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(eq(teachingAssignments.classId, cls.id));
    const res = await api(t.app, {
      method: 'POST',
      url: ApiPaths.teachingClassAssignments(cls.id),
      token: teacher.token,
      body: {
        kind: 'homework',
        title: '坏题',
        dueAt: new Date(nowMs + 86400_000).toISOString(),
        homework: { from: 'questions', questionIds: [choice[0]!, broken!.id] },
      },
    });
    expect(res.statusCode).toBe(500);
    const after = await db
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(eq(teachingAssignments.classId, cls.id));
    expect(after).toEqual(before);
    const list = await api(t.app, { url: ApiPaths.teachingClassAssignments(cls.id), token: s.token });
    expect(list.json().data.items).toEqual([]);

    // A submit whose grading fails (a copy whose answer is an object) leaves the work as it was.
    const hw = await createHomework(t.app, teacher, cls.id, [choice[1]!]);
    const itemId = hw.questions[0]!.itemId;
    await saveAnswers(t.app, s, hw.id, [{ itemId, response: { kind: 'choice', keys: ['A'] } }]);
    await db.execute(
      sql`update teaching_items set question = jsonb_set(question, '{answer}', '{"x": 1}'::jsonb) where id = ${itemId}`,
    );
    expect((await submit(t.app, s, hw.id)).statusCode).toBe(500);
    const [sub] = await db.select().from(teachingSubmissions).where(eq(teachingSubmissions.assignmentId, hw.id));
    expect(sub).toMatchObject({ status: 'inProgress', score: null, submittedAt: null });
    const book = await api(t.app, { url: ApiPaths.userWrongQuestions(s.id), token: s.token });
    expect(book.statusCode).toBe(200);
    expect(book.json().data.items).toEqual([]);
    expect(await db.select().from(teachingItems).where(eq(teachingItems.id, itemId))).toHaveLength(1);
  });
});
