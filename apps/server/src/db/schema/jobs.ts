/**
 * The job queue's rows (lib/job-queue.ts, docs/decisions/021-job-queue.md): one per background job,
 * claimed by one worker at a time under a lease, kept an hour after it ended.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const backgroundJobs = pgTable(
  'background_jobs',
  {
    /** A UUID (imports) or `<task>@<period>` (periodic tasks: one row per period). */
    id: text('id').primaryKey(),
    /** The handler that runs it (`import`, `uploads.sweep`, …). */
    queue: text('queue').notNull(),
    /** The operator of a console import (one queued or running job each). */
    ownerId: integer('owner_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    /** Runs started, the current one included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** While running: the end of its runner's lease (app clock); past it, another worker may claim it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** What the handler answered, or `{ error }` for a failed job. */
    result: jsonb('result').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('background_jobs_due_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('background_jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
    uniqueIndex('background_jobs_owner_idx')
      .on(t.queue, t.ownerId)
      .where(sql`${t.ownerId} is not null and ${t.status} in ('queued', 'running')`),
    check('background_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
