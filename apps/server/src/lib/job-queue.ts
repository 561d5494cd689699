/**
 * The job queue (docs/decisions/021-job-queue.md): background work kept in the app's own database
 * (`background_jobs`, PGlite or PostgreSQL alike), run once across instances and run again on another
 * instance when the one running it stops.
 *
 * - A worker claims one due row at a time (`FOR UPDATE SKIP LOCKED`, so two workers never take the
 *   same row) and holds it by a lease of LEASE_MS on the app clock, renewed every RENEW_MS while the
 *   handler runs. A row whose lease ran out (its instance died) is due again, up to `maxAttempts`
 *   runs; then it is given up (`onGiveUp`). A handler that throws fails its job at once: retries are
 *   for lost runners, not for bad input.
 * - The end of a run is written only while the run still holds its row (`attempts` as a fence), so a
 *   runner that was taken for dead and finishes late changes nothing; `onEnd` follows the written end.
 * - Periodic tasks (`every`) are one row per period (`<name>@<period index>`, inserted by whichever
 *   instance gets there first), so a period's run happens once across instances and is retried like
 *   any job.
 * - Each instance polls every POLL_MS (real time) and at once after it queues a job; the claim, the
 *   lease and the periods follow the app clock, so tests move it instead of waiting.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../db/client';

/** How long a claim holds without renewal (ms): past it the job is due again. */
export const LEASE_MS = 30_000;
/** Time between two renewals of a running job's lease (ms). */
export const RENEW_MS = 5_000;
/** Time between two polls of an instance (ms, real time). */
export const POLL_MS = 1_000;
/** How long an ended job stays readable (ms on the app clock). */
export const RETAIN_MS = 60 * 60 * 1000;
/** Runs of one queue at once in one instance. */
const PER_QUEUE = 2;
/** Runs of a periodic task's period at most (the first and two retries). */
const PERIODIC_ATTEMPTS = 3;

/** A claimed job as its handler sees it. */
export interface QueuedJob {
  id: string;
  queue: string;
  ownerId: number | null;
  payload: Record<string, unknown>;
  /** This run's number, 1 for the first. */
  attempt: number;
  maxAttempts: number;
}

export interface QueueHandler {
  /** Runs the job; its answer is kept as the job's result (JSON). */
  run(job: QueuedJob): Promise<unknown>;
  /**
   * Called with the run's answer once its end is written, unless another instance took the job over
   * meanwhile (the late end of a run taken for dead is dropped).
   */
  onEnd?(job: QueuedJob, result: unknown): Promise<void>;
  /** Called once for a job whose last allowed run was lost (its instance died each time). */
  onGiveUp?(job: QueuedJob): Promise<void>;
}

/** A job's row as readers see it. */
export interface JobRow {
  id: string;
  queue: string;
  ownerId: number | null;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  maxAttempts: number;
  /** End of the current lease (ms on the app clock), or null. */
  leaseUntil: number | null;
  result: unknown;
}

export interface EnqueueOptions {
  id: string;
  queue: string;
  ownerId?: number | null;
  payload?: Record<string, unknown>;
  maxAttempts: number;
}

interface RawRow {
  id: string;
  queue: string;
  owner_id: number | null;
  payload: Record<string, unknown> | string;
  status: JobRow['status'];
  attempts: number;
  max_attempts: number;
  lease_until: Date | string | null;
  result: unknown;
}

const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

function toRow(r: RawRow): JobRow {
  return {
    id: r.id,
    queue: r.queue,
    ownerId: r.owner_id,
    payload: json(r.payload) as Record<string, unknown>,
    status: r.status,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    leaseUntil: r.lease_until === null ? null : new Date(r.lease_until).getTime(),
    result: json(r.result),
  };
}

const toJob = (r: JobRow): QueuedJob => ({
  id: r.id,
  queue: r.queue,
  ownerId: r.ownerId,
  payload: r.payload,
  attempt: r.attempts,
  maxAttempts: r.maxAttempts,
});

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const at = (ms: number) => new Date(ms).toISOString();

export interface JobQueueOptions {
  db: Db;
  /** The app's clock (ms since the epoch): leases, periods, retention. */
  clock: () => number;
  log: FastifyBaseLogger;
}

