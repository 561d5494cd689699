/**
 * A teacher's learning in a course (docs/training.md, Enrolment, Watching, Quiz, Completion):
 * enrolment, watching credited by heartbeats under the shared rule of lib/heartbeat.ts (the anchor
 * is a row of `training_beats`, read and replaced under a row lock, so parallel heartbeats never
 * credit an interval twice and every instance sees the same anchor), quiz attempts, and completion:
 * once every lesson is watched and the quiz passed, the course's hours are credited and the
 * certificate issued, once.
 */
import {
  TRAINING_LIMITS,
  TrainingMessages,
  type TrainingHeartbeatResult,
  type TrainingMyCourse,
  type TrainingQuizResult,
} from '@eav/contract';
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  trainingAttempts,
  trainingBeats,
  trainingCertificates,
  trainingCourses,
  trainingEnrolments,
  trainingLessons,
  trainingProgress,
  users,
} from '../../db/schema';
import { beat } from '../../lib/heartbeat';
import { badRequest, notFound } from '../../lib/errors';
import { issueCertificate } from './certificates';
import type { CourseRow } from './courses';
import { displayName, type QuestionLoader } from './options';
import { gradeQuiz } from './quiz';

export type EnrolmentRow = typeof trainingEnrolments.$inferSelect;

/** Seconds of a lesson of `durationSec` that complete it. */
export const secondsToComplete = (durationSec: number) =>
  Math.max(1, Math.floor(durationSec * TRAINING_LIMITS.watchedRatio));

/** Enrols `userId` in `courseId` (idempotent: enrolling again answers the enrolment). */
export async function enrol(db: Db, userId: number, courseId: number, now: Date): Promise<void> {
  await db.insert(trainingEnrolments).values({ userId, courseId, enrolledAt: now }).onConflictDoNothing();
}

/** The enrolment of `userId` in `courseId`, or undefined. */
export async function enrolmentOf(db: Db | Tx, userId: number, courseId: number): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingEnrolments)
    .where(and(eq(trainingEnrolments.userId, userId), eq(trainingEnrolments.courseId, courseId)));
  return row;
}

/** The enrolment or the 403-free answer the API gives to a teacher not enrolled (400 with a clear message). */
export async function requireEnrolment(db: Db | Tx, userId: number, courseId: number): Promise<EnrolmentRow> {
  const row = await enrolmentOf(db, userId, courseId);
  if (!row) throw badRequest(TrainingMessages.notEnrolled, 400);
  return row;
}

/** The caller's state in a course, or null when not enrolled. */
export async function myCourse(db: Db, userId: number, courseId: number): Promise<TrainingMyCourse | null> {
  const enrolment = await enrolmentOf(db, userId, courseId);
  if (!enrolment) return null;
  const progress = await db
    .select()
    .from(trainingProgress)
    .where(and(eq(trainingProgress.userId, userId), eq(trainingProgress.courseId, courseId)));
  const [attempts] = await db
    .select({
      n: count(),
      best: max(trainingAttempts.score),
      passed: sql<boolean>`coalesce(bool_or(${trainingAttempts.passed}), false)`,
    })
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.userId, userId), eq(trainingAttempts.courseId, courseId)));
  const [cert] = await db
    .select()
    .from(trainingCertificates)
    .where(and(eq(trainingCertificates.userId, userId), eq(trainingCertificates.courseId, courseId)))
    .orderBy(desc(trainingCertificates.issuedAt))
    .limit(1);
  return {
    enrolledAt: enrolment.enrolledAt.toISOString(),
    watched: Object.fromEntries(progress.map((p) => [String(p.lessonId), p.watchedSec])),
    completedLessonIds: progress.filter((p) => p.completedAt).map((p) => p.lessonId),
    attempts: attempts?.n ?? 0,
    bestScore: attempts?.best ?? null,
    quizPassed: Boolean(attempts?.passed),
    completedAt: enrolment.completedAt?.toISOString() ?? null,
    creditedHours: enrolment.creditedHours,
    certificate: cert
      ? { id: cert.id, code: cert.code, issuedAt: cert.issuedAt.toISOString(), revoked: cert.revokedAt !== null }
      : null,
  };
}

/**
 * Completes the enrolment when every lesson is watched and an attempt passed, inside `tx`:
 * credits the course's hours and issues the certificate. Answers whether the course is complete.
 */
async function completeIfDone(tx: Tx, userId: number, course: CourseRow, now: Date): Promise<boolean> {
  const [enrolment] = await tx
    .select()
    .from(trainingEnrolments)
    .where(and(eq(trainingEnrolments.userId, userId), eq(trainingEnrolments.courseId, course.id)))
    .for('update');
  if (!enrolment) return false;
  if (enrolment.completedAt) return true;
  const [lessons] = await tx
    .select({ n: count() })
    .from(trainingLessons)
    .where(eq(trainingLessons.courseId, course.id));
  const [done] = await tx
    .select({ n: count() })
    .from(trainingProgress)
    .innerJoin(trainingLessons, eq(trainingLessons.id, trainingProgress.lessonId))
    .where(
      and(
        eq(trainingProgress.userId, userId),
        eq(trainingLessons.courseId, course.id),
        sql`${trainingProgress.completedAt} is not null`,
      ),
    );
  const [passed] = await tx
    .select({ n: count() })
    .from(trainingAttempts)
    .where(
      and(
        eq(trainingAttempts.userId, userId),
        eq(trainingAttempts.courseId, course.id),
        eq(trainingAttempts.passed, true),
      ),
    );
  if ((lessons?.n ?? 0) === 0 || (done?.n ?? 0) < (lessons?.n ?? 0) || (passed?.n ?? 0) === 0) return false;
  await tx
    .update(trainingEnrolments)
    .set({ completedAt: now, creditedHours: course.creditHours })
    .where(and(eq(trainingEnrolments.userId, userId), eq(trainingEnrolments.courseId, course.id)));
  const [user] = await tx
    .select({ realName: users.realName, userName: users.userName })
    .from(users)
    .where(eq(users.id, userId));
  await issueCertificate(
    tx,
    {
      userId,
      courseId: course.id,
      holderName: user ? displayName(user) : '',
      courseTitle: course.title,
      creditHours: course.creditHours,
    },
    now,
  );
  return true;
}

