/**
 * Answering and grading (docs/teaching.md, Answering and Grading): autosave, submission with
 * automatic grading of choice and fill-in items, answers hidden until the rule allows, late rules,
 * the teacher's grading and override, return for correction, the wrong-question book with retry,
 * answer photos, reading assignments completed by saved reading progress, and 30 students
 * submitting in parallel without loss.
 */
import { ApiPaths, type Paged, type SubmissionDetail, type WrongQuestionItem } from '@eav/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dictionary,
  files,
  teachingAnswers,
  teachingAssignments,
  teachingSubmissions,
  textbooks,
} from '../src/db/schema';
import { choiceKeys } from '../src/features/teaching/grading';
import { eraseTeachingData } from '../src/features/teaching/erasure';
import { api, useTestApp } from './helpers';
import {
  answerOf,
  classWithStudents,
  createHomework,
  importFixtureQuestions,
  questionIdsOf,
  saveAnswers,
  shownKeys,
  submit,
  work,
} from './teaching-helpers';
import { photo, upload } from './upload-helpers';

const t = useTestApp();
let choice: number[] = [];
let fill: number[] = [];
let open: number[] = [];

beforeAll(async () => {
  const db = t.database.db;
  await importFixtureQuestions(db);
  choice = await questionIdsOf(db, '单选题');
  fill = await questionIdsOf(db, '填空题');
  open = await questionIdsOf(db, '解答题');
}, 120_000);

/** A wrong option key of a single-choice question. */
async function wrongKey(id: number): Promise<string> {
  const right = choiceKeys(await answerOf(t.database.db, id));
  return ['A', 'B', 'C', 'D'].find((k) => !right.includes(k))!;
}
async function rightKeys(id: number): Promise<string[]> {
  return choiceKeys(await answerOf(t.database.db, id));
}
const dueIn = (ms: number) => new Date(Date.now() + ms);

