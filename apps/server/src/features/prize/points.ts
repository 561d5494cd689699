/**
 * Points (积分) and reading time (docs/prize.md, Points). Every change of a user's points is one
 * transaction that first locks the user's `prize_participants` row (the per-user lock), appends to
 * the ledger under its unique (activity, user, reason, reference) key, and moves the running totals
 * of the participant row by exactly what the ledger accepted: a retried or parallel request whose
 * ledger rows already exist adds nothing.
 *
 * - Reading: seconds are credited per Beijing day and book within the day's and the book's caps
 *   by the reading store and written in batches (reading.ts, credits.ts); each full minute of the
 *   day earns `pointsPerMinute` under the reference `YYYY-MM-DD#N` (the N-th minute of that day).
 * - Tasks: the first activation of a recommended book and reading one to its last page during the
 *   activity with enough credited time in it (FINISH_SECONDS_PER_PAGE), once per book (reference:
 *   the book id), picked up from the textbook tables and the credited reading time.
 * - Draws spend points (negative amounts, reference: the draw id; draw.ts).
 */
import type { LedgerEntry, LedgerReason } from '@eav/contract';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import {
  prizeParticipants,
  prizePointsLedger,
  prizeReadingTime,
  readingProgress,
  textbooks,
  userTextbooks,
} from '../../db/schema';
import type { Activity } from './activities';

export interface Totals {
  points: number;
  available: number;
  draws: number;
  reachedAt: Date;
}

/** Creates the participant row if needed and locks it for the transaction; answers its totals. */
export async function lockParticipant(tx: Tx, activityId: number, userId: number, now: number): Promise<Totals> {
  // One statement: the upsert's no-op update takes the row lock and returns the current totals.
  const [row] = await tx
    .insert(prizeParticipants)
    .values({ activityId, userId, reachedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [prizeParticipants.activityId, prizeParticipants.userId],
      set: { points: sql`${prizeParticipants.points}` },
    })
    .returning({
      points: prizeParticipants.points,
      available: prizeParticipants.available,
      draws: prizeParticipants.draws,
      reachedAt: prizeParticipants.reachedAt,
    });
  return row!;
}

/** The user's totals without creating a participant (zeros when they have not joined). */
export async function totalsOf(db: Db, activityId: number, userId: number): Promise<Omit<Totals, 'reachedAt'>> {
  const [row] = await db
    .select({
      points: prizeParticipants.points,
      available: prizeParticipants.available,
      draws: prizeParticipants.draws,
    })
    .from(prizeParticipants)
    .where(and(eq(prizeParticipants.activityId, activityId), eq(prizeParticipants.userId, userId)));
  return row ?? { points: 0, available: 0, draws: 0 };
}

interface LedgerLine {
  reason: LedgerReason;
  reference: string;
  amount: number;
}

/**
 * Appends ledger lines (those whose key exists are skipped) and moves the participant's totals by
 * the sum of the lines accepted; a positive sum raises `points` and sets `reachedAt`. The caller
 * holds the participant lock. Answers the points accepted.
 */
export async function appendLedger(
  tx: Tx,
  activityId: number,
  userId: number,
  lines: LedgerLine[],
  now: number,
): Promise<number> {
  if (!lines.length) return 0;
  const at = new Date(now);
  const inserted = await tx
    .insert(prizePointsLedger)
    .values(lines.map((l) => ({ activityId, userId, ...l, createdAt: at })))
    .onConflictDoNothing()
    .returning({ amount: prizePointsLedger.amount });
  const sum = inserted.reduce((s, r) => s + r.amount, 0);
  if (sum > 0)
    await tx
      .update(prizeParticipants)
      .set({
        points: sql`${prizeParticipants.points} + ${sum}`,
        available: sql`${prizeParticipants.available} + ${sum}`,
        reachedAt: at,
      })
      .where(and(eq(prizeParticipants.activityId, activityId), eq(prizeParticipants.userId, userId)));
  return sum;
}

/**
 * Credited reading seconds per page that a finished-book award needs in that book during the
 * activity: the book counts as read to its last page only when the reader opened its last page
 * (reading_progress, which is free, so a page jump alone earns nothing) AND heartbeats credited at
 * least `page count × FINISH_SECONDS_PER_PAGE` seconds of reading it (prize_reading_time, earned in
 * real time). Why 20: a textbook page of text, figures and exercises takes a pupil longer than
 * that, so honest readers qualify, while a 100-page book still needs 33 credited minutes (under one
 * day's default per-book cap of 30 minutes plus a little of the next day). Pages credited as read
 * are `min(furthest page, credited seconds / 20)`; the award needs them to reach the page count.
 */
export const FINISH_SECONDS_PER_PAGE = 20;

