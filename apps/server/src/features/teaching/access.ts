/**
 * Who may see what in the teaching area (docs/teaching.md, Access): a class, its assignments and the
 * submissions in it belong to the class's teacher; a student sees the classes they are a member of,
 * the published assignments of the classes they are an active member of, and only their own work.
 * Everything else answers 404 (never 403), so ids of other people's objects reveal nothing.
 */
import { Messages } from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { teachingAssignments, teachingClasses, teachingMembers, teachingSubmissions } from '../../db/schema';
import { notFound } from '../../lib/errors';

export type ClassRow = typeof teachingClasses.$inferSelect;
export type AssignmentRow = typeof teachingAssignments.$inferSelect;
export type SubmissionRow = typeof teachingSubmissions.$inferSelect;

const hidden = () => notFound(Messages.notFoundRequest);

/** Postgres unique violation on `constraint` (PGlite and postgres-js, possibly wrapped by Drizzle). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (
    let e = err as
      { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return (e.constraint ?? e.constraint_name ?? e.message ?? '').includes(constraint);
  }
  return false;
}

/** The class `classId` of teacher `userId`. @throws 404 when missing or someone else's. */
export async function ownedClass(db: Db | Tx, classId: number, userId: number): Promise<ClassRow> {
  const [row] = await db
    .select()
    .from(teachingClasses)
    .where(and(eq(teachingClasses.id, classId), eq(teachingClasses.teacherId, userId)));
  if (!row) throw hidden();
  return row;
}

/** The membership status of `userId` in `classId`, or null. */
export async function membershipOf(db: Db | Tx, classId: number, userId: number): Promise<string | null> {
  const [m] = await db
    .select({ status: teachingMembers.status })
    .from(teachingMembers)
    .where(and(eq(teachingMembers.classId, classId), eq(teachingMembers.userId, userId)));
  return m?.status ?? null;
}

/**
 * The class as `userId` may see it: as its teacher, or as a member (pending included).
 * @throws 404 otherwise.
 */
export async function visibleClass(
  db: Db | Tx,
  classId: number,
  userId: number,
): Promise<{ cls: ClassRow; role: 'teacher' | 'student'; member: string | null }> {
  const [cls] = await db.select().from(teachingClasses).where(eq(teachingClasses.id, classId));
  if (!cls) throw hidden();
  if (cls.teacherId === userId) return { cls, role: 'teacher', member: null };
  const member = await membershipOf(db, classId, userId);
  if (!member) throw hidden();
  return { cls, role: 'student', member };
}

/** An assignment of a class of teacher `userId`. @throws 404 otherwise. */
export async function ownedAssignment(
  db: Db | Tx,
  assignmentId: number,
  userId: number,
): Promise<{ assignment: AssignmentRow; cls: ClassRow }> {
  const [row] = await db
    .select({ assignment: teachingAssignments, cls: teachingClasses })
    .from(teachingAssignments)
    .innerJoin(teachingClasses, eq(teachingClasses.id, teachingAssignments.classId))
    .where(and(eq(teachingAssignments.id, assignmentId), eq(teachingClasses.teacherId, userId)));
  if (!row) throw hidden();
  return row;
}

/**
 * An assignment as `userId` may see it: the class's teacher always; an active member once it is
 * published (`publishAt` ≤ now). @throws 404 otherwise.
 */
export async function visibleAssignment(
  db: Db | Tx,
  assignmentId: number,
  userId: number,
  now: Date,
): Promise<{ assignment: AssignmentRow; cls: ClassRow; role: 'teacher' | 'student' }> {
  const [row] = await db
    .select({ assignment: teachingAssignments, cls: teachingClasses })
    .from(teachingAssignments)
    .innerJoin(teachingClasses, eq(teachingClasses.id, teachingAssignments.classId))
    .where(eq(teachingAssignments.id, assignmentId));
  if (!row) throw hidden();
  if (row.cls.teacherId === userId) return { ...row, role: 'teacher' };
  if (row.assignment.publishAt > now) throw hidden();
  if ((await membershipOf(db, row.cls.id, userId)) !== 'active') throw hidden();
  return { ...row, role: 'student' };
}

/** A submission in a class of teacher `userId`. @throws 404 otherwise. */
export async function ownedSubmission(
  db: Db | Tx,
  submissionId: number,
  userId: number,
): Promise<{ submission: SubmissionRow; assignment: AssignmentRow; cls: ClassRow }> {
  const [row] = await db
    .select({ submission: teachingSubmissions, assignment: teachingAssignments, cls: teachingClasses })
    .from(teachingSubmissions)
    .innerJoin(teachingAssignments, eq(teachingAssignments.id, teachingSubmissions.assignmentId))
    .innerJoin(teachingClasses, eq(teachingClasses.id, teachingAssignments.classId))
    .where(and(eq(teachingSubmissions.id, submissionId), eq(teachingClasses.teacherId, userId)));
  if (!row) throw hidden();
  return row;
}

/** Display name of an account: the real name when given, else the user name. */
export function displayName(u: { realName: string | null; userName: string }): string {
  return u.realName?.trim() || u.userName;
}
