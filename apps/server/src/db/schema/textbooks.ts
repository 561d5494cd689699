/**
 * Digital textbooks (docs/textbooks.md): catalogue, chapter trees, activation codes, what users own,
 * reading progress, reader marks and network-learning videos.
 */
import type { ReaderMarkAnchor } from '@eav/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { dictionary } from './dictionary';
import { storedJsonb } from './json';
import { users } from './users';

export const textbooks = pgTable(
  'textbooks',
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
    editionId: integer('edition_id')
      .notNull()
      .references(() => dictionary.id),
    publisherId: integer('publisher_id').references(() => dictionary.id),
    gradeId: integer('grade_id').references(() => dictionary.id),
    volumeId: integer('volume_id').references(() => dictionary.id),
    /** Bytes of the book file in the source catalogue. */
    fileSize: bigint('file_size', { mode: 'number' }),
    coverUrl: text('cover_url'),
    /** Source URL of the PDF from the import (never served raw). */
    fileUrl: text('file_url'),
    /** Key of a locally stored PDF under DATA_DIR (seeded demo books, imported relative paths). */
    fileKey: text('file_key'),
    /** Key of a locally stored cover image under DATA_DIR (imported relative paths). */
    coverKey: text('cover_key'),
    pageCount: integer('page_count'),
    /** public | login | activation */
    access: text('access').notNull().default('activation'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('textbooks_external_id_uq').on(t.externalId),
    // Also the catalogue's display order (stage, subject, edition, grade, volume, id).
    index('textbooks_filter_idx').on(t.stageId, t.subjectId, t.editionId, t.gradeId, t.volumeId, t.id),
    index('textbooks_subject_idx').on(t.subjectId),
    index('textbooks_edition_idx').on(t.editionId),
    index('textbooks_grade_idx').on(t.gradeId),
    index('textbooks_publisher_idx').on(t.publisherId),
  ],
);

/** Chapter tree of a textbook: `parentId` null at the top, `page` is the 1-based PDF page. */
export const textbookChapters = pgTable(
  'textbook_chapters',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    page: integer('page'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('textbook_chapters_book_idx').on(t.textbookId, t.sortOrder)],
);

/** Activation codes: 16 characters, stored as SHA-256, single-use, optional expiry. */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    batch: text('batch'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The console batch the code belongs to (docs/console.md); null for codes made before batches. */
    batchId: integer('batch_id').references(() => activationBatches.id, { onDelete: 'set null' }),
    /** A voided code no longer activates anything (redeemed codes keep their book). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('activation_codes_hash_uq').on(t.codeHash),
    index('activation_codes_textbook_idx').on(t.textbookId),
    index('activation_codes_batch_idx').on(t.batchId),
  ],
);

/** Batches of activation codes created in the console: book, size, expiry, creator, voiding. */
export const activationBatches = pgTable(
  'activation_batches',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('activation_batches_textbook_idx').on(t.textbookId, t.createdAt)],
);

/** Failed activation attempts, counted per user per hour for the rate limit. */
export const activationFailures = pgTable(
  'activation_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activation_failures_user_idx').on(t.userId, t.createdAt)],
);

/** Textbooks a user owns (activated by code, or added when free). */
export const userTextbooks = pgTable(
  'user_textbooks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    /** code | free */
    source: text('source').notNull().default('code'),
    activationCodeId: bigint('activation_code_id', { mode: 'number' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.textbookId] }),
    index('user_textbooks_user_idx').on(t.userId, t.activatedAt),
  ],
);

/**
 * Where a user stopped reading a textbook. `page` is the current page (free: any page, e.g. through
 * the table of contents, for "continue where you left off"); `furthestPage` the furthest page opened.
 * Neither earns anything by itself: a finished-book award also needs credited reading time
 * (docs/prize.md, Points).
 */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    /** The furthest page opened (never lowered; clamped to the server's page count). */
    furthestPage: integer('furthest_page').notNull().default(0),
    /** The server's page count of the book when the progress was saved (never the client's). */
    totalPages: integer('total_pages'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.textbookId] })],
);

/**
 * A user's reader marks (书签, 划线, 笔记; docs/reader.md, Marks). The id is the client's UUID, so a mark
 * made offline is stored once however often it is sent. `client_updated_at` is the client's time of
 * the edit held (last writer wins on it), `updated_at` the server's time of the last change (what a
 * sync's `since` compares with). A delete keeps the row as a tombstone (`deleted_at`, anchor and note
 * removed) so that the user's other devices learn of it.
 */
export const readerMarks = pgTable(
  'reader_marks',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    /** bookmark | highlight | note (READER_MARK_KINDS) */
    kind: text('kind').notNull(),
    page: integer('page').notNull(),
    /** A highlight's colour (READER_MARK_COLORS); null for the other kinds. */
    color: text('color'),
    /** The passage in the page's text: quote, prefix and suffix context, [start, end) offsets. */
    anchor: storedJsonb<ReaderMarkAnchor>('anchor'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    clientUpdatedAt: timestamp('client_updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('reader_marks_user_book_idx').on(t.userId, t.textbookId),
    index('reader_marks_user_updated_idx').on(t.userId, t.updatedAt),
    check('reader_marks_kind_check', sql`${t.kind} in ('bookmark', 'highlight', 'note')`),
    check('reader_marks_color_check', sql`${t.color} in ('yellow', 'green', 'blue', 'pink')`),
    check('reader_marks_page_check', sql`${t.page} >= 1`),
  ],
);

/** Network-learning audio/video lessons attached to a textbook and optionally a chapter. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').references(() => textbookChapters.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** video | audio */
    kind: text('kind').notNull().default('video'),
    durationSec: integer('duration_sec'),
    /** Key of the MP4 file under DATA_DIR, or an http(s) URL. */
    source: text('source').notNull(),
    /** Key of the HLS playlist (`.m3u8`) under DATA_DIR; its segments sit beside it. */
    hlsSource: text('hls_source'),
    /** Key of the poster image under DATA_DIR, or an http(s) URL. */
    posterUrl: text('poster_url'),
    description: text('description'),
    /** public | login | activation (activation: owners of the textbook). */
    access: text('access').notNull().default('public'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('videos_textbook_idx').on(t.textbookId, t.sortOrder), index('videos_chapter_idx').on(t.chapterId)],
);

/**
 * One row per catalogue scope ('textbooks'): `version` is bumped by a statement trigger on every
 * write to `textbooks` or `dictionary` (migration textbooks_version_trigger), so every process,
 * including the import CLI, invalidates in-memory catalogue caches by comparing one integer.
 */
export const catalogueVersion = pgTable('catalogue_version', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
