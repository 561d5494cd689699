/**
 * 大数据中心 rollups (docs/big-data.md, Rollups; migration 0016): deltas appended by triggers on the
 * source tables and the rollups `big_data_fold()` adds them into. The feature queries them with SQL
 * (features/big-data); these definitions keep the schema complete.
 */
import { bigint, bigserial, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { textbooks } from './textbooks';

/** Pending deltas: progress | active | reading | activation | download | registered | profile | rebuild. */
export const bigDataDeltas = pgTable('big_data_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  day: date('day', { mode: 'string' }),
  textbookId: integer('textbook_id'),
  stageId: integer('stage_id'),
  userId: integer('user_id'),
  resourceId: integer('resource_id'),
  region: text('region'),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
});

export const bigDataBookReaders = pgTable('big_data_book_readers', {
  textbookId: integer('textbook_id').primaryKey(),
  readers: bigint('readers', { mode: 'number' }).notNull(),
});

export const bigDataActivations = pgTable('big_data_activations', {
  day: date('day', { mode: 'string' }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

export const bigDataDownloads = pgTable('big_data_downloads', {
  resourceId: integer('resource_id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Users not cancelled per 地区 ('' = none). */
export const bigDataUsersByRegion = pgTable('big_data_users_by_region', {
  region: text('region').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

export const bigDataReadingDays = pgTable('big_data_reading_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  readers: bigint('readers', { mode: 'number' }).notNull().default(0),
});

export const bigDataReadingBooks = pgTable('big_data_reading_books', {
  textbookId: integer('textbook_id').primaryKey(),
  seconds: bigint('seconds', { mode: 'number' }).notNull(),
});

export const bigDataStageReaders = pgTable('big_data_stage_readers', {
  stageId: integer('stage_id').primaryKey(),
  readers: bigint('readers', { mode: 'number' }).notNull(),
});

/** Reading-time rows per (day, user): the reference counts behind the readers of a day. */
export const bigDataReaderDays = pgTable(
  'big_data_reader_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'big_data_reader_days_pk', columns: [t.day, t.userId] })],
);

/** Reading-time rows per (学段, user): the reference counts behind the readers of a stage. */
export const bigDataReaderStages = pgTable(
  'big_data_reader_stages',
  {
    stageId: integer('stage_id').notNull(),
    userId: integer('user_id').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'big_data_reader_stages_pk', columns: [t.stageId, t.userId] })],
);

/** Each active user's last Beijing day of saved reading progress and current 地区. */
export const bigDataActiveUsers = pgTable('big_data_active_users', {
  userId: integer('user_id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  region: text('region').notNull(),
});

export const bigDataActiveByRegion = pgTable(
  'big_data_active_by_region',
  {
    region: text('region').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    users: bigint('users', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'big_data_active_by_region_pk', columns: [t.region, t.day] })],
);

/**
 * Demo activity (migration 0025, docs/big-data.md): synthetic figures seeded with the demo content,
 * never folded from other tables; the overview adds them to the rollups and says so.
 */
export const bigDataDemoDays = pgTable('big_data_demo_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  activations: bigint('activations', { mode: 'number' }).notNull(),
  readingSeconds: bigint('reading_seconds', { mode: 'number' }).notNull(),
  readers: bigint('readers', { mode: 'number' }).notNull(),
});

/** Demo readers and reading seconds per book (deleted with the book). */
export const bigDataDemoBooks = pgTable('big_data_demo_books', {
  textbookId: integer('textbook_id')
    .primaryKey()
    .references(() => textbooks.id, { onDelete: 'cascade' }),
  readers: bigint('readers', { mode: 'number' }).notNull(),
  seconds: bigint('seconds', { mode: 'number' }).notNull(),
});

/** Demo users per 地区 and day: registered that day, and last active that day. */
export const bigDataDemoRegions = pgTable(
  'big_data_demo_regions',
  {
    region: text('region').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    registered: bigint('registered', { mode: 'number' }).notNull(),
    active: bigint('active', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'big_data_demo_regions_pk', columns: [t.region, t.day] })],
);

/** Demo downloads per resource type. */
export const bigDataDemoDownloads = pgTable('big_data_demo_downloads', {
  type: text('type').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
