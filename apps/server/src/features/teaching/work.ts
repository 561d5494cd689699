/**
 * A student's work on an assignment (docs/teaching.md, Answering and Grading): autosave, reading
 * pages, idempotent submission with automatic grading of choice and fill-in items, the teacher's
 * grading and return for correction, and the wrong-question book entries graded work produces.
 *
 * Every change of a submission runs in one transaction holding the submission row `FOR UPDATE`
 * (created first with `ON CONFLICT DO NOTHING` on the unique (assignment, user) key), so parallel
 * saves and submits of one student serialise and different students never wait for each other.
 */
import {
  ErrorCode,
  TeachingMessages,
  type AnswerResponse,
  type GradingMode,
  type SaveAnswersBody,
  type SubmissionDetail,
  type SubmissionStatus,
} from '@eav/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { files, teachingAnswers, teachingSubmissions, teachingWrongQuestions, users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { displayName, type AssignmentRow, type ClassRow, type SubmissionRow } from './access';
import {
  answersVisible,
  assignmentDetail,
  itemsOf,
  responseToDisplay,
  responseToOwn,
  type ItemRow,
  type StudentOrder,
} from './assignments';
import { autoGrade } from './grading';

/** Purpose of stored answer photos in `files` (kept, unlike unused uploads, until the account goes). */
export const ANSWER_IMAGE_PURPOSE = 'teaching-answer';

const closed = () => conflict(TeachingMessages.pastDue, ErrorCode.TEACHING_CLOSED);
const alreadySubmitted = () => conflict(TeachingMessages.alreadySubmitted, ErrorCode.TEACHING_SUBMITTED);

/** The empty response of an item's grading mode (what an unanswered item is graded as). */
function emptyResponse(mode: GradingMode): AnswerResponse {
  if (mode === 'choice') return { kind: 'choice', keys: [] };
  if (mode === 'fill') return { kind: 'fill', blanks: [] };
  return { kind: 'open', text: '', images: [] };
}

