/**
 * Which bank questions a teacher may not read the answers of elsewhere (docs/training.md, Quiz): the
 * quiz questions of the courses they are enrolled in and have not passed yet. The question bank's
 * public read asks this (through app.ts) before it shows an answer, so the quiz cannot be passed by
 * looking its questions up in the bank.
 */
import { and, eq, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trainingAttempts, trainingCourses, trainingEnrolments } from '../../db/schema';

/** The ids among `questionIds` in the quiz of a course `userId` is enrolled in without a passed attempt. */
export async function questionsInOpenQuiz(db: Db, userId: number, questionIds: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  if (!questionIds.length) return out;
  const rows = await db
    .select({ ids: trainingCourses.quizQuestionIds })
    .from(trainingEnrolments)
    .innerJoin(trainingCourses, eq(trainingCourses.id, trainingEnrolments.courseId))
    .where(
      and(
        eq(trainingEnrolments.userId, userId),
        notExists(
          db
            .select({ one: trainingAttempts.id })
            .from(trainingAttempts)
            .where(
              and(
                eq(trainingAttempts.userId, userId),
                eq(trainingAttempts.courseId, trainingEnrolments.courseId),
                eq(trainingAttempts.passed, true),
              ),
            ),
        ),
      ),
    );
  const wanted = new Set(questionIds);
  for (const r of rows) for (const id of r.ids) if (wanted.has(id)) out.add(id);
  return out;
}
