/**
 * Smart teacher training (智慧研修, docs/training.md): courses with modules of video lessons (each a
 * network-learning video), documents and a closing quiz of question-bank questions; teachers'
 * enrolments, per-lesson watching progress credited by heartbeats (`training_beats` holds each
 * user's heartbeat anchor), quiz attempts, and the completion certificates (结业证书).
 *
 * Erasure: enrolments, progress, anchors and attempts go at account cancellation; a certificate is
 * revoked and loses the holder (user id and name), keeping course, hours and date so that its code
 * still answers "revoked" rather than "unknown".
 */
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dictionary } from './dictionary';
import { videos } from './textbooks';
import { users } from './users';

/** One downloadable document of a course (an https link or an in-app path). */
export interface TrainingDocumentRow {
  title: string;
  url: string;
}

/** A course (研修课程). `code` is the operators' stable key (admin API and CLI upsert by it). */
export const trainingCourses = pgTable(
  'training_courses',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary'),
    lecturer: text('lecturer').notNull(),
    coverUrl: text('cover_url'),
    stageId: integer('stage_id')
      .notNull()
      .references(() => dictionary.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => dictionary.id),
    /** 学时 granted at completion. */
    creditHours: doublePrecision('credit_hours').notNull(),
    /** Quiz pass mark, percent of the questions answered right. */
    passMark: integer('pass_mark').notNull().default(60),
    /** Question-bank ids of the closing quiz, in order. */
    quizQuestionIds: jsonb('quiz_question_ids').$type<number[]>().notNull().default([]),
    documents: jsonb('documents').$type<TrainingDocumentRow[]>().notNull().default([]),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_courses_filter_idx').on(t.published, t.stageId, t.subjectId)],
);

export const trainingModules = pgTable(
  'training_modules',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('training_modules_course_idx').on(t.courseId, t.position)],
);

/** A video lesson: a network-learning video (null when that video was removed from the catalogue). */
export const trainingLessons = pgTable(
  'training_lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => trainingModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** Length of the video, seconds (copied from the video when the course is saved). */
    durationSec: integer('duration_sec').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('training_lessons_course_idx').on(t.courseId, t.position)],
);

export const trainingEnrolments = pgTable(
  'training_enrolments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    /** When every lesson was watched and the quiz passed: the hours were granted then. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    creditedHours: doublePrecision('credited_hours'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('training_enrolments_course_idx').on(t.courseId)],
);

export const trainingProgress = pgTable(
  'training_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => trainingLessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    /** Seconds credited by heartbeats, at most the lesson's length. */
    watchedSec: integer('watched_sec').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('training_progress_course_idx').on(t.userId, t.courseId),
  ],
);

/** Each user's heartbeat anchor (lib/heartbeat.ts), read and replaced under a row lock. */
export const trainingBeats = pgTable('training_beats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  session: text('session').notNull(),
  atMs: bigint('at_ms', { mode: 'number' }).notNull(),
  replaced: jsonb('replaced').$type<string[]>().notNull().default([]),
});

export const trainingAttempts = pgTable(
  'training_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => trainingCourses.id, { onDelete: 'cascade' }),
    /** Percent of the questions answered right. */
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    /** Question id → chosen option keys. */
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_attempts_user_course_idx').on(t.userId, t.courseId, t.createdAt)],
);

/**
 * A completion certificate. `code` is the public verification code (CSPRNG). Course title and hours
 * are copied at issue, so the certificate reads the same after the course changes.
 */
export const trainingCertificates = pgTable(
  'training_certificates',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    /** Null once the holder's account is cancelled. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => trainingCourses.id),
    /** The holder's name at issue; null once erased. */
    holderName: text('holder_name'),
    courseTitle: text('course_title').notNull(),
    creditHours: doublePrecision('credit_hours').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('training_certificates_user_idx').on(t.userId)],
);
