/**
 * Question bank (docs/question-bank.md): questions, knowledge points, papers, the chapter trees' extra
 * data and the chapter ↔ knowledge-point mapping, and per-user baskets and composed papers.
 *
 * For other features (read these tables, never import the question-bank feature's files):
 * - A chapter is a row of `textbook_chapters` (schema/textbooks.ts); its id stays the same across
 *   chapter-tree re-imports for a node with the same title path (`chapter_details.path_key`), so
 *   rows that point at a chapter stay attached.
 * - `chapter_knowledge_points(chapter_id, knowledge_point_id)` says which knowledge points a chapter
 *   teaches. It is computed at chapter and knowledge-point import: a chapter of a book maps to the
 *   knowledge points of the book's stage and subject whose name shares enough character pairs with the
 *   chapter's title (rule in docs/question-bank.md, Chapter ↔ knowledge-point mapping).
 * - The questions of a chapter: `questions` joined through `question_knowledge_points` to the
 *   knowledge point itself or any knowledge point below it (`knowledge_points.path` starts with the
 *   mapped node's path followed by `>`, same stage and subject).
 * - Every write to these tables bumps `catalogue_version` scope 'question-bank' (migration
 *   0009_question_bank), which in-memory search snapshots compare.
 */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dictionary } from './dictionary';
import { storedJsonb } from './json';
import { textbookChapters } from './textbooks';
import { users } from './users';

/** A knowledge point (知识点) of a stage and subject; `path` is the names from the root joined with `>`. */
export const knowledgePoints = pgTable(
  'knowledge_points',
  {
    id: serial('id').primaryKey(),
    /** Id in the source; null for parents created from a path. */
    externalId: text('external_id'),
    stageId: integer('stage_id')
      .notNull()
      .references(() => dictionary.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => dictionary.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    path: text('path').notNull(),
    depth: integer('depth').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('knowledge_points_path_uq').on(t.stageId, t.subjectId, t.path),
    index('knowledge_points_parent_idx').on(t.parentId),
  ],
);

/** A question (试题). `answer` is a string or an array of strings; `options` `[{key, text}]` or null. */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => dictionary.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => dictionary.id),
    /** 题型, one of QUESTION_TYPES of @eav/contract. */
    type: text('type').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<{ key: string; text: string }[] | null>(),
    answer: storedJsonb<string | string[]>('answer').notNull(),
    analysis: text('analysis'),
    passage: text('passage'),
    score: doublePrecision('score'),
    difficulty: smallint('difficulty'),
    year: smallint('year'),
    region: text('region'),
    source: text('source'),
    /** gaokao | practice (QUESTION_ORIGINS): 来源 filter of the cloud question bank. */
    origin: text('origin').notNull(),
    /** https image URLs of the question (shown by the web app; left out of exports). */
    images: jsonb('images').$type<string[] | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('questions_external_id_uq').on(t.externalId),
    index('questions_filter_idx').on(t.stageId, t.subjectId, t.type),
  ],
);

/** The knowledge points a question is tagged with (as imported; ancestors are implied by the path). */
export const questionKnowledgePoints = pgTable(
  'question_knowledge_points',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    knowledgePointId: integer('knowledge_point_id')
      .notNull()
      .references(() => knowledgePoints.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.knowledgePointId] }),
    index('question_knowledge_points_kp_idx').on(t.knowledgePointId),
  ],
);

/** A paper (试卷); its questions in `paper_questions`, `question_count`/`total_score` kept with them. */
export const papers = pgTable(
  'papers',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => dictionary.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => dictionary.id),
    gradeId: integer('grade_id').references(() => dictionary.id),
    /** 试卷类型, one of PAPER_TYPES of @eav/contract. */
    paperType: text('paper_type').notNull(),
    year: smallint('year'),
    region: text('region'),
    partial: boolean('partial').notNull().default(false),
    questionCount: integer('question_count').notNull().default(0),
    totalScore: doublePrecision('total_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('papers_external_id_uq').on(t.externalId), index('papers_filter_idx').on(t.stageId, t.subjectId)],
);

/** The questions of a paper in paper order (`position`), with their section, printed number and score. */
export const paperQuestions = pgTable(
  'paper_questions',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sectionIndex: integer('section_index').notNull(),
    sectionTitle: text('section_title').notNull(),
    number: integer('number').notNull(),
    score: doublePrecision('score'),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.position] }), index('paper_questions_question_idx').on(t.questionId)],
);

/**
 * What the chapter-tree import knows of a chapter beyond `textbook_chapters`: its title path (the key
 * that keeps the id across re-imports), the page kind and the printed flags.
 */
export const chapterDetails = pgTable('chapter_details', {
  chapterId: integer('chapter_id')
    .primaryKey()
    .references(() => textbookChapters.id, { onDelete: 'cascade' }),
  /** Titles from the root joined with U+241F (␟). */
  pathKey: text('path_key').notNull(),
  /** printed | pdf */
  pageKind: text('page_kind').notNull().default('printed'),
  pageInferred: boolean('page_inferred').notNull().default(false),
  starred: boolean('starred').notNull().default(false),
});

/** Which knowledge points a chapter teaches (computed at import; see the file comment). */
export const chapterKnowledgePoints = pgTable(
  'chapter_knowledge_points',
  {
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => textbookChapters.id, { onDelete: 'cascade' }),
    knowledgePointId: integer('knowledge_point_id')
      .notNull()
      .references(() => knowledgePoints.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.chapterId, t.knowledgePointId] }),
    index('chapter_knowledge_points_kp_idx').on(t.knowledgePointId),
  ],
);

/** A user's question basket (试题篮): user data, erased at account cancellation. */
export const basketItems = pgTable(
  'basket_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/** A paper a user composed (组卷): sections of `{questionId, score}`; user data. */
export const composedPapers = pgTable(
  'composed_papers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    sections: jsonb('sections')
      .$type<{ title: string; questions: { questionId: number; score: number }[] }[]>()
      .notNull(),
    questionCount: integer('question_count').notNull(),
    totalScore: doublePrecision('total_score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('composed_papers_user_idx').on(t.userId, t.createdAt)],
);