/**
 * Awards the task points the user has earned and not yet received: recommended books first
 * activated, and recommended books read to the last page with enough credited reading time
 * (FINISH_SECONDS_PER_PAGE), during the activity (and before `now`). Answers the points added and
 * the totals after, or null when nothing was due.
 */
export async function syncTasks(
  db: Db,
  a: Activity,
  userId: number,
  now: number,
): Promise<{ gained: number; points: number; reachedAt: Date } | null> {
  if (!a.bookIds.length || (a.activationPoints <= 0 && a.finishBookPoints <= 0)) return null;
  const from = a.startAt;
  const until = new Date(Math.min(now + 1, a.endAt.getTime()));
  const [activated, finished] = await Promise.all([
    a.activationPoints > 0
      ? db
          .select({ id: userTextbooks.textbookId })
          .from(userTextbooks)
          .where(
            and(
              eq(userTextbooks.userId, userId),
              inArray(userTextbooks.textbookId, a.bookIds),
              gte(userTextbooks.activatedAt, from),
              lt(userTextbooks.activatedAt, until),
            ),
          )
      : Promise.resolve([]),
    a.finishBookPoints > 0
      ? db
          .select({ id: readingProgress.textbookId })
          .from(readingProgress)
          .innerJoin(textbooks, eq(textbooks.id, readingProgress.textbookId))
          .where(
            and(
              eq(readingProgress.userId, userId),
              inArray(readingProgress.textbookId, a.bookIds),
              gte(readingProgress.updatedAt, from),
              lt(readingProgress.updatedAt, until),
              // The server's page count (a client's is never stored as the book's); none: no award.
              isNotNull(textbooks.pageCount),
              // Rows older than furthest_page stand for it by their page (content.ts, saveProgress).
              gte(sql`greatest(${readingProgress.page}, ${readingProgress.furthestPage})`, textbooks.pageCount),
              gte(
                sql`(select coalesce(sum(${prizeReadingTime.seconds}), 0) from ${prizeReadingTime}
                     where ${prizeReadingTime.activityId} = ${a.id} and ${prizeReadingTime.userId} = ${userId}
                       and ${prizeReadingTime.textbookId} = ${readingProgress.textbookId})`,
                sql`${textbooks.pageCount} * ${FINISH_SECONDS_PER_PAGE}`,
              ),
            ),
          )
      : Promise.resolve([]),
  ]);
  const lines: LedgerLine[] = [
    ...activated.map((r) => ({ reason: 'activation' as const, reference: String(r.id), amount: a.activationPoints })),
    ...finished.map((r) => ({ reason: 'finishBook' as const, reference: String(r.id), amount: a.finishBookPoints })),
  ];
  if (!lines.length) return null;
  // Skip the transaction when every line is already in the ledger (the usual case).
  const known = await db
    .select({ reason: prizePointsLedger.reason, reference: prizePointsLedger.reference })
    .from(prizePointsLedger)
    .where(
      and(
        eq(prizePointsLedger.activityId, a.id),
        eq(prizePointsLedger.userId, userId),
        inArray(prizePointsLedger.reason, ['activation', 'finishBook']),
      ),
    );
  const have = new Set(known.map((k) => `${k.reason}:${k.reference}`));
  const due = lines.filter((l) => !have.has(`${l.reason}:${l.reference}`));
  if (!due.length) return null;
  return db.transaction(async (tx) => {
    const before = await lockParticipant(tx, a.id, userId, now);
    const gained = await appendLedger(tx, a.id, userId, due, now);
    return {
      gained,
      points: before.points + gained,
      reachedAt: gained > 0 ? new Date(now) : before.reachedAt,
    };
  });
}

/** Ledger lines for the user, newest first: reading summed per day, tasks by book, draws by prize. */
export async function ledgerOf(db: Db, activityId: number, userId: number, limit = 100): Promise<LedgerEntry[]> {
  const rows = rowsOf<{ reason: LedgerReason; detail: string | null; amount: number; created_at: string | Date }>(
    await db.execute(sql`
      select x.reason,
             case x.reason
               when 'reading' then x.key
               when 'draw' then (select g.name from prize_draws d join prize_groups g on g.id = d.awarded_group_id
                                 where d.id::text = x.key)
               else (select t.title from textbooks t where t.id::text = x.key)
             end as detail,
             sum(x.amount)::int as amount,
             max(x.created_at) as created_at
      from (
        select l.id, l.reason, l.amount, l.created_at,
               case when l.reason = 'reading' then split_part(l.reference, '#', 1) else l.reference end as key
        from prize_points_ledger l
        where l.activity_id = ${activityId} and l.user_id = ${userId}
      ) x
      group by x.reason, x.key
      order by max(x.created_at) desc, max(x.id) desc
      limit ${limit}`),
  );
  return rows.map((r) => ({
    reason: r.reason,
    detail: r.detail ?? '',
    amount: r.amount,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
