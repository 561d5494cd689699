/**
 * The wrong-question book (错题本, docs/teaching.md): entries are written by grading (work.ts); here
 * the student lists them, retries one (choice and fill-in graded at once with the same rules as
 * homework; a right retry marks it mastered), marks one mastered by hand, or deletes it.
 */
import {
  TeachingMessages,
  type AnswerResponse,
  type GradingMode,
  type WrongQuestionItem,
  type WrongQuestionListQuery,
} from '@eav/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teachingAssignments, teachingWrongQuestions } from '../../db/schema';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { storedAnswer } from '../../lib/stored-answer';
import { answersVisible } from './assignments';
import { autoGrade } from './grading';

type Row = typeof teachingWrongQuestions.$inferSelect;

/** The entry's homework as joined: its title and what decides when its answers are shown (null once deleted). */
const assignmentColumns = {
  title: teachingAssignments.title,
  dueAt: teachingAssignments.dueAt,
  allowLate: teachingAssignments.allowLate,
  answerVisibility: teachingAssignments.answerVisibility,
};
type Joined = {
  w: Row;
  title: string | null;
  dueAt: Date | null;
  allowLate: boolean | null;
  answerVisibility: string | null;
};

/**
 * Whether the entry's answer is still withheld: an entry is written when the work is graded, so the
 * student is done, and the homework's own rule decides (`answersVisible`: under `afterDue`, not before the
 * due time). An entry whose homework was deleted shows its answer.
 */
function hiddenNow(j: Joined, now: Date): boolean {
  if (j.dueAt === null || j.answerVisibility === null) return false;
  return !answersVisible(
    { dueAt: j.dueAt, allowLate: j.allowLate ?? false, answerVisibility: j.answerVisibility },
    'graded',
    now,
  );
}

function toItem(j: Joined, now: Date): WrongQuestionItem {
  const r = j.w;
  const q = r.question;
  const hidden = hiddenNow(j, now);
  return {
    id: r.id,
    question: {
      id: r.questionId,
      type: q.type,
      grading: r.grading as GradingMode,
      stem: q.stem,
      options: q.options,
      passage: q.passage,
      blanks: r.blanks,
      subject: { id: q.subject.id, name: q.subject.name },
      knowledgePoints: q.knowledgePoints,
    },
    assignmentId: r.assignmentId,
    assignmentTitle: j.title,
    lastResponse: r.lastResponse ?? null,
    answer: hidden ? null : storedAnswer(q.answer),
    analysis: hidden ? null : q.analysis,
    answerHidden: hidden,
    wrongCount: r.wrongCount,
    retryCount: r.retryCount,
    mastered: r.mastered,
    addedAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The student's entries, most recently wrong first. */
export async function listWrong(db: Db, userId: number, q: WrongQuestionListQuery, now: Date) {
  const where = and(
    eq(teachingWrongQuestions.userId, userId),
    q.subjectId ? eq(teachingWrongQuestions.subjectId, q.subjectId) : undefined,
    q.mastered === undefined ? undefined : eq(teachingWrongQuestions.mastered, q.mastered),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: teachingWrongQuestions, ...assignmentColumns })
      .from(teachingWrongQuestions)
      .leftJoin(teachingAssignments, eq(teachingAssignments.id, teachingWrongQuestions.assignmentId))
      .where(where)
      .orderBy(desc(teachingWrongQuestions.updatedAt), desc(teachingWrongQuestions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(teachingWrongQuestions).where(where),
  ]);
  return { items: rows.map((r) => toItem(r, now)), total: total?.n ?? 0 };
}

/** One own entry. @throws 404 when missing or another student's. */
async function ownEntry(db: Db, userId: number, id: number): Promise<Joined> {
  const [row] = await db
    .select({ w: teachingWrongQuestions, ...assignmentColumns })
    .from(teachingWrongQuestions)
    .leftJoin(teachingAssignments, eq(teachingAssignments.id, teachingWrongQuestions.assignmentId))
    .where(and(eq(teachingWrongQuestions.id, id), eq(teachingWrongQuestions.userId, userId)));
  if (!row) throw notFound('错题不存在');
  return row;
}

/**
 * A retry: graded at once for choice and fill-in (`correct` null for open questions).
 * @throws 422 while the homework's answers are withheld: a graded retry would tell the right option.
 */
export async function retryWrong(db: Db, userId: number, id: number, response: AnswerResponse, now: Date) {
  const entry = await ownEntry(db, userId, id);
  if (hiddenNow(entry, now)) throw unprocessable(TeachingMessages.wrongAnswerNotYet);
  const { w } = entry;
  if (response.kind !== w.grading) throw badRequest(TeachingMessages.wrongResponseKind);
  const grade = autoGrade({ grading: w.grading as GradingMode, maxScore: 1, question: w.question }, response);
  const correct = grade ? grade.correct : null;
  await db
    .update(teachingWrongQuestions)
    .set({
      retryCount: w.retryCount + 1,
      ...(correct === true ? { mastered: true } : {}),
      updatedAt: now,
    })
    .where(eq(teachingWrongQuestions.id, id));
  return { correct, item: toItem(await ownEntry(db, userId, id), now) };
}

/** Marks an own entry mastered or not. */
export async function markWrong(db: Db, userId: number, id: number, mastered: boolean, now: Date) {
  await ownEntry(db, userId, id);
  await db
    .update(teachingWrongQuestions)
    .set({ mastered, updatedAt: now })
    .where(and(eq(teachingWrongQuestions.id, id), eq(teachingWrongQuestions.userId, userId)));
  return toItem(await ownEntry(db, userId, id), now);
}

/** Deletes an own entry. @throws 404 otherwise. */
export async function deleteWrong(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(teachingWrongQuestions)
    .where(and(eq(teachingWrongQuestions.id, id), eq(teachingWrongQuestions.userId, userId)))
    .returning({ id: teachingWrongQuestions.id });
  if (!gone.length) throw notFound('错题不存在');
}
