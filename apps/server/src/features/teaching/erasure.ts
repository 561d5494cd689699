/**
 * What the teaching area stores about a user, removed at account cancellation (docs/teaching.md,
 * Erasure): a student's memberships, submissions with their answers, and wrong-question book; a
 * teacher's classes with everything in them (assignments, and the students' work on them), since a
 * class without its teacher cannot be used by anyone. Students keep their wrong-question entries of
 * such classes (detached from the assignment). Answer photos are `files` rows of the student, erased
 * by the accounts eraser.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { teachingClasses, teachingMembers, teachingSubmissions, teachingWrongQuestions } from '../../db/schema';

/** Erases the teaching data of `userId` inside the cancellation's transaction `tx`. */
export async function eraseTeachingData(tx: Tx, userId: number, _now: Date): Promise<void> {
  await tx.delete(teachingWrongQuestions).where(eq(teachingWrongQuestions.userId, userId));
  await tx.delete(teachingSubmissions).where(eq(teachingSubmissions.userId, userId));
  await tx.delete(teachingMembers).where(eq(teachingMembers.userId, userId));
  await tx.delete(teachingClasses).where(eq(teachingClasses.teacherId, userId));
}
