/**
 * Dictionaries (学段 stage, 学科 subject, 年级 grade, 版本 edition, 出版社 publisher, 册次 volume)
 * and banners. Dictionary ids are what filters and foreign keys use; names are unique per kind.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const dictionary = pgTable(
  'dictionary',
  {
    id: serial('id').primaryKey(),
    /** One of DICT_KINDS of @eav/contract. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(1000),
    /** For grades: the stage they belong to (年级 → 学段); null elsewhere. */
    stageId: integer('stage_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dictionary_kind_name_uq').on(t.kind, t.name),
    index('dictionary_kind_idx').on(t.kind, t.sortOrder),
  ],
);

/** Which subjects are taught in which stage (`/dictionary/stage/{stageId}/subjects`). */
export const stageSubject = pgTable(
  'stage_subject',
  {
    stageId: integer('stage_id')
      .notNull()
      .references(() => dictionary.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => dictionary.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.stageId, t.subjectId] })],
);

/** Home page carousel entries; shown while `active` and inside the optional window. */
export const banner = pgTable(
  'banner',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    image: text('image').notNull(),
    link: text('link'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banner_active_idx')
      .on(t.active, t.sortOrder)
      .where(sql`${t.active}`),
  ],
);
