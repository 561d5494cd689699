/**
 * Write-behind of reading credits (decision 012): every FLUSH_INTERVAL_MS, or as soon as
 * FLUSH_MAX_ENTRIES credits were made since the last write, the pending records are claimed and
 * written in one transaction (credits.ts); the app's close writes what is left. One writer at a
 * time per instance (a queue), so a reader's own flush (before a draw, a statement or a load)
 * waits for a batch in progress that may hold their credits.
 *
 * A batch that fails is written record by record; records that still fail stay due and are tried
 * again (in process at the next tick, in Redis when their claim is stale), and are logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { writeCredits } from './credits';
import type { Claim, PendingCredit, ReadingStore } from './reading';

export const FLUSH_INTERVAL_MS = 1000;
export const FLUSH_MAX_ENTRIES = 2000;
/** Claims taken per flush at most (a failing claim comes back; never loop on it). */
const MAX_CLAIMS_PER_FLUSH = 8;

export class CreditFlusher {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private creditsSince = 0;

  constructor(
    private readonly db: Db,
    private readonly store: ReadingStore,
    private readonly log: FastifyBaseLogger,
    /** Real time (ms) for row stamps that have no time of their own. */
    private readonly clock: () => number,
  ) {}

  /** Starts the periodic flush (the timer does not keep the process alive). */
  start(intervalMs = FLUSH_INTERVAL_MS) {
    this.timer ??= setInterval(() => void this.flush().catch(() => {}), intervalMs);
    this.timer.unref();
  }

  /** Stops the periodic flush (credits stay pending until a flush or the close). */
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Counts a credit; starts a flush once enough are due. */
  noteCredit() {
    if (++this.creditsSince >= FLUSH_MAX_ENTRIES) void this.flush().catch(() => {});
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Writes every pending record; answers how many were written. */
  flush(): Promise<number> {
    return this.enqueue(async () => {
      this.creditsSince = 0;
      let written = 0;
      for (let i = 0; i < MAX_CLAIMS_PER_FLUSH; i++) {
        const claim = await this.store.claimAll();
        if (!claim) break;
        const failed = await this.write(claim);
        written += claim.entries.length - failed;
        if (failed) break;
      }
      return written;
    });
  }

  /** Writes the pending record of one reader (and waits for a batch in progress). */
  flushUser(activityId: number, userId: number): Promise<void> {
    return this.enqueue(async () => {
      const claim = await this.store.claimUser(activityId, userId);
      if (claim) await this.write(claim);
    });
  }

  /** Stops the timer and writes what is left (the app's close). */
  async close() {
    this.stop();
    await this.flush();
  }

  /** Writes a claim; answers the number of records that stay due. */
  private async write(claim: Claim): Promise<number> {
    const now = this.clock();
    try {
      await writeCredits(this.db, claim.entries, now);
      await this.store.settle(claim, []);
      return 0;
    } catch (err) {
      if (claim.entries.length === 1) {
        this.log.error({ err, records: 1 }, 'prize: reading credits not written, kept for the next attempt');
        await this.store.settle(claim, claim.entries);
        return 1;
      }
      const failed: PendingCredit[] = [];
      for (const e of claim.entries) {
        try {
          await writeCredits(this.db, [e], now);
        } catch {
          failed.push(e);
        }
      }
      if (failed.length)
        this.log.error(
          { err, records: failed.length },
          'prize: reading credits not written, kept for the next attempt',
        );
      await this.store.settle(claim, failed);
      return failed.length;
    }
  }
}
