/**
 * Classes, join codes and members (docs/teaching.md, Classes). Join codes are JOIN_CODE_LENGTH
 * characters of JOIN_CODE_ALPHABET drawn with `crypto.randomInt`, unique among active classes (a
 * partial unique index; a clash is retried with a fresh code).
 */
import { randomInt } from 'node:crypto';
import {
  ErrorCode,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  LIMITS,
  TeachingMessages,
  type ClassCreateBody,
  type ClassMember,
  type ClassSummary,
  type ClassUpdateBody,
  type JoinMode,
  type MemberStatus,
} from '@eav/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { dictionary, teachingClasses, teachingMembers, users } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { displayName, isUniqueViolation, ownedClass, type ClassRow } from './access';

const gradeDict = alias(dictionary, 'grade_dict');
const subjectDict = alias(dictionary, 'subject_dict');
const editionDict = alias(dictionary, 'edition_dict');
const T = LIMITS.teaching;

/** A fresh join code from the CSPRNG. */
export function newJoinCode(): string {
  let s = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) s += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return s;
}

/** Runs `write(code)` with fresh codes until one is not taken by another active class (at most 8 tries). */
async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(newJoinCode());
    } catch (err) {
      if (attempt < 8 && isUniqueViolation(err, 'teaching_classes_join_code_uq')) continue;
      throw err;
    }
  }
}

/** Classes as the viewer `viewerId` sees them, in the order of `ids`. */
export async function classSummaries(db: Db | Tx, ids: number[], viewerId: number): Promise<ClassSummary[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      c: teachingClasses,
      gradeName: gradeDict.name,
      subjectName: subjectDict.name,
      editionName: editionDict.name,
      teacherUserName: users.userName,
      teacherRealName: users.realName,
    })
    .from(teachingClasses)
    .innerJoin(gradeDict, eq(gradeDict.id, teachingClasses.gradeId))
    .innerJoin(subjectDict, eq(subjectDict.id, teachingClasses.subjectId))
    .leftJoin(editionDict, eq(editionDict.id, teachingClasses.editionId))
    .innerJoin(users, eq(users.id, teachingClasses.teacherId))
    .where(inArray(teachingClasses.id, ids));
  const counts = await db
    .select({ classId: teachingMembers.classId, status: teachingMembers.status, n: count() })
    .from(teachingMembers)
    .where(inArray(teachingMembers.classId, ids))
    .groupBy(teachingMembers.classId, teachingMembers.status);
  const mine = await db
    .select({ classId: teachingMembers.classId, status: teachingMembers.status })
    .from(teachingMembers)
    .where(and(inArray(teachingMembers.classId, ids), eq(teachingMembers.userId, viewerId)));
  const myStatus = new Map(mine.map((m) => [m.classId, m.status as MemberStatus]));
  const byId = new Map(rows.map((r) => [r.c.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const teacher = r.c.teacherId === viewerId;
    const n = (status: string) => counts.find((x) => x.classId === id && x.status === status)?.n ?? 0;
    return [
      {
        id,
        name: r.c.name,
        school: r.c.school,
        grade: { id: r.c.gradeId, name: r.gradeName },
        subject: { id: r.c.subjectId, name: r.subjectName },
        edition: r.c.editionId && r.editionName ? { id: r.c.editionId, name: r.editionName } : null,
        textbookId: r.c.textbookId,
        teacherName: displayName({ realName: r.teacherRealName, userName: r.teacherUserName }),
        status: r.c.status as ClassSummary['status'],
        joinMode: r.c.joinMode as JoinMode,
        joinOpen: r.c.joinOpen,
        joinCode: teacher ? r.c.joinCode : null,
        memberCount: teacher ? n('active') : null,
        pendingCount: teacher ? n('pending') : null,
        myStatus: teacher ? null : (myStatus.get(id) ?? null),
        myRole: teacher ? 'teacher' : 'student',
        createdAt: r.c.createdAt.toISOString(),
      } satisfies ClassSummary,
    ];
  });
}

