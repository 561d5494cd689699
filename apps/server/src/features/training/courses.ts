/**
 * Training courses (docs/training.md, Courses): saving a course definition (create or update by
 * code), the public list with 学段/学科 filters, and a course with its modules, lessons and documents.
 */
import {
  TrainingMessages,
  type TrainingCourseCard,
  type TrainingCourseDefinition,
  type TrainingCourseQuery,
} from '@eav/contract';
import { trainingCourseDefinition } from '@eav/contract';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { dictionary, trainingCourses, trainingEnrolments, trainingLessons, trainingModules } from '../../db/schema';
import { conflict, unprocessable } from '../../lib/errors';
import type { QuestionLoader, VideoSource } from './options';
import { isQuizQuestion } from './quiz';

export type CourseRow = typeof trainingCourses.$inferSelect;
type Definition = z.output<typeof trainingCourseDefinition>;

const stages = alias(dictionary, 'stage');
const subjects = alias(dictionary, 'subject');

/** The parts of a course an enrolled teacher's progress and hours depend on. */
function structureOf(
  hours: number,
  passMark: number,
  quiz: number[],
  modules: { lessons: { videoId: number | null }[] }[],
): string {
  return JSON.stringify([hours, passMark, quiz, modules.map((m) => m.lessons.map((l) => l.videoId))]);
}

/**
 * Creates the course `def.code` or updates it, in one transaction. Stage and subject are
 * dictionary names; lessons must name existing videos; quiz questions must be question-bank choice
 * questions with options. Once someone is enrolled, lessons (their videos), quiz, hours and pass
 * mark can no longer change (409): titles, texts, documents and publication can.
 * @throws 422 for unknown names, videos or unusable questions; 409 as above.
 */
export async function saveCourse(
  db: Db,
  input: TrainingCourseDefinition,
  deps: { questionDetails: QuestionLoader; videos: VideoSource },
  now: Date,
): Promise<{ id: number; code: string; created: boolean }> {
  const def: Definition = trainingCourseDefinition.parse(input);
  const dict = await db
    .select({ id: dictionary.id, kind: dictionary.kind, name: dictionary.name })
    .from(dictionary)
    .where(and(inArray(dictionary.kind, ['stage', 'subject']), inArray(dictionary.name, [def.stage, def.subject])));
  const stageId = dict.find((d) => d.kind === 'stage' && d.name === def.stage)?.id;
  const subjectId = dict.find((d) => d.kind === 'subject' && d.name === def.subject)?.id;
  if (!stageId || !subjectId) throw unprocessable(TrainingMessages.unknownDictionary);

  const videoIds = [...new Set(def.modules.flatMap((m) => m.lessons.map((l) => l.videoId)))];
  const durations = new Map<number, number>();
  for (const id of videoIds) {
    const v = await deps.videos.describe(db, id);
    if (!v) throw unprocessable(`${TrainingMessages.unknownVideo}：${id}`);
    durations.set(id, Math.max(1, v.durationSec ?? 0));
  }
  const questions = await deps.questionDetails(db, def.quizQuestionIds);
  for (const id of def.quizQuestionIds) {
    const q = questions.get(id);
    if (!q || !isQuizQuestion(q)) throw unprocessable(`${TrainingMessages.badQuestions}（题目 ${id}）`);
  }

  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(trainingCourses).where(eq(trainingCourses.code, def.code)).for('update');
    const fields = {
      title: def.title,
      summary: def.summary || null,
      lecturer: def.lecturer,
      coverUrl: def.coverUrl || null,
      stageId,
      subjectId,
      creditHours: def.creditHours,
      passMark: def.passMark,
      quizQuestionIds: def.quizQuestionIds,
      documents: def.documents,
      published: def.published,
      updatedAt: now,
    };
    let courseId: number;
    if (existing) {
      courseId = existing.id;
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(trainingEnrolments)
        .where(eq(trainingEnrolments.courseId, courseId));
      if (n > 0) {
        const lessons = await tx
          .select({ moduleId: trainingLessons.moduleId, videoId: trainingLessons.videoId })
          .from(trainingLessons)
          .innerJoin(trainingModules, eq(trainingModules.id, trainingLessons.moduleId))
          .where(eq(trainingLessons.courseId, courseId))
          .orderBy(asc(trainingModules.position), asc(trainingLessons.position));
        const modIds = [...new Set(lessons.map((l) => l.moduleId))];
        const stored = modIds.map((m) => ({ lessons: lessons.filter((l) => l.moduleId === m) }));
        if (
          structureOf(existing.creditHours, existing.passMark, existing.quizQuestionIds, stored) !==
          structureOf(def.creditHours, def.passMark, def.quizQuestionIds, def.modules)
        )
          throw conflict(TrainingMessages.structureLocked);
        await tx.update(trainingCourses).set(fields).where(eq(trainingCourses.id, courseId));
        // Same structure: titles are renamed in place, so progress stays with its lessons.
        const mods = await tx
          .select({ id: trainingModules.id })
          .from(trainingModules)
          .where(eq(trainingModules.courseId, courseId))
          .orderBy(asc(trainingModules.position));
        for (const [mi, m] of def.modules.entries()) {
          const mod = mods[mi]!;
          await tx.update(trainingModules).set({ title: m.title }).where(eq(trainingModules.id, mod.id));
          for (const [li, l] of m.lessons.entries())
            await tx
              .update(trainingLessons)
              .set({ title: l.title })
              .where(and(eq(trainingLessons.moduleId, mod.id), eq(trainingLessons.position, li)));
        }
        return { id: courseId, code: def.code, created: false };
      }
      await tx.update(trainingCourses).set(fields).where(eq(trainingCourses.id, courseId));
      await tx.delete(trainingModules).where(eq(trainingModules.courseId, courseId));
    } else {
      const [row] = await tx
        .insert(trainingCourses)
        .values({ code: def.code, ...fields, createdAt: now })
        .returning({ id: trainingCourses.id });
      courseId = row!.id;
    }
    for (const [mi, m] of def.modules.entries()) {
      const [mod] = await tx
        .insert(trainingModules)
        .values({ courseId, title: m.title, position: mi })
        .returning({ id: trainingModules.id });
      await tx.insert(trainingLessons).values(
        m.lessons.map((l, li) => ({
          courseId,
          moduleId: mod!.id,
          title: l.title,
          videoId: l.videoId,
          durationSec: durations.get(l.videoId)!,
          position: li,
        })),
      );
    }
    return { id: courseId, code: def.code, created: !existing };
  });
}

