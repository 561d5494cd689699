/**
 * Prize reading activity (docs/prize.md): activities and their recommended books, prize groups with
 * stock, participants (running point totals), reading seconds per day and book, the append-only
 * points ledger and the append-only draw audit. PostgreSQL is the truth; the ranking served from
 * Redis or memory is rebuilt from `prize_participants`.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { textbooks } from './textbooks';
import { users } from './users';

/** An activity definition (docs/prize.md, Activity definition); its rules are frozen once it has started. */
export const prizeActivities = pgTable(
  'prize_activities',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** Markdown. */
    rules: text('rules').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    bannerImage: text('banner_image'),
    dailyCapSeconds: integer('daily_cap_seconds').notNull(),
    perBookCapSeconds: integer('per_book_cap_seconds').notNull(),
    pointsPerMinute: integer('points_per_minute').notNull(),
    activationPoints: integer('activation_points').notNull().default(0),
    finishBookPoints: integer('finish_book_points').notNull().default(0),
    drawCost: integer('draw_cost').notNull(),
    perUserPrizeLimit: integer('per_user_prize_limit').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prize_activities_code_uq').on(t.code),
    index('prize_activities_window_idx').on(t.startAt, t.endAt),
    check('prize_activities_window_ck', sql`${t.startAt} < ${t.endAt}`),
  ],
);

/** Recommended books of an activity, in display order. */
export const prizeActivityBooks = pgTable(
  'prize_activity_books',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => prizeActivities.id, { onDelete: 'cascade' }),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.textbookId] })],
);

/** Prize groups: published quantity and weight, and the stock left (never below zero). */
export const prizeGroups = pgTable(
  'prize_groups',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => prizeActivities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    stock: integer('stock').notNull(),
    weight: integer('weight').notNull(),
    fallback: boolean('fallback').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('prize_groups_activity_idx').on(t.activityId, t.sortOrder),
    check('prize_groups_stock_ck', sql`${t.stock} >= 0`),
  ],
);

/**
 * A user's running totals in an activity, kept in step with the ledger in the same transactions:
 * `points` earned (the ranking's score, reached at `reachedAt`), `available` to spend, `draws` made.
 * The row is also the per-user lock of crediting and drawing.
 */
export const prizeParticipants = pgTable(
  'prize_participants',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => prizeActivities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    available: integer('available').notNull().default(0),
    draws: integer('draws').notNull().default(0),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.userId] }),
    index('prize_participants_rank_idx').on(t.activityId, t.points, t.reachedAt),
    check('prize_participants_available_ck', sql`${t.available} >= 0`),
  ],
);

/** Reading seconds credited per user, Beijing day and book. */
export const prizeReadingTime = pgTable(
  'prize_reading_time',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => prizeActivities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId, t.day, t.textbookId] })],
);

/**
 * Append-only points ledger (an UPDATE is refused by a trigger): one row per reason and reference
 * (a minute of reading `2026-11-23#12`, a book id, a draw id), so a retried credit never counts twice.
 */
export const prizePointsLedger = pgTable(
  'prize_points_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => prizeActivities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** reading | activation | finishBook | draw */
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prize_points_ledger_key_uq').on(t.activityId, t.userId, t.reason, t.reference),
    index('prize_points_ledger_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Append-only draw audit (a trigger refuses changes other than erasing the user): the random value
 * out of the total weight, the drawn and the awarded group, and the stock before and after.
 */
export const prizeDraws = pgTable(
  'prize_draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => prizeActivities.id, { onDelete: 'cascade' }),
    /** Null once the user's account was cancelled (the draw still counts against the stock). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    drawnGroupId: integer('drawn_group_id').notNull(),
    awardedGroupId: integer('awarded_group_id').notNull(),
    randomValue: integer('random_value').notNull(),
    totalWeight: integer('total_weight').notNull(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    fallback: boolean('fallback').notNull().default(false),
    cost: integer('cost').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prize_draws_user_idx').on(t.activityId, t.userId),
    uniqueIndex('prize_draws_request_uq').on(t.activityId, t.userId, t.requestId),
  ],
);