/**
 * One heartbeat of `sessionId` playing `lessonId` (of an enrolled course) at `nowMs` by the server's
 * clock: applies the shared rule to the user's anchor and credits the seconds to the lesson, capped
 * at the lesson's length; completing the last lesson may complete the course.
 */
export async function heartbeat(
  db: Db,
  userId: number,
  lesson: typeof trainingLessons.$inferSelect,
  course: CourseRow,
  sessionId: string,
  nowMs: number,
): Promise<TrainingHeartbeatResult> {
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    await requireEnrolment(tx, userId, course.id);
    await tx
      .insert(trainingBeats)
      .values({ userId, session: sessionId, atMs: nowMs, replaced: [] })
      .onConflictDoNothing();
    // A fresh row stands for "no anchor yet": it was just written with this playback id at this
    // time, so the rule sees a heartbeat of the same playback with gap 0 and credits nothing.
    const [row] = await tx.select().from(trainingBeats).where(eq(trainingBeats.userId, userId)).for('update');
    const { anchor, result } = beat(
      row ? { session: row.session, at: Number(row.atMs), replaced: row.replaced } : null,
      sessionId,
      nowMs,
    );
    await tx
      .update(trainingBeats)
      .set({ session: anchor.session, atMs: anchor.at, replaced: anchor.replaced })
      .where(eq(trainingBeats.userId, userId));
    const credit = Math.floor(result.creditMs / 1000);
    const [before] = await tx
      .select()
      .from(trainingProgress)
      .where(and(eq(trainingProgress.userId, userId), eq(trainingProgress.lessonId, lesson.id)))
      .for('update');
    const watched = Math.min(lesson.durationSec, (before?.watchedSec ?? 0) + credit);
    const completes = !before?.completedAt && watched >= secondsToComplete(lesson.durationSec);
    const completedAt = before?.completedAt ?? (completes ? now : null);
    await tx
      .insert(trainingProgress)
      .values({ userId, lessonId: lesson.id, courseId: course.id, watchedSec: watched, completedAt, updatedAt: now })
      .onConflictDoUpdate({
        target: [trainingProgress.userId, trainingProgress.lessonId],
        set: { watchedSec: watched, completedAt, updatedAt: now },
      });
    const courseCompleted = completes ? await completeIfDone(tx, userId, course, now) : false;
    return {
      creditedSeconds: watched - (before?.watchedSec ?? 0),
      watchedSeconds: watched,
      durationSec: lesson.durationSec,
      lessonCompleted: completedAt !== null,
      active: result.active,
      courseCompleted,
    };
  });
}

/** The lesson `lessonId` with its course (published), or a 404. */
export async function findLesson(
  db: Db,
  lessonId: number,
): Promise<{ lesson: typeof trainingLessons.$inferSelect; course: CourseRow }> {
  const [row] = await db
    .select({ lesson: trainingLessons, course: trainingCourses })
    .from(trainingLessons)
    .innerJoin(trainingCourses, eq(trainingCourses.id, trainingLessons.courseId))
    .where(and(eq(trainingLessons.id, lessonId), eq(trainingCourses.published, true)));
  if (!row) throw notFound(TrainingMessages.lessonNotFound);
  return row;
}

/**
 * Records and grades a quiz attempt (answers keyed by quiz position, in the teacher's option order;
 * recorded in the questions' own keys by bank id); passing may complete the course.
 */
export async function submitQuiz(
  db: Db,
  userId: number,
  course: CourseRow,
  answers: Record<string, string[]>,
  questionDetails: QuestionLoader,
  now: Date,
  secret: string,
): Promise<TrainingQuizResult> {
  await requireEnrolment(db, userId, course.id);
  if (course.quizQuestionIds.length === 0) throw badRequest(TrainingMessages.noQuiz);
  const questions = await questionDetails(db, course.quizQuestionIds);
  const { score, correctIds, ownAnswers } = gradeQuiz(course.quizQuestionIds, questions, answers, {
    secret,
    courseId: course.id,
    userId,
  });
  const passed = score >= course.passMark;
  return db.transaction(async (tx) => {
    await tx
      .insert(trainingAttempts)
      .values({ userId, courseId: course.id, score, passed, answers: ownAnswers, createdAt: now });
    const [a] = await tx
      .select({ n: count() })
      .from(trainingAttempts)
      .where(and(eq(trainingAttempts.userId, userId), eq(trainingAttempts.courseId, course.id)));
    const courseCompleted = passed ? await completeIfDone(tx, userId, course, now) : false;
    return { score, passed, passMark: course.passMark, attempts: a?.n ?? 1, correctIds, courseCompleted };
  });
}
