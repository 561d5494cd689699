/**
 * Reading credits in the database (docs/prize.md, Reading time and Points; decision 012): the
 * reader's day loaded on their first heartbeat of the day, and the batch writer of pending credits.
 *
 * A batch is one transaction. Every value it writes is absolute or keyed, so writing a batch
 * twice, or an older batch after a newer one, changes nothing:
 * - `prize_reading_time.seconds` becomes the greater of the stored and the pending seconds;
 * - reading points are ledger lines keyed `YYYY-MM-DD#N` (the N-th full minute of the day), skipped
 *   when they exist, and the participant totals move by exactly what the ledger accepted;
 * - `reached_at` becomes the later of the stored time and when the points rose.
 * Participant rows are locked first, in (activity, user) order, so batches of two instances and
 * draws never deadlock; readers whose account was cancelled meanwhile are skipped (and their rows
 * removed again), so a batch never brings back erased data.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prizeParticipants, prizePointsLedger, prizeReadingTime, users } from '../../db/schema';
import type { Activity } from './activities';
import { mergePending, type PendingCredit, type ReaderState } from './reading';

/** Rows per statement (well below PostgreSQL's 65,535 parameters). */
const CHUNK = 2000;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** The reader's `day` (seconds in all and per book) and points, as the database has them. */
export async function loadReaderDay(db: Db, a: Activity, userId: number, day: string): Promise<ReaderState> {
  const [rows, [p]] = await Promise.all([
    db
      .select({ textbookId: prizeReadingTime.textbookId, seconds: prizeReadingTime.seconds })
      .from(prizeReadingTime)
      .where(
        and(eq(prizeReadingTime.activityId, a.id), eq(prizeReadingTime.userId, userId), eq(prizeReadingTime.day, day)),
      ),
    db
      .select({
        points: prizeParticipants.points,
        available: prizeParticipants.available,
        reachedAt: prizeParticipants.reachedAt,
      })
      .from(prizeParticipants)
      .where(and(eq(prizeParticipants.activityId, a.id), eq(prizeParticipants.userId, userId))),
  ]);
  const books: Record<string, number> = {};
  for (const r of rows) books[String(r.textbookId)] = r.seconds;
  return {
    day,
    seconds: rows.reduce((s, r) => s + r.seconds, 0),
    books,
    points: p?.points ?? 0,
    available: p?.available ?? 0,
    reachedAt: p?.reachedAt.getTime() ?? 0,
  };
}

/** One record per reader (records of one reader merged), in (activity, user) order. */
function normalise(entries: PendingCredit[]): PendingCredit[] {
  const byKey = new Map<string, PendingCredit>();
  for (const e of entries) {
    const key = `${e.a}:${e.u}`;
    const had = byKey.get(key);
    byKey.set(key, had ? mergePending(had, e) : e);
  }
  return [...byKey.values()].sort((x, y) => x.a - y.a || x.u - y.u);
}

/**
 * Writes pending credits in one transaction (the rules above); `now` stamps rows that need a time
 * and have none. @throws what the database throws (the caller keeps the records due).
 */
export async function writeCredits(db: Db, entries: PendingCredit[], now: number): Promise<void> {
  let list = normalise(entries);
  if (!list.length) return;
  const userIds = [...new Set(list.map((e) => e.u))];
  await db.transaction(async (tx) => {
    const live = new Set(
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, userIds), ne(users.status, 'cancelled')))
      ).map((r) => r.id),
    );
    list = list.filter((e) => live.has(e.u));
    if (!list.length) return;
    // Create and lock the participant rows (the no-op update takes the row lock).
    for (const part of chunks(list))
      await tx
        .insert(prizeParticipants)
        .values(part.map((e) => ({ activityId: e.a, userId: e.u, reachedAt: new Date(e.r || now) })))
        .onConflictDoUpdate({
          target: [prizeParticipants.activityId, prizeParticipants.userId],
          set: { points: sql`${prizeParticipants.points}` },
        });
    // A cancellation that committed while we waited for a lock: its erasure wins.
    const gone = (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.status, 'cancelled')))
    ).map((r) => r.id);
    if (gone.length) {
      await tx.delete(prizeParticipants).where(inArray(prizeParticipants.userId, gone));
      list = list.filter((e) => !gone.includes(e.u));
      if (!list.length) return;
    }
    const times = list.flatMap((e) =>
      Object.entries(e.d).flatMap(([day, d]) =>
        Object.entries(d.b).map(([book, seconds]) => ({
          activityId: e.a,
          userId: e.u,
          day,
          textbookId: Number(book),
          seconds,
        })),
      ),
    );
    for (const part of chunks(times))
      await tx
        .insert(prizeReadingTime)
        .values(part)
        .onConflictDoUpdate({
          target: [
            prizeReadingTime.activityId,
            prizeReadingTime.userId,
            prizeReadingTime.day,
            prizeReadingTime.textbookId,
          ],
          set: { seconds: sql`greatest(${prizeReadingTime.seconds}, excluded.seconds)` },
        });
    const lines = list.flatMap((e) =>
      e.m > 0
        ? Object.entries(e.d).flatMap(([day, d]) => {
            const out = [];
            for (let n = Math.floor(d.f / 60) + 1; n <= Math.floor(d.s / 60); n++)
              out.push({
                activityId: e.a,
                userId: e.u,
                reason: 'reading' as const,
                reference: `${day}#${n}`,
                amount: e.m,
                createdAt: new Date(e.r || now),
              });
            return out;
          })
        : [],
    );
    const gained = new Map<string, { a: number; u: number; sum: number }>();
    for (const part of chunks(lines)) {
      const inserted = await tx
        .insert(prizePointsLedger)
        .values(part)
        .onConflictDoNothing()
        .returning({ a: prizePointsLedger.activityId, u: prizePointsLedger.userId, amount: prizePointsLedger.amount });
      for (const r of inserted) {
        const key = `${r.a}:${r.u}`;
        const g = gained.get(key) ?? { a: r.a, u: r.u, sum: 0 };
        g.sum += r.amount;
        gained.set(key, g);
      }
    }
    const reached = new Map(list.map((e) => [`${e.a}:${e.u}`, e.r || now]));
    const moves = [...gained.entries()].filter(([, g]) => g.sum > 0);
    for (const part of chunks(moves))
      await tx.execute(sql`
        update prize_participants p
        set points = p.points + v.s, available = p.available + v.s, reached_at = greatest(p.reached_at, v.at)
        from (values ${sql.join(
          part.map(
            ([key, g]) =>
              sql`(${g.a}::int, ${g.u}::int, ${g.sum}::int, ${new Date(reached.get(key)!).toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )}) as v(a, u, s, at)
        where p.activity_id = v.a and p.user_id = v.u`);
  });
}