/** Cards of `ids` (any order in, card order = ids order); unpublished courses included. */
export async function courseCards(db: Db, ids: number[]): Promise<TrainingCourseCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      c: trainingCourses,
      stage: { id: stages.id, name: stages.name },
      subject: { id: subjects.id, name: subjects.name },
    })
    .from(trainingCourses)
    .innerJoin(stages, eq(stages.id, trainingCourses.stageId))
    .innerJoin(subjects, eq(subjects.id, trainingCourses.subjectId))
    .where(inArray(trainingCourses.id, ids));
  const lessonStats = await db
    .select({
      courseId: trainingLessons.courseId,
      n: count(),
      sec: sql<number>`coalesce(sum(${trainingLessons.durationSec}), 0)::int`,
    })
    .from(trainingLessons)
    .where(inArray(trainingLessons.courseId, ids))
    .groupBy(trainingLessons.courseId);
  const enrolStats = await db
    .select({ courseId: trainingEnrolments.courseId, n: count() })
    .from(trainingEnrolments)
    .where(inArray(trainingEnrolments.courseId, ids))
    .groupBy(trainingEnrolments.courseId);
  const byId = new Map(
    rows.map((r) => {
      const ls = lessonStats.find((s) => s.courseId === r.c.id);
      const card: TrainingCourseCard = {
        id: r.c.id,
        code: r.c.code,
        title: r.c.title,
        summary: r.c.summary,
        lecturer: r.c.lecturer,
        coverUrl: r.c.coverUrl,
        stage: r.stage,
        subject: r.subject,
        creditHours: r.c.creditHours,
        lessonCount: ls?.n ?? 0,
        durationSec: Number(ls?.sec ?? 0),
        enrolledCount: enrolStats.find((s) => s.courseId === r.c.id)?.n ?? 0,
      };
      return [r.c.id, card] as const;
    }),
  );
  return ids.map((id) => byId.get(id)).filter((c): c is TrainingCourseCard => c !== undefined);
}

/** Published courses matching the filters, newest first. */
export async function listCourses(
  db: Db,
  q: TrainingCourseQuery,
): Promise<{ items: TrainingCourseCard[]; total: number }> {
  const conds: SQL[] = [eq(trainingCourses.published, true)];
  if (q.stageId) conds.push(eq(trainingCourses.stageId, q.stageId));
  if (q.subjectId) conds.push(eq(trainingCourses.subjectId, q.subjectId));
  const where = and(...conds);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(trainingCourses).where(where);
  const ids = await db
    .select({ id: trainingCourses.id })
    .from(trainingCourses)
    .where(where)
    .orderBy(desc(trainingCourses.createdAt), desc(trainingCourses.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    items: await courseCards(
      db,
      ids.map((r) => r.id),
    ),
    total: n,
  };
}

/** A published course, or undefined. */
export async function publishedCourse(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingCourses)
    .where(and(eq(trainingCourses.id, id), eq(trainingCourses.published, true)));
  return row;
}

export type LessonRow = typeof trainingLessons.$inferSelect;

/** The course's modules with their lessons, in order. */
export async function courseModules(
  db: Db,
  courseId: number,
): Promise<{ id: number; title: string; lessons: LessonRow[] }[]> {
  const mods = await db
    .select()
    .from(trainingModules)
    .where(eq(trainingModules.courseId, courseId))
    .orderBy(asc(trainingModules.position));
  const lessons = await db
    .select()
    .from(trainingLessons)
    .where(eq(trainingLessons.courseId, courseId))
    .orderBy(asc(trainingLessons.position));
  return mods.map((m) => ({ id: m.id, title: m.title, lessons: lessons.filter((l) => l.moduleId === m.id) }));
}
