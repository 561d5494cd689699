/**
 * 智慧出版 (docs/publishing.md): announcements (出版动态), textbooks' printings (版次/印次) and
 * errata (勘误). Every write bumps the read cache's scope 'publishing' (migration 0015).
 */
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { textbooks } from './textbooks';

/** An announcement: Markdown body; `publishedAt` null = not published (a draft or taken down). */
export const publishingAnnouncements = pgTable(
  'publishing_announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publishing_announcements_published_idx').on(t.publishedAt, t.id)],
);

/** One printing of a textbook: 第 editionNo 版第 printingNo 次印刷. */
export const textbookPrintings = pgTable(
  'textbook_printings',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    editionNo: integer('edition_no').notNull(),
    printingNo: integer('printing_no').notNull(),
    printedOn: date('printed_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('textbook_printings_uq').on(t.textbookId, t.editionNo, t.printingNo)],
);

/** A 勘误 notice: on PDF page `page` (1-based) of a textbook, `original` should read `correction`. */
export const textbookErrata = pgTable(
  'textbook_errata',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    original: text('original').notNull(),
    correction: text('correction').notNull(),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('textbook_errata_book_idx').on(t.textbookId, t.page)],
);
