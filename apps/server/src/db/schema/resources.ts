/**
 * Digital resources (docs/resources.md): downloadable materials attached to a textbook and a chapter
 * (or to nothing, e.g. a 高考 paper), their per-user daily view/download marks, and favourites.
 *
 * - `resources.storage_key` is a key of the storage interface (local disk under DATA_DIR now); it
 *   is null for a generated resource whose file is rendered on first request from `generator`
 *   (`{ kind: 'paper', paperId } | { kind: 'chapter', chapterId }`), identified by the unique
 *   `generator_key` so that the seed is idempotent.
 * - `chapter_id` points at a node of `textbook_chapters` (no foreign key: chapter trees are
 *   re-imported in place and a resource outlives a renamed node).
 * - Counters (`view_count`, `download_count`, `favorite_count`) are kept on the row so that sorting by
 *   downloads needs no aggregation; `resource_events` makes a view or download count once per user
 *   per day (its primary key), `resource_favorites` holds favourites.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
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
import { dictionary } from './dictionary';
import { textbooks } from './textbooks';
import { users } from './users';

/** What a generated resource is rendered from. */
export type ResourceGenerator = { kind: 'paper'; paperId: number } | { kind: 'chapter'; chapterId: number };

export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** One of RESOURCE_TYPES of @eav/contract. */
    type: text('type').notNull(),
    /** One of RESOURCE_FORMATS of @eav/contract. */
    format: text('format').notNull(),
    mime: text('mime').notNull(),
    /** Bytes of the stored file; null until a generated file is rendered. */
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    stageId: integer('stage_id')
      .notNull()
      .references(() => dictionary.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => dictionary.id),
    gradeId: integer('grade_id').references(() => dictionary.id),
    editionId: integer('edition_id').references(() => dictionary.id),
    volumeId: integer('volume_id').references(() => dictionary.id),
    textbookId: integer('textbook_id').references(() => textbooks.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id'),
    description: text('description'),
    /** public | login | activation (activation: owners of `textbook_id`). */
    access: text('access').notNull().default('login'),
    /** pending | published | rejected */
    status: text('status').notNull().default('published'),
    rejectReason: text('reject_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The teacher who uploaded it; null for resources the portal generated. */
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key'),
    generator: jsonb('generator').$type<ResourceGenerator>(),
    generatorKey: text('generator_key'),
    viewCount: integer('view_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resources_generator_key_uq').on(t.generatorKey),
    index('resources_published_idx')
      .on(t.stageId, t.subjectId, t.createdAt, t.id)
      .where(sql`${t.status} = 'published'`),
    index('resources_textbook_idx').on(t.textbookId, t.chapterId),
    index('resources_chapter_idx').on(t.chapterId),
    index('resources_uploader_idx').on(t.uploaderId, t.createdAt),
    index('resources_status_idx').on(t.status, t.createdAt),
  ],
);

/** A user's view or download of a resource on one (Beijing) day: the key makes it count once. */
export const resourceEvents = pgTable(
  'resource_events',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** view | download */
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.userId, t.kind, t.day] }),
    index('resource_events_user_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/** Favourites (收藏) of resources. */
export const resourceFavorites = pgTable(
  'resource_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resourceId] }),
    index('resource_favorites_user_idx').on(t.userId, t.createdAt),
  ],
);
