/**
 * 浏览记录 (docs/api.md, 浏览记录): the latest opening of each item a user opened, one row per user and
 * item. Rows point at their item by kind and id without a foreign key (four tables); the list
 * drops entries whose item is gone.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const browseHistory = pgTable(
  'browse_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** textbook | resource | video | paper (BROWSE_KINDS) */
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.itemId] }),
    index('browse_history_user_idx').on(t.userId, t.viewedAt),
    check('browse_history_kind_check', sql`${t.kind} in ('textbook', 'resource', 'video', 'paper')`),
  ],
);