export class JobQueue {
  private readonly handlers = new Map<string, QueueHandler>();
  private readonly periodic = new Map<string, { periodMs: number; last: number | null }>();
  /** Runs in this process, by job id. */
  private readonly running = new Map<string, { queue: string; done: Promise<void> }>();
  private ticking: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private closing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = -Infinity;

  constructor(private readonly opts: JobQueueOptions) {}

  /** Registers the handler of `queue` (one per queue); this instance then runs its jobs. */
  handle(queue: string, handler: QueueHandler): void {
    if (this.handlers.has(queue)) throw new Error(`queue ${queue} already has a handler`);
    this.handlers.set(queue, handler);
  }

  /**
   * Runs `task` once per `periodMs` of the app clock across all instances (the periods are counted
   * from the epoch: every instance agrees on them), retried on another instance when the runner dies.
   */
  every(name: string, periodMs: number, task: () => Promise<void>): void {
    this.handle(name, { run: () => task() });
    this.periodic.set(name, { periodMs, last: null });
  }

  /**
   * Queues a job; answers false when a unique rule refused it (an owner's job already queued or
   * running in the same queue, or the id taken). Polls at once unless `poke` is false.
   */
  async enqueue(job: EnqueueOptions, poke = true): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await this.opts.db.execute(sql`
        insert into background_jobs (id, queue, owner_id, payload, max_attempts, created_at)
        values (${job.id}, ${job.queue}, ${job.ownerId ?? null}, ${JSON.stringify(job.payload ?? {})}::jsonb,
                ${job.maxAttempts}, ${at(this.opts.clock())})
        on conflict do nothing
        returning id`),
    );
    if (rows.length && poke) this.poke();
    return rows.length > 0;
  }

  /** The row of job `id`, if it is kept. */
  async get(id: string): Promise<JobRow | undefined> {
    const [row] = rowsOf<RawRow>(await this.opts.db.execute(sql`select * from background_jobs where id = ${id}`));
    return row ? toRow(row) : undefined;
  }

  /** The queued or running job of `ownerId` in `queue`, if any. */
  async active(queue: string, ownerId: number): Promise<JobRow | undefined> {
    const [row] = rowsOf<RawRow>(
      await this.opts.db.execute(sql`
        select * from background_jobs
        where queue = ${queue} and owner_id = ${ownerId} and status in ('queued', 'running')`),
    );
    return row ? toRow(row) : undefined;
  }

  /** Starts polling (the first poll now); the timer does not keep the process alive. */
  start(pollMs = POLL_MS): void {
    this.timer ??= setInterval(() => this.poke(), pollMs);
    this.timer.unref();
    this.poke();
  }

  /** Polls now, or once more right after the poll in progress. */
  poke(): void {
    if (this.closed) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((err: unknown) => this.opts.log.error({ err }, 'job queue: poll failed'))
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Resolves once the poll in progress and every run of this process have ended (tests, close). */
  async settled(): Promise<void> {
    while (this.ticking || this.running.size) {
      await this.ticking;
      await Promise.all([...this.running.values()].map((r) => r.done));
    }
  }

  /** Whether a job runs in this process. */
  get busy(): boolean {
    return this.running.size > 0;
  }

  /**
   * Stops polling and waits up to `waitMs` for the runs of this process (one still running then is
   * taken over elsewhere when its lease runs out). A second call answers the first call's wait.
   */
  close(waitMs: number): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      clearInterval(this.timer);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        this.settled(),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timeout);
    })();
    return this.closing;
  }

  /** One poll: queue the periods that began, give up spent jobs, claim and start what is due. */
  private async tick(): Promise<void> {
    const now = this.opts.clock();
    for (const [name, p] of this.periodic) {
      const period = Math.floor(now / p.periodMs);
      if (p.last === period) continue;
      await this.enqueue({ id: `${name}@${period}`, queue: name, maxAttempts: PERIODIC_ATTEMPTS }, false);
      p.last = period;
    }
    const queues = [...this.handlers.keys()];
    if (!queues.length) return;
    await this.giveUp(queues, now);
    if (now - this.lastPrune >= 60_000) {
      this.lastPrune = now;
      await this.opts.db.execute(sql`delete from background_jobs where finished_at < ${at(now - RETAIN_MS)}`);
    }
    for (;;) {
      const free = queues.filter((q) => [...this.running.values()].filter((r) => r.queue === q).length < PER_QUEUE);
      if (!free.length || this.closed) return;
      const job = await this.claim(free, this.opts.clock());
      if (!job) return;
      this.begin(job);
    }
  }

  /** Fails the jobs whose last allowed run was lost, and tells their handlers. */
  private async giveUp(queues: string[], now: number): Promise<void> {
    const rows = rowsOf<RawRow>(
      await this.opts.db.execute(sql`
        update background_jobs
        set status = 'failed', lease_until = null, finished_at = ${at(now)}, result = '{"error":"interrupted"}'::jsonb
        where queue in (${list(queues)}) and status = 'running' and lease_until < ${at(now)}
          and attempts >= max_attempts
        returning *`),
    );
    for (const row of rows) {
      const handler = this.handlers.get(row.queue);
      this.opts.log.error({ job: row.id, queue: row.queue, attempts: row.attempts }, 'job queue: job given up');
      await handler
        ?.onGiveUp?.(toJob(toRow(row)))
        .catch((err: unknown) => this.opts.log.error({ err, job: row.id }, 'job queue: give-up handler failed'));
    }
  }

  /**
   * Claims the oldest due job of `queues` (queued, or running with its lease run out and runs left)
   * for this process; none of the jobs this process runs is claimed again.
   */
  private async claim(queues: string[], now: number): Promise<QueuedJob | null> {
    const mine = [...this.running.keys()];
    const [row] = rowsOf<RawRow>(
      await this.opts.db.execute(sql`
        update background_jobs
        set status = 'running', attempts = attempts + 1, lease_until = ${at(now + LEASE_MS)}
        where id = (
          select id from background_jobs
          where queue in (${list(queues)}) and attempts < max_attempts
            and (status = 'queued' or (status = 'running' and lease_until < ${at(now)}))
            ${mine.length ? sql`and id not in (${list(mine)})` : sql``}
          order by created_at, id
          limit 1
          for update skip locked)
        returning *`),
    );
    return row ? toJob(toRow(row)) : null;
  }

  /** Runs a claimed job in this process: lease renewals while it runs, its end written under the fence. */
  private begin(job: QueuedJob): void {
    const { db, clock, log } = this.opts;
    const handler = this.handlers.get(job.queue)!;
    const renew = setInterval(() => {
      void db
        .execute(
          sql`update background_jobs set lease_until = ${at(clock() + LEASE_MS)}
              where id = ${job.id} and attempts = ${job.attempt} and status = 'running'`,
        )
        .catch((err: unknown) => log.warn({ err, job: job.id }, 'job queue: lease not renewed'));
    }, RENEW_MS);
    renew.unref();
    const end = async (status: 'done' | 'failed', result: unknown) => {
      clearInterval(renew);
      const ended = rowsOf<{ id: string }>(
        await db.execute(sql`
          update background_jobs
          set status = ${status}, result = ${JSON.stringify(result ?? null)}::jsonb, lease_until = null,
              finished_at = ${at(clock())}
          where id = ${job.id} and attempts = ${job.attempt} and status = 'running'
          returning id`),
      );
      if (ended.length && status === 'done') await handler.onEnd?.(job, result);
    };
    const done = Promise.resolve()
      .then(() => handler.run(job))
      .then(
        (result) => end('done', result),
        (err: unknown) => {
          log.error({ err, job: job.id, queue: job.queue }, 'job queue: job failed');
          return end('failed', { error: err instanceof Error ? err.message : String(err) });
        },
      )
      .catch((err: unknown) => log.error({ err, job: job.id }, 'job queue: end of job not written'))
      .finally(() => {
        clearInterval(renew);
        this.running.delete(job.id);
        // A free slot: whatever waits for it is claimed now rather than at the next poll.
        this.poke();
      });
    this.running.set(job.id, { queue: job.queue, done });
  }
}
