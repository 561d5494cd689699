/**
 * Which bank questions a student may not read the answers of elsewhere (docs/teaching.md, When answers
 * are shown): those of the published homework of their active classes whose answers are still hidden
 * from them (`answersVisible`). The question bank's public read asks this (through app.ts) before it
 * shows an answer, so a bank id or a stem found by search does not bypass the assignment's rule.
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { SubmissionStatus } from '@eav/contract';
import type { Db } from '../../db/client';
import { teachingAssignments, teachingItems, teachingMembers, teachingSubmissions } from '../../db/schema';
import { answersVisible } from './assignments';

/** The ids among `questionIds` that `userId` has in homework whose answers are hidden from them at `now`. */
export async function questionsInOpenHomework(
  db: Db,
  userId: number,
  questionIds: number[],
  now: Date,
): Promise<Set<number>> {
  const out = new Set<number>();
  if (!questionIds.length) return out;
  const rows = await db
    .select({
      questionId: teachingItems.questionId,
      dueAt: teachingAssignments.dueAt,
      allowLate: teachingAssignments.allowLate,
      answerVisibility: teachingAssignments.answerVisibility,
      status: teachingSubmissions.status,
    })
    .from(teachingItems)
    .innerJoin(teachingAssignments, eq(teachingAssignments.id, teachingItems.assignmentId))
    .innerJoin(
      teachingMembers,
      and(
        eq(teachingMembers.classId, teachingAssignments.classId),
        eq(teachingMembers.userId, userId),
        eq(teachingMembers.status, 'active'),
      ),
    )
    .leftJoin(
      teachingSubmissions,
      and(eq(teachingSubmissions.assignmentId, teachingAssignments.id), eq(teachingSubmissions.userId, userId)),
    )
    .where(and(inArray(teachingItems.questionId, [...new Set(questionIds)]), lte(teachingAssignments.publishAt, now)));
  for (const r of rows)
    if (!answersVisible(r, (r.status ?? 'notStarted') as SubmissionStatus, now)) out.add(r.questionId);
  return out;
}
