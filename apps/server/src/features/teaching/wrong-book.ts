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
import { badRequest, notFound } from '../../lib/errors';
import { storedAnswer } from '../../lib/stored-answer';
import { autoGrade } from './grading';

type Row = typeof teachingWrongQuestions.$inferSelect;

function toItem(r: Row, assignmentTitle: string | null): WrongQuestionItem {
  const q = r.question;
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
    assignmentTitle,
    lastResponse: r.lastResponse ?? null,
    answer: storedAnswer(q.answer),
    analysis: q.analysis,
    wrongCount: r.wrongCount,
    retryCount: r.retryCount,
    mastered: r.mastered,
    addedAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The student's entries, most recently wrong first. */
export async function listWrong(db: Db, userId: number, q: WrongQuestionListQuery) {
  const where = and(
    eq(teachingWrongQuestions.userId, userId),
    q.subjectId ? eq(teachingWrongQuestions.subjectId, q.subjectId) : undefined,
    q.mastered === undefined ? undefined : eq(teachingWrongQuestions.mastered, q.mastered),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: teachingWrongQuestions, title: teachingAssignments.title })
      .from(teachingWrongQuestions)
      .leftJoin(teachingAssignments, eq(teachingAssignments.id, teachingWrongQuestions.assignmentId))
      .where(where)
      .orderBy(desc(teachingWrongQuestions.updatedAt), desc(teachingWrongQuestions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(teachingWrongQuestions).where(where),
  ]);
  return { items: rows.map((r) => toItem(r.w, r.title)), total: total?.n ?? 0 };
}

/** One own entry. @throws 404 when missing or another student's. */
async function ownEntry(db: Db, userId: number, id: number): Promise<{ w: Row; title: string | null }> {
  const [row] = await db
    .select({ w: teachingWrongQuestions, title: teachingAssignments.title })
    .from(teachingWrongQuestions)
    .leftJoin(teachingAssignments, eq(teachingAssignments.id, teachingWrongQuestions.assignmentId))
    .where(and(eq(teachingWrongQuestions.id, id), eq(teachingWrongQuestions.userId, userId)));
  if (!row) throw notFound('错题不存在');
  return row;
}

/** A retry: graded at once for choice and fill-in (`correct` null for open questions). */
export async function retryWrong(db: Db, userId: number, id: number, response: AnswerResponse, now: Date) {
  const { w } = await ownEntry(db, userId, id);
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
  const after = await ownEntry(db, userId, id);
  return { correct, item: toItem(after.w, after.title) };
}

/** Marks an own entry mastered or not. */
export async function markWrong(db: Db, userId: number, id: number, mastered: boolean, now: Date) {
  await ownEntry(db, userId, id);
  await db
    .update(teachingWrongQuestions)
    .set({ mastered, updatedAt: now })
    .where(and(eq(teachingWrongQuestions.id, id), eq(teachingWrongQuestions.userId, userId)));
  const after = await ownEntry(db, userId, id);
  return toItem(after.w, after.title);
}

/** Deletes an own entry. @throws 404 otherwise. */
export async function deleteWrong(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(teachingWrongQuestions)
    .where(and(eq(teachingWrongQuestions.id, id), eq(teachingWrongQuestions.userId, userId)))
    .returning({ id: teachingWrongQuestions.id });
  if (!gone.length) throw notFound('错题不存在');
}