/** The viewer's classes: owned ones first (newest first), then the ones joined (newest join first). */
export async function listClasses(db: Db, viewerId: number, status?: string): Promise<ClassSummary[]> {
  const owned = await db
    .select({ id: teachingClasses.id })
    .from(teachingClasses)
    .where(and(eq(teachingClasses.teacherId, viewerId), status ? eq(teachingClasses.status, status) : undefined))
    .orderBy(desc(teachingClasses.createdAt), desc(teachingClasses.id));
  const joined = await db
    .select({ id: teachingMembers.classId })
    .from(teachingMembers)
    .innerJoin(teachingClasses, eq(teachingClasses.id, teachingMembers.classId))
    .where(and(eq(teachingMembers.userId, viewerId), status ? eq(teachingClasses.status, status) : undefined))
    .orderBy(desc(teachingMembers.joinedAt));
  return classSummaries(
    db,
    [...owned, ...joined].map((r) => r.id),
    viewerId,
  );
}

/** Checks that the dictionary ids name entries of the right kinds. @throws 400 otherwise. */
async function assertDictionary(db: Db | Tx, body: Pick<ClassCreateBody, 'gradeId' | 'subjectId' | 'editionId'>) {
  const ids = [body.gradeId, body.subjectId, ...(body.editionId ? [body.editionId] : [])];
  const rows = await db
    .select({ id: dictionary.id, kind: dictionary.kind })
    .from(dictionary)
    .where(inArray(dictionary.id, ids));
  const kind = (id: number) => rows.find((r) => r.id === id)?.kind;
  if (kind(body.gradeId) !== 'grade') throw badRequest('请选择年级');
  if (kind(body.subjectId) !== 'subject') throw badRequest('请选择学科');
  if (body.editionId && kind(body.editionId) !== 'edition') throw badRequest('教材版本不正确');
}

/** Creates a class of teacher `teacherId`. @throws 409 TEACHING.LIMIT past LIMITS.teaching.classesPerTeacher. */
export async function createClass(db: Db, teacherId: number, body: ClassCreateBody, now: Date): Promise<number> {
  await assertDictionary(db, body);
  return db.transaction(async (tx) => {
    // Serialises one teacher's creations, so parallel requests cannot pass the count together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`teaching-class:${teacherId}`}))`);
    const [owned] = await tx
      .select({ n: count() })
      .from(teachingClasses)
      .where(eq(teachingClasses.teacherId, teacherId));
    if ((owned?.n ?? 0) >= T.classesPerTeacher)
      throw conflict(TeachingMessages.tooManyClasses, ErrorCode.TEACHING_LIMIT);
    return withFreshCode(async (code) => {
      // A savepoint, so a code clash can be retried inside the same transaction.
      const [row] = await tx.transaction((sp) =>
        sp
          .insert(teachingClasses)
          .values({
            teacherId,
            name: body.name,
            school: body.school,
            gradeId: body.gradeId,
            subjectId: body.subjectId,
            editionId: body.editionId ?? null,
            textbookId: body.textbookId ?? null,
            joinCode: code,
            joinMode: body.joinMode,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: teachingClasses.id }),
      );
      return row!.id;
    });
  });
}

/** Applies a class update of its teacher; reactivating an archived class draws a new code. */
export async function updateClass(db: Db, cls: ClassRow, body: ClassUpdateBody, now: Date): Promise<void> {
  const set: Partial<typeof teachingClasses.$inferInsert> = { updatedAt: now };
  if (body.name !== undefined) set.name = body.name;
  if (body.joinMode !== undefined) set.joinMode = body.joinMode;
  if (body.joinOpen !== undefined) set.joinOpen = body.joinOpen;
  if (body.status !== undefined) set.status = body.status;
  if (body.status === 'active' && cls.status === 'archived') {
    await withFreshCode((joinCode) =>
      db
        .update(teachingClasses)
        .set({ ...set, joinCode })
        .where(eq(teachingClasses.id, cls.id)),
    );
    return;
  }
  await db.update(teachingClasses).set(set).where(eq(teachingClasses.id, cls.id));
}

/** Draws a new join code for an active class (the old one stops working). @throws 409 when archived. */
export async function regenerateCode(db: Db, cls: ClassRow, now: Date): Promise<void> {
  if (cls.status !== 'active') throw conflict(TeachingMessages.archived, ErrorCode.TEACHING_ARCHIVED);
  await withFreshCode((joinCode) =>
    db.update(teachingClasses).set({ joinCode, updatedAt: now }).where(eq(teachingClasses.id, cls.id)),
  );
}

