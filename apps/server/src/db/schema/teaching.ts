/**
 * Smart teaching (docs/teaching.md): classes and their members, assignments with the questions copied
 * into them (`teaching_items.question` is the question as it was when the assignment was made, so a
 * later re-import of the bank does not change handed-out work), students' submissions and answers,
 * and the per-student wrong-question book (错题本).
 *
 * Erasure: a student's memberships, submissions (with answers) and wrong-question book go at account
 * cancellation; a teacher's classes go with everything in them (the class is the teacher's data;
 * students keep their wrong-question entries, detached from the assignment).
 */
import { sql } from 'drizzle-orm';
import {
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnswerResponse, QuestionDetail } from '@eav/contract';
import { dictionary } from './dictionary';
import { users } from './users';

/** A class (班级) of one teacher. `join_code` is unique among active classes. */
export const teachingClasses = pgTable(
  'teaching_classes',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    school: text('school').notNull(),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => dictionary.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => dictionary.id),
    editionId: integer('edition_id').references(() => dictionary.id),
    textbookId: integer('textbook_id'),
    joinCode: text('join_code').notNull(),
    /** auto | approve (JOIN_MODES) */
    joinMode: text('join_mode').notNull().default('auto'),
    joinOpen: boolean('join_open').notNull().default(true),
    /** active | archived (CLASS_STATUSES) */
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teaching_classes_join_code_uq')
      .on(t.joinCode)
      .where(sql`${t.status} = 'active'`),
    index('teaching_classes_teacher_idx').on(t.teacherId, t.createdAt),
  ],
);

/** A student of a class: `pending` until the teacher approves (join mode approve), else `active`. */
export const teachingMembers = pgTable(
  'teaching_members',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | active (MEMBER_STATUSES) */
    status: text('status').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index('teaching_members_user_idx').on(t.userId)],
);

/** An assignment of a class: reading (pages of a book), homework (items) or a resource to study. */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => teachingClasses.id, { onDelete: 'cascade' }),
    /** reading | homework | resource (ASSIGNMENT_KINDS) */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    instructions: text('instructions'),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    allowLate: boolean('allow_late').notNull().default(false),
    /** afterSubmit | afterDue (ANSWER_VISIBILITIES) */
    answerVisibility: text('answer_visibility').notNull().default('afterSubmit'),
    textbookId: integer('textbook_id'),
    chapterId: integer('chapter_id'),
    pageFrom: integer('page_from'),
    pageTo: integer('page_to'),
    resourceId: integer('resource_id'),
    itemCount: integer('item_count').notNull().default(0),
    maxScore: doublePrecision('max_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teaching_assignments_class_idx').on(t.classId, t.dueAt)],
);

/** A question of a homework assignment, copied from the bank at creation. */
export const teachingItems = pgTable(
  'teaching_items',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => teachingAssignments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: integer('question_id').notNull(),
    /** choice | fill | open (GRADING_MODES) */
    grading: text('grading').notNull(),
    blanks: integer('blanks').notNull().default(1),
    maxScore: doublePrecision('max_score').notNull(),
    question: jsonb('question').$type<QuestionDetail>().notNull(),
  },
  (t) => [uniqueIndex('teaching_items_position_uq').on(t.assignmentId, t.position)],
);

/** A student's work on an assignment (one row per student and assignment). */
export const teachingSubmissions = pgTable(
  'teaching_submissions',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => teachingAssignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** inProgress | submitted | returned | graded (SUBMISSION_STATUSES; notStarted has no row) */
    status: text('status').notNull().default('inProgress'),
    score: doublePrecision('score'),
    late: boolean('late').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    teacherComment: text('teacher_comment'),
    /** Reading: the pages the reader has shown (sorted, distinct). */
    pagesRead: integer('pages_read')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teaching_submissions_assignment_user_uq').on(t.assignmentId, t.userId),
    index('teaching_submissions_user_idx').on(t.userId),
  ],
);

/** The answer of a submission to one item, with its grade. */
export const teachingAnswers = pgTable(
  'teaching_answers',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => teachingSubmissions.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => teachingItems.id, { onDelete: 'cascade' }),
    response: jsonb('response').$type<AnswerResponse>().notNull(),
    correct: boolean('correct'),
    score: doublePrecision('score'),
    comment: text('comment'),
    /** auto | teacher; null while not graded. */
    gradedBy: text('graded_by'),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.itemId] }), index('teaching_answers_item_idx').on(t.itemId)],
);

/** 错题本: a question a student answered wrong in graded work (one row per student and question). */
export const teachingWrongQuestions = pgTable(
  'teaching_wrong_questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    grading: text('grading').notNull(),
    blanks: integer('blanks').notNull().default(1),
    question: jsonb('question').$type<QuestionDetail>().notNull(),
    assignmentId: integer('assignment_id').references(() => teachingAssignments.id, { onDelete: 'set null' }),
    lastResponse: jsonb('last_response').$type<AnswerResponse | null>(),
    wrongCount: integer('wrong_count').notNull().default(1),
    retryCount: integer('retry_count').notNull().default(0),
    mastered: boolean('mastered').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teaching_wrong_questions_user_question_uq').on(t.userId, t.questionId),
    index('teaching_wrong_questions_user_idx').on(t.userId, t.updatedAt),
  ],
);