describe('answering and grading', () => {
  it('grades choice and fill-in at submission, hides answers until then, teacher grades the open item', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 1);
    const s = students[0]!;
    const hw = await createHomework(t.app, teacher, cls.id, [choice[0]!, choice[1]!, fill[0]!, open[0]!]);
    expect(hw.questions.map((q) => q.grading)).toEqual(['choice', 'choice', 'fill', 'open']);
    const [c1, c2, f1, o1] = hw.questions;
    // Students see no answers before submitting.
    const before = (await api(t.app, { url: ApiPaths.teachingAssignment(hw.id), token: s.token })).json().data;
    expect(
      before.questions.every((q: { answer: unknown; analysis: unknown }) => q.answer === null && q.analysis === null),
    ).toBe(true);
    expect((await work(t.app, s, hw.id)).status).toBe('notStarted');

    const fillAnswer = await answerOf(db, fill[0]!);
    const blanks = (Array.isArray(fillAnswer) ? fillAnswer : [fillAnswer]).map((a) => ` ${a} `);
    let res = await saveAnswers(t.app, s, hw.id, [
      {
        itemId: c1!.itemId,
        response: {
          kind: 'choice',
          keys: await shownKeys(t.app, db, s, hw.id, c1!.itemId, await rightKeys(choice[0]!)),
        },
        timeSpentSeconds: 30,
      },
      {
        itemId: c2!.itemId,
        response: {
          kind: 'choice',
          keys: await shownKeys(t.app, db, s, hw.id, c2!.itemId, [await wrongKey(choice[1]!)]),
        },
        timeSpentSeconds: 20,
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    let w = res.json().data as SubmissionDetail;
    expect(w.status).toBe('inProgress');
    expect(w.answers.every((a) => a.grade.correct === null)).toBe(true);
    expect(w.answersVisible).toBe(false);
    // A response of the wrong kind and an unknown item are refused.
    expect(
      (await saveAnswers(t.app, s, hw.id, [{ itemId: c1!.itemId, response: { kind: 'fill', blanks: ['1'] } }]))
        .statusCode,
    ).toBe(400);
    expect(
      (await saveAnswers(t.app, s, hw.id, [{ itemId: 2147483647, response: { kind: 'open', text: '' } }])).statusCode,
    ).toBe(400);
    res = await saveAnswers(t.app, s, hw.id, [
      { itemId: f1!.itemId, response: { kind: 'fill', blanks }, timeSpentSeconds: 40 },
      { itemId: o1!.itemId, response: { kind: 'open', text: '解：略' }, timeSpentSeconds: 100 },
    ]);
    expect(res.statusCode).toBe(200);

    res = await submit(t.app, s, hw.id);
    expect(res.statusCode, res.body).toBe(200);
    w = res.json().data as SubmissionDetail;
    expect(w.status).toBe('submitted');
    const grade = (itemId: number) => w.answers.find((a) => a.itemId === itemId)!.grade;
    expect(grade(c1!.itemId)).toMatchObject({ correct: true, score: c1!.maxScore, gradedBy: 'auto' });
    expect(grade(c2!.itemId)).toMatchObject({ correct: false, score: 0 });
    expect(grade(f1!.itemId)).toMatchObject({ correct: true, score: f1!.maxScore });
    expect(grade(o1!.itemId)).toMatchObject({ correct: null, score: null });
    expect(w.answersVisible).toBe(true);
    expect(w.assignment.questions[0]!.answer).not.toBeNull();
    expect(w.timeSpentSeconds).toBe(190);
    // Submitting again changes nothing; saving is refused.
    const again = (await submit(t.app, s, hw.id)).json().data as SubmissionDetail;
    expect(again.answers).toEqual(w.answers);
    expect(
      (await saveAnswers(t.app, s, hw.id, [{ itemId: o1!.itemId, response: { kind: 'open', text: 'x' } }])).json().code,
    ).toBe('TEACHING.SUBMITTED');

    // The queue shows the open item; the teacher grades it and overrides the wrong choice.
    const queue = (await api(t.app, { url: ApiPaths.teachingGradingQueue, token: teacher.token })).json().data;
    expect(queue.items).toEqual([expect.objectContaining({ submissionId: w.id, toGrade: 1 })]);
    const gradeItem = (itemId: number, body: unknown) =>
      api(t.app, { method: 'PUT', url: ApiPaths.teachingSubmissionGrade(w.id!, itemId), token: teacher.token, body });
    expect((await gradeItem(o1!.itemId, { score: o1!.maxScore + 1 })).statusCode).toBe(400);
    res = await gradeItem(o1!.itemId, { score: 2, comment: '步骤不完整' });
    expect(res.statusCode, res.body).toBe(200);
    let tw = res.json().data as SubmissionDetail;
    expect(tw.status).toBe('graded');
    expect(tw.score).toBe(c1!.maxScore + f1!.maxScore + 2);
    res = await gradeItem(c2!.itemId, { score: c2!.maxScore, correct: true, comment: '答案有歧义，给分' });
    tw = res.json().data as SubmissionDetail;
    expect(tw.score).toBe(c1!.maxScore + c2!.maxScore + f1!.maxScore + 2);
    expect(tw.answers.find((a) => a.itemId === c2!.itemId)!.grade.gradedBy).toBe('teacher');
    expect((await work(t.app, s, hw.id)).score).toBe(tw.score);

    // 错题本: the wrong choice and the open answer below full score; retry marks mastered.
    const book = (await api(t.app, { url: ApiPaths.userWrongQuestions(s.id), token: s.token })).json()
      .data as Paged<WrongQuestionItem>;
    expect(book.items.map((i) => i.question.id).sort()).toEqual([choice[1]!, open[0]!].sort());
    const entry = book.items.find((i) => i.question.id === choice[1]!)!;
    const retry = (keys: string[]) =>
      api(t.app, {
        method: 'POST',
        url: ApiPaths.userWrongQuestionRetry(s.id, entry.id),
        token: s.token,
        body: { response: { kind: 'choice', keys } },
      });
    expect((await retry([await wrongKey(choice[1]!)])).json().data).toMatchObject({
      correct: false,
      item: { mastered: false, retryCount: 1 },
    });
    expect((await retry(await rightKeys(choice[1]!))).json().data).toMatchObject({
      correct: true,
      item: { mastered: true },
    });
    const other = await classWithStudents(t.app, db, 1);
    expect(
      (
        await api(t.app, {
          method: 'POST',
          url: ApiPaths.userWrongQuestionRetry(s.id, entry.id),
          token: other.students[0]!.token,
          body: { response: { kind: 'choice', keys: ['A'] } },
        })
      ).statusCode,
    ).toBe(404);
    const mastered = (
      await api(t.app, { url: ApiPaths.userWrongQuestions(s.id), token: s.token, query: { mastered: 'false' } })
    ).json().data;
    expect(mastered.items.map((i: WrongQuestionItem) => i.question.id)).toEqual([open[0]!]);

    // Return for correction: the student may change answers and resubmit.
    res = await api(t.app, {
      method: 'POST',
      url: ApiPaths.teachingSubmissionReturn(w.id!),
      token: teacher.token,
      body: { comment: '请订正第4题' },
    });
    expect(res.json().data.status).toBe('returned');
    const back = await work(t.app, s, hw.id);
    expect(back).toMatchObject({ status: 'returned', teacherComment: '请订正第4题', canSubmit: true });
    res = await saveAnswers(t.app, s, hw.id, [
      { itemId: o1!.itemId, response: { kind: 'open', text: '解：完整步骤' } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    w = (await submit(t.app, s, hw.id)).json().data;
    expect(w.status).toBe('submitted'); // the changed open answer waits for the teacher again
  });

  it('shows answers after the due time only, under the afterDue rule', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 2);
    const [s, lazy] = students as [(typeof students)[0], (typeof students)[0]];
    const hw = await createHomework(t.app, teacher, cls.id, [choice[2]!], { answerVisibility: 'afterDue' });
    const item = hw.questions[0]!;
    await saveAnswers(t.app, s, hw.id, [{ itemId: item.itemId, response: { kind: 'choice', keys: ['A'] } }]);
    const w = (await submit(t.app, s, hw.id)).json().data as SubmissionDetail;
    expect(w.answersVisible).toBe(false);
    expect(w.assignment.questions[0]!.answer).toBeNull();
    expect(w.answers[0]!.grade.correct).not.toBeNull(); // the grade is shown at once
    await db
      .update(teachingAssignments)
      .set({ dueAt: dueIn(-1000) })
      .where(eq(teachingAssignments.id, hw.id));
    expect((await work(t.app, s, hw.id)).answersVisible).toBe(true);
    // Someone who did not submit sees the answers after the due time only when late work is closed.
    expect((await work(t.app, lazy, hw.id)).answersVisible).toBe(true);
    await db.update(teachingAssignments).set({ allowLate: true }).where(eq(teachingAssignments.id, hw.id));
    expect((await work(t.app, lazy, hw.id)).answersVisible).toBe(false);
    const detail = (await api(t.app, { url: ApiPaths.teachingAssignment(hw.id), token: lazy.token })).json().data;
    expect(detail.questions[0].answer).toBeNull();
  });

  it('late rules: refused past the due time unless late work is allowed, then marked late', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 2);
    const [a, b] = students as [(typeof students)[0], (typeof students)[0]];
    const hw = await createHomework(t.app, teacher, cls.id, [choice[3]!]);
    const item = hw.questions[0]!;
    await saveAnswers(t.app, a, hw.id, [{ itemId: item.itemId, response: { kind: 'choice', keys: ['B'] } }]);
    await db
      .update(teachingAssignments)
      .set({ dueAt: dueIn(-1000) })
      .where(eq(teachingAssignments.id, hw.id));
    const save = await saveAnswers(t.app, b, hw.id, [
      { itemId: item.itemId, response: { kind: 'choice', keys: ['B'] } },
    ]);
    expect(save.statusCode).toBe(409);
    expect(save.json().code).toBe('TEACHING.CLOSED');
    expect((await submit(t.app, a, hw.id)).json().code).toBe('TEACHING.CLOSED');
    expect((await work(t.app, a, hw.id)).canSubmit).toBe(false);
    await api(t.app, {
      method: 'PATCH',
      url: ApiPaths.teachingAssignment(hw.id),
      token: teacher.token,
      body: { allowLate: true },
    });
    const late = (await submit(t.app, a, hw.id)).json().data as SubmissionDetail;
    expect(late).toMatchObject({ status: 'graded', late: true });
    // A scheduled assignment is invisible to students until it is published.
    const scheduled = await createHomework(t.app, teacher, cls.id, [choice[4]!], {
      publishAt: dueIn(3600_000).toISOString(),
      dueAt: dueIn(7200_000).toISOString(),
    });
    expect(scheduled.state).toBe('scheduled');
    expect((await api(t.app, { url: ApiPaths.teachingAssignment(scheduled.id), token: a.token })).statusCode).toBe(404);
    const list = (await api(t.app, { url: ApiPaths.userTeachingAssignments(a.id), token: a.token })).json().data;
    expect(list.items.map((x: { id: number }) => x.id)).toEqual([hw.id]);
    expect(list.items[0]).toMatchObject({ myStatus: 'graded', myLate: true });
  });

  it('30 students submitting in parallel lose nothing (and double submits count once)', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 30);
    const hw = await createHomework(t.app, teacher, cls.id, [choice[5]!, choice[6]!, fill[1]!]);
    const right = await rightKeys(choice[5]!);
    const keys = await Promise.all(students.map((s) => shownKeys(t.app, db, s, hw.id, hw.questions[0]!.itemId, right)));
    await Promise.all(
      students.map((s, i) =>
        saveAnswers(t.app, s, hw.id, [
          { itemId: hw.questions[0]!.itemId, response: { kind: 'choice', keys: i % 2 ? keys[i]! : ['Z'] } },
          { itemId: hw.questions[1]!.itemId, response: { kind: 'choice', keys: ['A'] } },
          { itemId: hw.questions[2]!.itemId, response: { kind: 'fill', blanks: [String(i)] } },
        ]).then((r) => expect(r.statusCode, r.body).toBe(200)),
      ),
    );
    const results = await Promise.all([...students, ...students.slice(0, 10)].map((s) => submit(t.app, s, hw.id)));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const [subs] = await db
      .select({ n: count() })
      .from(teachingSubmissions)
      .where(and(eq(teachingSubmissions.assignmentId, hw.id), eq(teachingSubmissions.status, 'graded')));
    expect(subs!.n).toBe(30);
    const [answers] = await db
      .select({ n: count() })
      .from(teachingAnswers)
      .innerJoin(teachingSubmissions, eq(teachingSubmissions.id, teachingAnswers.submissionId))
      .where(eq(teachingSubmissions.assignmentId, hw.id));
    expect(answers!.n).toBe(90);
    const report = (await api(t.app, { url: ApiPaths.teachingAssignmentReport(hw.id), token: teacher.token })).json()
      .data;
    expect(report.submittedCount).toBe(30);
    expect(report.questions[0].correct).toBe(15);
    expect(report.questions[0].accuracy).toBe(0.5);
    // A key that names no option of the question is dropped when saved: those students left it blank.
    expect(report.questions[0].commonWrong[0]).toEqual({ value: '未作答', count: 15 });
  }, 120_000);

  it('stores answer photos re-encoded, accepts only own photos, and erases the work with the account', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 2);
    const [s, other] = students as [(typeof students)[0], (typeof students)[0]];
    const hw = await createHomework(t.app, teacher, cls.id, [open[1]!]);
    const item = hw.questions[0]!;
    const res = await upload(
      t.app,
      s.token,
      await photo(3000, 2000),
      'a.jpg',
      'image/jpeg',
      ApiPaths.teachingWorkImages(hw.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    const [f] = await db.select().from(files).where(eq(files.ownerId, s.id));
    expect(f).toMatchObject({ purpose: 'teaching-answer' });
    expect(Math.max(f!.width!, f!.height!)).toBeLessThanOrEqual(2048);
    const notImage = await upload(
      t.app,
      s.token,
      Buffer.from('not an image'),
      'a.png',
      'image/png',
      ApiPaths.teachingWorkImages(hw.id),
    );
    expect(notImage.json().code).toBe('FILE.STREAM_ABNORMAL');
    const teacherUpload = await upload(
      t.app,
      teacher.token,
      await photo(),
      'a.jpg',
      'image/jpeg',
      ApiPaths.teachingWorkImages(hw.id),
    );
    expect(teacherUpload.statusCode).toBe(404);
    expect(
      (
        await saveAnswers(t.app, other, hw.id, [
          { itemId: item.itemId, response: { kind: 'open', text: '', images: [url] } },
        ])
      ).statusCode,
    ).toBe(400);
    const ok = await saveAnswers(t.app, s, hw.id, [
      { itemId: item.itemId, response: { kind: 'open', text: '见图', images: [url] } },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    await submit(t.app, s, hw.id);
    await db.transaction((tx) => eraseTeachingData(tx, s.id, new Date()));
    const [left] = await db
      .select({ n: count() })
      .from(teachingSubmissions)
      .where(eq(teachingSubmissions.userId, s.id));
    expect(left!.n).toBe(0);
    expect((await api(t.app, { url: ApiPaths.teachingClass(cls.id), token: s.token })).statusCode).toBe(404);
  });

  it('completes a reading assignment when the reader has shown every page of the range', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 1);
    const s = students[0]!;
    const dict = async (kind: string) =>
      (await db.select({ id: dictionary.id }).from(dictionary).where(eq(dictionary.kind, kind)).limit(1))[0]!.id;
    const [book] = await db
      .insert(textbooks)
      .values({
        externalId: `teaching-${Date.now()}`,
        title: '数学 七年级上册',
        stageId: await dict('stage'),
        subjectId: await dict('subject'),
        editionId: await dict('edition'),
        pageCount: 40,
        access: 'public',
      })
      .returning({ id: textbooks.id });
    const create = await api(t.app, {
      method: 'POST',
      url: ApiPaths.teachingClassAssignments(cls.id),
      token: teacher.token,
      body: {
        kind: 'reading',
        title: '预习第一章',
        dueAt: dueIn(86400_000).toISOString(),
        reading: { textbookId: book!.id, pageFrom: 3, pageTo: 5 },
      },
    });
    expect(create.statusCode, create.body).toBe(200);
    const id = create.json().data.id as number;
    const progress = (page: number) =>
      api(t.app, { method: 'PUT', url: ApiPaths.textbookProgress(book!.id), token: s.token, body: { page } });
    for (const p of [1, 3, 4]) expect((await progress(p)).statusCode).toBe(200);
    let w = await work(t.app, s, id);
    expect(w).toMatchObject({ status: 'inProgress', pagesRead: [3, 4] });
    expect((await submit(t.app, s, id)).statusCode).toBe(400);
    await progress(5);
    w = await work(t.app, s, id);
    expect(w).toMatchObject({ status: 'graded', pagesRead: [3, 4, 5], late: false });
    const tooFar = await api(t.app, {
      method: 'POST',
      url: ApiPaths.teachingClassAssignments(cls.id),
      token: teacher.token,
      body: {
        kind: 'reading',
        title: 'x',
        dueAt: dueIn(86400_000).toISOString(),
        reading: { textbookId: book!.id, pageFrom: 30, pageTo: 50 },
      },
    });
    expect(tooFar.statusCode).toBe(400);
  });
});