/**
 * `userId` joins the active class whose code is `code`. Joining again answers the current status.
 * @throws 404 TEACHING.CODE_INVALID for an unknown code, closed joining or an archived class,
 *   400 for the class's own teacher, 409 TEACHING.LIMIT when the class is full or the student is in
 *   LIMITS.teaching.classesPerStudent classes.
 */
export async function joinClass(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<{ classId: number; status: MemberStatus }> {
  const [cls] = await db
    .select()
    .from(teachingClasses)
    .where(and(eq(teachingClasses.joinCode, code), eq(teachingClasses.status, 'active')));
  if (!cls || !cls.joinOpen) throw notFoundCode();
  if (cls.teacherId === userId) throw badRequest(TeachingMessages.teacherCannotJoin);
  return db.transaction(async (tx) => {
    // One lock per class: the member count cannot be passed by parallel joins.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`teaching-join:${cls.id}`}))`);
    const [existing] = await tx
      .select({ status: teachingMembers.status })
      .from(teachingMembers)
      .where(and(eq(teachingMembers.classId, cls.id), eq(teachingMembers.userId, userId)));
    if (existing) return { classId: cls.id, status: existing.status as MemberStatus };
    const [[inClass], [mine]] = await Promise.all([
      tx.select({ n: count() }).from(teachingMembers).where(eq(teachingMembers.classId, cls.id)),
      tx.select({ n: count() }).from(teachingMembers).where(eq(teachingMembers.userId, userId)),
    ]);
    if ((inClass?.n ?? 0) >= T.membersMax) throw conflict(TeachingMessages.classFull, ErrorCode.TEACHING_LIMIT);
    if ((mine?.n ?? 0) >= T.classesPerStudent) throw conflict(TeachingMessages.tooManyJoined, ErrorCode.TEACHING_LIMIT);
    const status: MemberStatus = cls.joinMode === 'approve' ? 'pending' : 'active';
    await tx.insert(teachingMembers).values({ classId: cls.id, userId, status, joinedAt: now }).onConflictDoNothing();
    return { classId: cls.id, status };
  });
}

function notFoundCode() {
  return new AppError(404, ErrorCode.TEACHING_CODE_INVALID, TeachingMessages.codeInvalid);
}

/** Members of a class, pending requests first, then by join time. */
export async function listMembers(db: Db, classId: number): Promise<ClassMember[]> {
  const rows = await db
    .select({
      userId: teachingMembers.userId,
      status: teachingMembers.status,
      joinedAt: teachingMembers.joinedAt,
      userName: users.userName,
      realName: users.realName,
    })
    .from(teachingMembers)
    .innerJoin(users, eq(users.id, teachingMembers.userId))
    .where(eq(teachingMembers.classId, classId))
    .orderBy(desc(teachingMembers.status), asc(teachingMembers.joinedAt), asc(teachingMembers.userId));
  return rows.map((r) => ({
    userId: r.userId,
    name: displayName(r),
    status: r.status as MemberStatus,
    joinedAt: r.joinedAt.toISOString(),
  }));
}

/** Approves a pending member of a class of `teacherId`. @throws 404 when not a member. */
export async function approveMember(db: Db, teacherId: number, classId: number, userId: number): Promise<ClassMember> {
  await ownedClass(db, classId, teacherId);
  const updated = await db
    .update(teachingMembers)
    .set({ status: 'active' })
    .where(and(eq(teachingMembers.classId, classId), eq(teachingMembers.userId, userId)))
    .returning({ userId: teachingMembers.userId });
  if (!updated.length) throw notFound('该学生不在班级中');
  return (await listMembers(db, classId)).find((m) => m.userId === userId)!;
}

/**
 * Removes `userId` from `classId`: by the class's teacher, or by the student themself (leaving).
 * Their work in the class stays until the class or their account goes. @throws 404 otherwise.
 */
export async function removeMember(db: Db, callerId: number, classId: number, userId: number): Promise<void> {
  if (callerId !== userId) await ownedClass(db, classId, callerId);
  const gone = await db
    .delete(teachingMembers)
    .where(and(eq(teachingMembers.classId, classId), eq(teachingMembers.userId, userId)))
    .returning({ userId: teachingMembers.userId });
  if (!gone.length) throw notFound('该学生不在班级中');
}
