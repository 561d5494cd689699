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
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { prizeParticipants, prizeReadingTime } from '../../db/schema';
import type { Activity } from './activities';
import { mergePending, type PendingCredit, type ReaderState } from './reading';

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

/** A Postgres `int[]` literal of the ids (`{1,2,3}`), bound as one text parameter. */
const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * Writes pending credits in one transaction (the rules above); `now` stamps rows that need a time
 * and have none. Each step is one statement whatever the batch size: the rows travel as one JSON
 * parameter read by `jsonb_to_recordset`, so neither the driver nor the database handles a
 * parameter per value. @throws what the database throws (the caller keeps the records due).
 */
export async function writeCredits(db: Db, entries: PendingCredit[], now: number): Promise<void> {
  let list = normalise(entries);
  if (!list.length) return;
  const userIds = intArray([...new Set(list.map((e) => e.u))]);
  await db.transaction(async (tx) => {
    const live = new Set(
      rowsOf<{ id: number }>(
        await tx.execute(sql`select id from users where id = any(${userIds}::int[]) and status <> 'cancelled'`),
      ).map((r) => Number(r.id)),
    );
    list = list.filter((e) => live.has(e.u));
    if (!list.length) return;
    // Create and lock the participant rows, in (activity, user) order (the no-op update takes the lock).
    const participants = list.map((e) => ({ a: e.a, u: e.u, at: new Date(e.r || now).toISOString() }));
    await tx.execute(sql`
      insert into prize_participants (activity_id, user_id, reached_at)
      select x.a, x.u, x.at from jsonb_to_recordset(${JSON.stringify(participants)}::jsonb) as x(a int, u int, at timestamptz)
      order by x.a, x.u
      on conflict (activity_id, user_id) do update set points = prize_participants.points`);
    // A cancellation that committed while we waited for a lock: its erasure wins.
    const gone = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from users where id = any(${userIds}::int[]) and status = 'cancelled'`),
    ).map((r) => Number(r.id));
    if (gone.length) {
      await tx.delete(prizeParticipants).where(inArray(prizeParticipants.userId, gone));
      list = list.filter((e) => !gone.includes(e.u));
      if (!list.length) return;
    }
    const times = list.flatMap((e) =>
      Object.entries(e.d).flatMap(([day, d]) =>
        Object.entries(d.b).map(([book, seconds]) => ({ a: e.a, u: e.u, day, b: Number(book), s: seconds })),
      ),
    );
    if (times.length)
      await tx.execute(sql`
        insert into prize_reading_time (activity_id, user_id, day, textbook_id, seconds)
        select x.a, x.u, x.day, x.b, x.s
        from jsonb_to_recordset(${JSON.stringify(times)}::jsonb) as x(a int, u int, day date, b int, s int)
        on conflict (activity_id, user_id, day, textbook_id)
        do update set seconds = greatest(prize_reading_time.seconds, excluded.seconds)`);
    const lines = list.flatMap((e) =>
      e.m > 0
        ? Object.entries(e.d).flatMap(([day, d]) => {
            const out = [];
            const at = new Date(e.r || now).toISOString();
            for (let n = Math.floor(d.f / 60) + 1; n <= Math.floor(d.s / 60); n++)
              out.push({ a: e.a, u: e.u, ref: `${day}#${n}`, amount: e.m, at });
            return out;
          })
        : [],
    );
    const gained = new Map<string, { a: number; u: number; sum: number }>();
    if (lines.length) {
      const inserted = rowsOf<{ a: number; u: number; amount: number }>(
        await tx.execute(sql`
          insert into prize_points_ledger (activity_id, user_id, reason, reference, amount, created_at)
          select x.a, x.u, 'reading', x.ref, x.amount, x.at
          from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(a int, u int, ref text, amount int, at timestamptz)
          on conflict do nothing
          returning activity_id as a, user_id as u, amount`),
      );
      for (const r of inserted) {
        const key = `${r.a}:${r.u}`;
        const g = gained.get(key) ?? { a: Number(r.a), u: Number(r.u), sum: 0 };
        g.sum += Number(r.amount);
        gained.set(key, g);
      }
    }
    const reached = new Map(list.map((e) => [`${e.a}:${e.u}`, e.r || now]));
    const moves = [...gained.entries()]
      .filter(([, g]) => g.sum > 0)
      .map(([key, g]) => ({ a: g.a, u: g.u, s: g.sum, at: new Date(reached.get(key)!).toISOString() }));
    if (moves.length)
      await tx.execute(sql`
        update prize_participants p
        set points = p.points + v.s, available = p.available + v.s, reached_at = greatest(p.reached_at, v.at)
        from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(a int, u int, s int, at timestamptz)
        where p.activity_id = v.a and p.user_id = v.u`);
  });
}
