/**
 * The 大数据中心 rollups (docs/big-data.md, Rollups): triggers of migration 0016 append aggregated
 * deltas of the source tables to `big_data_deltas` in each writer's transaction; `refreshRollups`
 * folds the committed deltas into the rollup tables. Safe with several instances: the fold runs
 * under a transaction-level advisory lock (a second refresher finds it taken and returns at once),
 * and each delta row is consumed by its DELETE ... RETURNING, so no delta is ever counted twice.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/client';

/** Key of the advisory lock held while folding (any fixed bigint; "eavbd" in ASCII). */
export const ROLLUP_LOCK_KEY = 0x6561766264;

/** What one refresh did: delta rows folded, or `skipped` when another refresher held the lock. */
export interface RefreshResult {
  folded: number;
  skipped: boolean;
}

const SERIALIZATION_FAILURE = '40001';

function isSerializationFailure(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === SERIALIZATION_FAILURE) return true;
  }
  return false;
}

/**
 * Folds every committed delta into the rollups in one REPEATABLE READ transaction, so that a full
 * rebuild (requested when a book changes 学段 or is deleted) reads the source tables in the same
 * snapshot as the deltas it discards. Answers at once with `skipped` when another refresher (this
 * or another instance) holds the lock. A rare serialization failure (a refresher that committed
 * between this one's snapshot and its lock) is retried.
 */
export async function refreshRollups(db: Db): Promise<RefreshResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(
        async (tx) => {
          const [lock] = rowsOf<{ ok: boolean }>(
            await tx.execute(sql`select pg_try_advisory_xact_lock(${sql.raw(String(ROLLUP_LOCK_KEY))}) as ok`),
          );
          if (!lock?.ok) return { folded: 0, skipped: true };
          const [r] = rowsOf<{ n: string | number }>(await tx.execute(sql`select big_data_fold(true) as n`));
          return { folded: Number(r?.n ?? 0), skipped: false };
        },
        { isolationLevel: 'repeatable read' },
      );
    } catch (err) {
      if (attempt < 3 && isSerializationFailure(err)) continue;
      throw err;
    }
  }
}

/**
 * The rollups' part of an account's erasure, inside the cancellation's transaction and after the
 * other features erased the person's rows: folds the pending deltas (their deletions decrement
 * the readers, minutes, activations and downloads the person contributed, and drop the person
 * from the distinct-reader counts), then removes the person's active-user row and its count.
 * Waits for the lock, so no refresher folds at the same time.
 */
export async function eraseFromRollups(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ROLLUP_LOCK_KEY))})`);
  await tx.execute(sql`select big_data_fold(false)`);
  await tx.execute(
    sql`with x as (delete from big_data_active_users where user_id = ${userId} returning region, day)
        insert into big_data_active_by_region as r select region, day, -1 from x
        on conflict (region, day) do update set users = r.users - 1`,
  );
  await tx.execute(sql`delete from big_data_active_by_region where users = 0`);
}