/** The submission of `userId` on `assignmentId`, created when missing, locked for the transaction. */
async function lockSubmission(tx: Tx, assignmentId: number, userId: number, now: Date): Promise<SubmissionRow> {
  await tx
    .insert(teachingSubmissions)
    .values({ assignmentId, userId, status: 'inProgress', createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(teachingSubmissions)
    .where(and(eq(teachingSubmissions.assignmentId, assignmentId), eq(teachingSubmissions.userId, userId)))
    .for('update');
  return row!;
}

/** Whether work in `status` may still change at `now` (returned work always may). */
function assertWritable(a: AssignmentRow, status: string, now: Date): void {
  if (status === 'submitted' || status === 'graded') throw alreadySubmitted();
  if (status !== 'returned' && a.dueAt <= now && !a.allowLate) throw closed();
}

/**
 * Saves answers of `userId` (upsert per item; time spent adds up). A changed response loses an
 * earlier grade (returned work is graded again on resubmission). Choice keys come in the student's
 * option order while the answers are hidden from them (`secret`, lib/option-order.ts) and are stored
 * as the question's own keys.
 * @throws 409 TEACHING.SUBMITTED / TEACHING.CLOSED, 400 for an unknown item, a response of the
 *   wrong kind, or an image that is not the student's own answer photo.
 */
export async function saveAnswers(
  db: Db,
  a: AssignmentRow,
  userId: number,
  body: SaveAnswersBody,
  now: Date,
  secret: string,
) {
  if (a.kind !== 'homework') throw badRequest('该作业不需要作答');
  const items = new Map((await itemsOf(db, a.id)).map((i) => [i.id, i]));
  for (const ans of body.answers) {
    const item = items.get(ans.itemId);
    if (!item) throw badRequest(TeachingMessages.noItem);
    if (ans.response.kind !== item.grading) throw badRequest(TeachingMessages.wrongResponseKind);
  }
  const urls = body.answers.flatMap((x) => (x.response.kind === 'open' ? x.response.images : []));
  if (urls.length) {
    const keys = urls.map((u) => u.replace(/^\/uploads\//, ''));
    const own = await db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(and(eq(files.ownerId, userId), eq(files.purpose, ANSWER_IMAGE_PURPOSE), inArray(files.storageKey, keys)));
    const ownKeys = new Set(own.map((o) => o.storageKey));
    if (keys.some((k) => !ownKeys.has(k))) throw badRequest('图片不存在，请重新上传');
  }
  await db.transaction(async (tx) => {
    const sub = await lockSubmission(tx, a.id, userId, now);
    assertWritable(a, sub.status, now);
    const order = orderOf(a, sub.status as SubmissionStatus, userId, now, secret);
    let spent = 0;
    for (const ans of body.answers) {
      spent += ans.timeSpentSeconds;
      await tx
        .insert(teachingAnswers)
        .values({
          submissionId: sub.id,
          itemId: ans.itemId,
          response: responseToOwn(items.get(ans.itemId)!, ans.response, order),
          timeSpentSeconds: ans.timeSpentSeconds,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [teachingAnswers.submissionId, teachingAnswers.itemId],
          set: {
            response: sql`excluded.response`,
            timeSpentSeconds: sql`${teachingAnswers.timeSpentSeconds} + excluded.time_spent_seconds`,
            // An unchanged response keeps its grade; a changed one is graded again.
            correct: sql`case when ${teachingAnswers.response} = excluded.response then ${teachingAnswers.correct} end`,
            score: sql`case when ${teachingAnswers.response} = excluded.response then ${teachingAnswers.score} end`,
            gradedBy: sql`case when ${teachingAnswers.response} = excluded.response then ${teachingAnswers.gradedBy} end`,
            updatedAt: now,
          },
        });
    }
    await tx
      .update(teachingSubmissions)
      .set({ timeSpentSeconds: sql`${teachingSubmissions.timeSpentSeconds} + ${spent}`, updatedAt: now })
      .where(eq(teachingSubmissions.id, sub.id));
  });
}

/** The student's option order while the answers are hidden from them (the rule of `answersVisible`); else null. */
function orderOf(a: AssignmentRow, status: SubmissionStatus, userId: number, now: Date, secret: string) {
  return answersVisible(a, status, now) ? null : ({ secret, userId, assignmentId: a.id } satisfies StudentOrder);
}

/** Adds or refreshes 错题本 entries of `userId` for items graded wrong. */
async function recordWrong(
  tx: Tx,
  userId: number,
  assignmentId: number,
  wrong: { item: ItemRow; response: AnswerResponse }[],
  now: Date,
): Promise<void> {
  for (const { item, response } of wrong) {
    await tx
      .insert(teachingWrongQuestions)
      .values({
        userId,
        questionId: item.questionId,
        subjectId: item.question.subject.id,
        grading: item.grading,
        blanks: item.blanks,
        question: item.question,
        assignmentId,
        lastResponse: response,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [teachingWrongQuestions.userId, teachingWrongQuestions.questionId],
        set: {
          wrongCount: sql`${teachingWrongQuestions.wrongCount} + 1`,
          lastResponse: response,
          assignmentId,
          mastered: false,
          updatedAt: now,
        },
      });
  }
}

/** Sets status, score and gradedAt of a submission from its answers: graded when every item has a score. */
async function settle(tx: Tx, sub: SubmissionRow, itemCount: number, now: Date): Promise<void> {
  const [agg] = await tx
    .select({
      scored: sql<number>`count(${teachingAnswers.score})::int`,
      total: sql<number | null>`sum(${teachingAnswers.score})`,
    })
    .from(teachingAnswers)
    .where(eq(teachingAnswers.submissionId, sub.id));
  const graded = (agg?.scored ?? 0) >= itemCount;
  await tx
    .update(teachingSubmissions)
    .set({
      status: graded ? 'graded' : 'submitted',
      score: graded ? Number(agg?.total ?? 0) : null,
      gradedAt: graded ? now : null,
      updatedAt: now,
    })
    .where(eq(teachingSubmissions.id, sub.id));
}

/**
 * Submits the work of `userId`: grades choice and fill-in items (unanswered items score 0), marks a
 * resource assignment done. Submitting submitted or graded work again changes nothing (idempotent).
 * @throws 409 TEACHING.CLOSED past the due time without late work, 400 for a reading assignment
 *   (done by reading its pages).
 */
export async function submitWork(db: Db | Tx, a: AssignmentRow, userId: number, now: Date): Promise<void> {
  if (a.kind === 'reading') throw badRequest('阅读任务在读完指定页后自动完成');
  const items = await itemsOf(db, a.id);
  await db.transaction(async (tx) => {
    const sub = await lockSubmission(tx, a.id, userId, now);
    if (sub.status === 'submitted' || sub.status === 'graded') return;
    assertWritable(a, sub.status, now);
    const late = sub.late || (sub.status !== 'returned' && a.dueAt <= now);
    await tx
      .update(teachingSubmissions)
      .set({ late, submittedAt: now, updatedAt: now })
      .where(eq(teachingSubmissions.id, sub.id));
    if (a.kind === 'resource') {
      await tx
        .update(teachingSubmissions)
        .set({ status: 'graded', gradedAt: now })
        .where(eq(teachingSubmissions.id, sub.id));
      return;
    }
    const answers = new Map(
      (await tx.select().from(teachingAnswers).where(eq(teachingAnswers.submissionId, sub.id))).map((r) => [
        r.itemId,
        r,
      ]),
    );
    const wrong: { item: ItemRow; response: AnswerResponse }[] = [];
    for (const item of items) {
      const ans = answers.get(item.id);
      const response = ans?.response ?? emptyResponse(item.grading as GradingMode);
      let grade = autoGrade({ ...item, grading: item.grading as GradingMode }, ans?.response ?? null);
      // An open item left empty scores 0 without waiting for the teacher.
      const blankOpen =
        item.grading === 'open' && (!ans || (response.kind === 'open' && !response.text && !response.images.length));
      if (!grade && blankOpen) grade = { correct: false, score: 0 };
      if (ans && ans.score !== null && ans.gradedBy === 'teacher') continue; // kept from before a return
      if (!grade) continue;
      if (!grade.correct) wrong.push({ item, response });
      await tx
        .insert(teachingAnswers)
        .values({
          submissionId: sub.id,
          itemId: item.id,
          response,
          correct: grade.correct,
          score: grade.score,
          gradedBy: 'auto',
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [teachingAnswers.submissionId, teachingAnswers.itemId],
          set: { correct: grade.correct, score: grade.score, gradedBy: 'auto', updatedAt: now },
        });
    }
    await recordWrong(tx, userId, a.id, wrong, now);
    await settle(tx, sub, items.length, now);
  });
}

/**
 * Records pages of a reading assignment the reader has shown (pages outside the range are ignored);
 * once every page of the range is shown the assignment is done (status graded, no score).
 * Returns whether anything changed. Done work and closed assignments are left alone.
 */
export async function recordPages(db: Db, a: AssignmentRow, userId: number, pages: number[], now: Date) {
  if (a.kind !== 'reading' || a.pageFrom === null || a.pageTo === null) return false;
  const inRange = pages.filter((p) => p >= a.pageFrom! && p <= a.pageTo!);
  if (!inRange.length) return false;
  const run = async (tx: Tx) => {
    const sub = await lockSubmission(tx, a.id, userId, now);
    if (sub.status === 'graded') return false;
    if (a.dueAt <= now && !a.allowLate) return false;
    const seen = [...new Set([...sub.pagesRead, ...inRange])].sort((x, y) => x - y);
    const done = seen.length >= a.pageTo! - a.pageFrom! + 1;
    await tx
      .update(teachingSubmissions)
      .set({
        pagesRead: seen,
        updatedAt: now,
        ...(done ? { status: 'graded', submittedAt: now, gradedAt: now, late: a.dueAt <= now } : {}),
      })
      .where(eq(teachingSubmissions.id, sub.id));
    return true;
  };
  return db.transaction(run);
}

/**
 * The teacher grades item `itemId` of submitted work: score (≤ the item's score), correctness
 * (default: full score) and comment; overrides an automatic grade as well.
 * @throws 409 when the work is not submitted (or returned), 400 for an unknown item or too high a score.
 */
export async function gradeAnswer(
  db: Db | Tx,
  sub: SubmissionRow,
  a: AssignmentRow,
  itemId: number,
  grade: { score: number; correct?: boolean | undefined; comment?: string | undefined },
  now: Date,
): Promise<void> {
  const items = await itemsOf(db, a.id);
  const item = items.find((i) => i.id === itemId);
  if (!item) throw badRequest(TeachingMessages.noItem);
  if (grade.score > item.maxScore) throw badRequest(TeachingMessages.scoreTooHigh);
  const correct = grade.correct ?? grade.score >= item.maxScore;
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(teachingSubmissions)
      .where(eq(teachingSubmissions.id, sub.id))
      .for('update');
    if (!locked || (locked.status !== 'submitted' && locked.status !== 'graded'))
      throw conflict(TeachingMessages.notSubmitted, ErrorCode.TEACHING_SUBMITTED);
    const [prev] = await tx
      .select()
      .from(teachingAnswers)
      .where(and(eq(teachingAnswers.submissionId, sub.id), eq(teachingAnswers.itemId, itemId)));
    const response = prev?.response ?? emptyResponse(item.grading as GradingMode);
    await tx
      .insert(teachingAnswers)
      .values({
        submissionId: sub.id,
        itemId,
        response,
        correct,
        score: grade.score,
        comment: grade.comment || null,
        gradedBy: 'teacher',
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [teachingAnswers.submissionId, teachingAnswers.itemId],
        set: { correct, score: grade.score, comment: grade.comment || null, gradedBy: 'teacher', updatedAt: now },
      });
    if (!correct && prev?.correct !== false) await recordWrong(tx, locked.userId, a.id, [{ item, response }], now);
    await settle(tx, locked, items.length, now);
  });
}

/** Returns submitted or graded work for correction (返回订正) with the teacher's note. @throws 409 otherwise. */
export async function returnWork(db: Db, sub: SubmissionRow, comment: string, now: Date): Promise<void> {
  const updated = await db
    .update(teachingSubmissions)
    .set({ status: 'returned', teacherComment: comment, gradedAt: null, score: null, updatedAt: now })
    .where(and(eq(teachingSubmissions.id, sub.id), inArray(teachingSubmissions.status, ['submitted', 'graded'])))
    .returning({ id: teachingSubmissions.id });
  if (!updated.length) throw conflict(TeachingMessages.notSubmitted, ErrorCode.TEACHING_SUBMITTED);
}

/**
 * The work of `userId` on an assignment as `viewer` sees it: the student (grades once submitted,
 * answers per the visibility rule) or the class's teacher (everything).
 */
export async function submissionDetail(
  db: Db | Tx,
  a: AssignmentRow,
  cls: ClassRow,
  userId: number,
  viewer: 'teacher' | 'student',
  now: Date,
  secret: string,
): Promise<SubmissionDetail> {
  const [[sub], [student]] = await Promise.all([
    db
      .select()
      .from(teachingSubmissions)
      .where(and(eq(teachingSubmissions.assignmentId, a.id), eq(teachingSubmissions.userId, userId))),
    db.select({ userName: users.userName, realName: users.realName }).from(users).where(eq(users.id, userId)),
  ]);
  const status = (sub?.status ?? 'notStarted') as SubmissionStatus;
  const visible = viewer === 'teacher' || answersVisible(a, status, now);
  const order = visible ? null : orderOf(a, status, userId, now, secret);
  const gradesVisible = viewer === 'teacher' || ['submitted', 'graded', 'returned'].includes(status);
  const answers = sub ? await db.select().from(teachingAnswers).where(eq(teachingAnswers.submissionId, sub.id)) : [];
  const detail = await assignmentDetail(
    db,
    a,
    cls,
    { id: viewer === 'teacher' ? cls.teacherId : userId, role: viewer },
    visible,
    now,
    order,
  );
  const items = new Map((await itemsOf(db, a.id)).map((i) => [i.id, i]));
  const position = new Map(detail.questions.map((q) => [q.itemId, q.position]));
  const writable =
    status !== 'submitted' && status !== 'graded' && (status === 'returned' || a.dueAt > now || a.allowLate);
  return {
    id: sub?.id ?? null,
    assignment: detail,
    student: { userId, name: student ? displayName(student) : '' },
    status,
    answers: answers
      .sort((x, y) => (position.get(x.itemId) ?? 0) - (position.get(y.itemId) ?? 0))
      .map((r) => ({
        itemId: r.itemId,
        response: items.has(r.itemId) ? responseToDisplay(items.get(r.itemId)!, r.response, order) : r.response,
        grade: gradesVisible
          ? {
              correct: r.correct,
              score: r.score,
              comment: r.comment,
              gradedBy: (r.gradedBy as 'auto' | 'teacher' | null) ?? null,
            }
          : { correct: null, score: null, comment: null, gradedBy: null },
        timeSpentSeconds: r.timeSpentSeconds,
      })),
    score: status === 'graded' || viewer === 'teacher' ? (sub?.score ?? null) : null,
    maxScore: a.maxScore,
    late: sub?.late ?? false,
    submittedAt: sub?.submittedAt?.toISOString() ?? null,
    gradedAt: sub?.gradedAt?.toISOString() ?? null,
    teacherComment: sub?.teacherComment ?? null,
    pagesRead: sub?.pagesRead ?? [],
    answersVisible: visible,
    canSubmit: viewer === 'student' && writable && a.kind !== 'reading',
    timeSpentSeconds: sub?.timeSpentSeconds ?? 0,
  };
}
