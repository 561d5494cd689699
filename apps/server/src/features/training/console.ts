/**
 * The console's 研修课程 section (docs/training.md, Console): the course table with its counts, a
 * saved course read back as the definition `saveCourse` takes, publication, and certificates looked
 * up by code with the holder's full name. Reads only; the routes write the audit rows.
 */
import {
  TrainingMessages,
  type AdminTrainingCertificate,
  type AdminTrainingCourseDetail,
  type AdminTrainingCourseRow,
  type AdminTrainingCoursesQuery,
} from '@eav/contract';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  dictionary,
  trainingCertificates,
  trainingCourses,
  trainingEnrolments,
  trainingLessons,
  trainingModules,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { canonicalCode } from './certificates';
import { courseModules } from './courses';

const stages = alias(dictionary, 'stage');
const subjects = alias(dictionary, 'subject');

/** `%` and `_` typed by the operator are matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function courseWhere(q: AdminTrainingCoursesQuery, id?: number): SQL | undefined {
  const conds: (SQL | undefined)[] = [id === undefined ? undefined : eq(trainingCourses.id, id)];
  if (q.q) {
    const like = `%${likeEscape(q.q)}%`;
    conds.push(
      or(ilike(trainingCourses.title, like), ilike(trainingCourses.code, like), ilike(trainingCourses.lecturer, like)),
    );
  }
  if (q.status) conds.push(eq(trainingCourses.published, q.status === 'published'));
  return and(...conds);
}

/** Number of rows matching the filters. */
export async function countAdminCourses(db: Db, q: AdminTrainingCoursesQuery): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(trainingCourses).where(courseWhere(q));
  return n;
}

/**
 * Courses matching the filters (or the one course `id`), newest change first, with module, lesson,
 * quiz, enrolment and pass counts.
 */
export async function listAdminCourses(
  db: Db,
  q: AdminTrainingCoursesQuery,
  limit: number,
  offset: number,
  id?: number,
): Promise<AdminTrainingCourseRow[]> {
  const c = trainingCourses;
  const rows = await db
    .select({
      id: c.id,
      code: c.code,
      title: c.title,
      stage: stages.name,
      subject: subjects.name,
      lecturer: c.lecturer,
      creditHours: c.creditHours,
      moduleCount: sql<number>`(select count(*) from ${trainingModules} m where m.course_id = ${c.id})::int`,
      lessonCount: sql<number>`(select count(*) from ${trainingLessons} l where l.course_id = ${c.id})::int`,
      quizCount: sql<number>`jsonb_array_length(${c.quizQuestionIds})::int`,
      enrolledCount: sql<number>`(select count(*) from ${trainingEnrolments} e where e.course_id = ${c.id})::int`,
      passedCount: sql<number>`(select count(*) from ${trainingEnrolments} e where e.course_id = ${c.id} and e.completed_at is not null)::int`,
      published: c.published,
      updatedAt: c.updatedAt,
    })
    .from(c)
    .innerJoin(stages, eq(stages.id, c.stageId))
    .innerJoin(subjects, eq(subjects.id, c.subjectId))
    .where(courseWhere(q, id))
    .orderBy(desc(c.updatedAt), desc(c.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    ...r,
    moduleCount: Number(r.moduleCount),
    lessonCount: Number(r.lessonCount),
    quizCount: Number(r.quizCount),
    enrolledCount: Number(r.enrolledCount),
    passedCount: Number(r.passedCount),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The course `id` as the definition `saveCourse` takes back, or null when there is none. */
export async function courseDefinition(db: Db | Tx, id: number): Promise<AdminTrainingCourseDetail | null> {
  const [row] = await db
    .select({ c: trainingCourses, stage: stages.name, subject: subjects.name })
    .from(trainingCourses)
    .innerJoin(stages, eq(stages.id, trainingCourses.stageId))
    .innerJoin(subjects, eq(subjects.id, trainingCourses.subjectId))
    .where(eq(trainingCourses.id, id));
  if (!row) return null;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(trainingEnrolments)
    .where(eq(trainingEnrolments.courseId, id));
  const modules = await courseModules(db as Db, id);
  const c = row.c;
  return {
    id: c.id,
    enrolledCount: n,
    definition: {
      code: c.code,
      title: c.title,
      ...(c.summary ? { summary: c.summary } : {}),
      lecturer: c.lecturer,
      ...(c.coverUrl ? { coverUrl: c.coverUrl } : {}),
      stage: row.stage,
      subject: row.subject,
      creditHours: c.creditHours,
      passMark: c.passMark,
      published: c.published,
      documents: c.documents,
      modules: modules.map((m) => ({
        title: m.title,
        // A lesson whose video left the catalogue has no video id; it is left out (saving needs one).
        lessons: m.lessons.flatMap((l) => (l.videoId === null ? [] : [{ title: l.title, videoId: l.videoId }])),
      })),
      quizQuestionIds: c.quizQuestionIds,
    },
  };
}

/** The id of the course `code`, or null. */
export async function courseIdOfCode(db: Db | Tx, code: string): Promise<number | null> {
  const [row] = await db.select({ id: trainingCourses.id }).from(trainingCourses).where(eq(trainingCourses.code, code));
  return row?.id ?? null;
}

/**
 * Publishes or takes down the course `id` inside `tx`; answers the state before and after.
 * @throws 404 when there is no such course.
 */
export async function setCoursePublished(
  tx: Tx,
  id: number,
  published: boolean,
  now: Date,
): Promise<{ code: string; before: boolean }> {
  const [row] = await tx
    .select({ code: trainingCourses.code, published: trainingCourses.published })
    .from(trainingCourses)
    .where(eq(trainingCourses.id, id))
    .for('update');
  if (!row) throw notFound(TrainingMessages.courseNotFound);
  if (row.published !== published)
    await tx.update(trainingCourses).set({ published, updatedAt: now }).where(eq(trainingCourses.id, id));
  return { code: row.code, before: row.published };
}

/** The certificate `raw` (any case, spaces or dashes) as operators see it. @throws 404 */
export async function adminCertificate(db: Db | Tx, raw: string): Promise<AdminTrainingCertificate> {
  const code = canonicalCode(raw);
  const [row] = code ? await db.select().from(trainingCertificates).where(eq(trainingCertificates.code, code)) : [];
  if (!row) throw notFound(TrainingMessages.certificateNotFound);
  return {
    code: row.code,
    status: row.revokedAt ? 'revoked' : 'valid',
    holderName: row.holderName,
    userId: row.userId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    creditHours: row.creditHours,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
  };
}
