/**
 * The console's import jobs (docs/console-content.md, Catalogue import and Question-bank import) on the
 * job queue (lib/job-queue.ts, docs/decisions/021-job-queue.md): an uploaded JSON Lines file is kept in
 * the file storage (`imports/<id>.jsonl`, readable by every instance) and queued; the worker of any
 * instance runs it with the same importer as the CLI, and runs it again on another instance when its
 * own stops mid-way (the importers roll back on failure, so a new run starts clean).
 *
 * - One queued or running job per operator across instances: the queue's unique rule.
 * - The live state (progress, the report) is in the shared key-value store (Redis with REDIS_URL),
 *   written at most every PROGRESS_INTERVAL_MS (at once on a phase change or the end) plus a heartbeat
 *   every HEARTBEAT_MS, and every change is published on the job's topic of a pub/sub bus, so that any
 *   instance answers `GET …/imports/{id}` and relays the progress stream. A running state whose
 *   heartbeat is older than STALE_AFTER_MS (its runner died) is read against the queue's row: it reads
 *   as waiting for its next run (`attempt` + 1, 重试中 in the console), or as the row's end.
 * - The queue's row keeps the job's end (and what a reader needs when the store lost the state) for
 *   RETAIN_MS; the store keeps the state JOB_TTL_MS after its last write.
 */
import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportJobKind, ImportReport } from '@eav/contract';
import type { Kv } from '../plugins/kv';
import { LEASE_MS, RETAIN_MS, type JobQueue, type JobRow, type QueuedJob } from './job-queue';
import type { InvalidationBus } from './read-cache-bus';
import type { ResourceStorage } from './storage';

/** How long a job's state stays in the shared store after its last write (ms). */
export const JOB_TTL_MS = RETAIN_MS;
/** Least time between two progress writes of a running job (ms). */
export const PROGRESS_INTERVAL_MS = 200;
/** Time between two heartbeats of a running job, progress or not (ms). */
export const HEARTBEAT_MS = 5_000;
/** A running state whose heartbeat is older than this is checked against the queue (ms). */
export const STALE_AFTER_MS = LEASE_MS;
/** Runs of an import at most: the first and two more after instances that stopped. */
export const IMPORT_ATTEMPTS = 3;
/** The queue of the console's imports. */
export const IMPORT_QUEUE = 'import';
/** The error of a job whose every run was cut off by its instance stopping. */
export const JOB_INTERRUPTED = '导入中断：运行导入的服务多次停止，未写入任何数据，请重新上传';

/** Progress of a running import: records written and to write. */
export type ProgressFn = (progress: { done: number; total: number }) => void;

/** What the shared store holds per job. */
export interface StoredJob {
  ownerId: number;
  /** Last write of the runner (the app's clock, ms since the epoch). */
  heartbeatAt: number;
  job: ImportJob;
}

/** Key of job `id` in the shared store. */
export const jobKey = (id: string) => `import-job:${id}`;
/** Storage key of the uploaded file of job `id`. */
export const uploadKey = (id: string) => `imports/${id}.jsonl`;

/** Where the operator's upload came from, for the audit of the job's end (written by another instance). */
export interface ImportOrigin {
  ip: string;
  userAgent: string | null;
}

/** What the queue's row of an import holds. */
interface ImportPayload {
  kind: ImportJobKind;
  fileName: string | null;
  startedAt: string;
  origin: ImportOrigin;
}

/** How an import of some kinds runs, registered by the routes of its family. */
export interface ImportRunner {
  /** The import of `text`; its report or error ends the job. */
  run(kind: ImportJobKind, text: string, progress: ProgressFn): Promise<ImportReport>;
  /** Called once with the job's end (audit, logs); its errors are ignored. */
  onEnd?(job: ImportJob, ownerId: number, origin: ImportOrigin): Promise<void>;
}

export interface ImportJobsOptions {
  kv: Kv;
  /** Carries each state change to the streams of every instance (topic: the job's id). */
  bus: InvalidationBus;
  queue: JobQueue;
  /** Keeps the uploads until their job ended. */
  storage: ResourceStorage;
  /** The app's clock (ms since the epoch): heartbeats and their staleness. */
  clock: () => number;
  /** Error text of a failed job by kind (the importers roll back on failure). */
  failedMessage?: (kind: ImportJobKind) => string;
}

export interface StartOptions {
  ownerId: number;
  kind: ImportJobKind;
  fileName: string | null;
  /** The uploaded file. */
  data: Buffer;
  origin: ImportOrigin;
}

const PHASE_RANK: Record<ImportJob['phase'], number> = { parsing: 0, writing: 1, finished: 2 };

/** Whether `next` may follow `prev` on a stream (a late, older pub/sub message is dropped). */
export function isNewer(prev: ImportJob | undefined, next: ImportJob): boolean {
  if (!prev) return true;
  if (prev.status !== 'running') return false;
  if (next.status !== 'running') return true;
  if (next.attempt !== prev.attempt) return next.attempt > prev.attempt;
  const a = PHASE_RANK[prev.phase];
  const b = PHASE_RANK[next.phase];
  return b > a || (b === a && next.done >= prev.done);
}

/** The first state of a run of a queued import. */
function initial(id: string, p: ImportPayload, attempt: number): ImportJob {
  return {
    id,
    kind: p.kind,
    status: 'running',
    phase: 'parsing',
    done: 0,
    total: 0,
    percent: 0,
    fileName: p.fileName,
    startedAt: p.startedAt,
    attempt,
    report: null,
    error: null,
  };
}

export class ImportJobs {
  private readonly runners = new Map<ImportJobKind, ImportRunner>();

  constructor(private readonly opts: ImportJobsOptions) {
    opts.queue.handle(IMPORT_QUEUE, {
      run: (job) => this.runJob(job),
      // After the row's end: the operator who sees the end may upload the next file at once.
      onEnd: async (job, result) => {
        const { job: state } = result as { job: ImportJob };
        await this.write(job.ownerId!, state, true);
        await this.end(job, state);
      },
      onGiveUp: (job) => this.giveUp(job),
    });
  }

  /** Registers how the imports of `kinds` run (once per kind). */
  handle(kinds: readonly ImportJobKind[], runner: ImportRunner): void {
    for (const kind of kinds) {
      if (this.runners.has(kind)) throw new Error(`import kind ${kind} already has a runner`);
      this.runners.set(kind, runner);
    }
  }

  private async read(id: string): Promise<StoredJob | null> {
    const raw = await this.opts.kv.get(jobKey(id));
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StoredJob;
    } catch {
      return null;
    }
  }

  /** A job's state from its queue row (the store lost it, or its runner died). */
  private fromRow(row: JobRow, last: ImportJob | null): ImportJob {
    if (row.status === 'done' || row.status === 'failed') {
      const end = row.result as { job?: ImportJob } | null;
      if (end?.job) return end.job;
    }
    const p = row.payload as unknown as ImportPayload;
    const base = last ?? initial(row.id, p, 1);
    if (row.status === 'done' || row.status === 'failed')
      return { ...base, status: 'failed', phase: 'finished', error: JOB_INTERRUPTED };
    const leased = row.status === 'running' && (row.leaseUntil ?? 0) > this.opts.clock();
    // The next run starts from the beginning: its progress does too.
    const attempt = leased ? row.attempts : row.attempts + 1;
    return last && last.attempt === attempt ? last : initial(row.id, p, Math.max(1, attempt));
  }

  /** The job `id` of `ownerId` (another operator's job is not found). */
  async get(id: string, ownerId: number): Promise<ImportJob | undefined> {
    const stored = await this.read(id);
    if (stored && stored.ownerId !== ownerId) return undefined;
    // A fresh or ended state is the answer; only a silent runner sends the reader to the queue.
    if (stored && (stored.job.status !== 'running' || this.opts.clock() - stored.heartbeatAt <= STALE_AFTER_MS))
      return stored.job;
    const row = await this.opts.queue.get(id);
    if (!row || row.queue !== IMPORT_QUEUE || row.ownerId !== ownerId)
      return stored ? { ...stored.job, status: 'failed', phase: 'finished', error: JOB_INTERRUPTED } : undefined;
    return this.fromRow(row, stored?.job ?? null);
  }

  /** Whether `ownerId` has an import queued or running on any instance. */
  async running(ownerId: number): Promise<boolean> {
    return !!(await this.opts.queue.active(IMPORT_QUEUE, ownerId));
  }

  /**
   * Keeps the upload and queues its import, or answers null when the owner already has one queued or
   * running (on any instance). The job runs on the first worker free for it, usually this instance's.
   */
  async start({ ownerId, kind, fileName, data, origin }: StartOptions): Promise<ImportJob | null> {
    const { queue, storage, clock } = this.opts;
    const id = randomUUID();
    const payload: ImportPayload = { kind, fileName, startedAt: new Date(clock()).toISOString(), origin };
    await storage.put(uploadKey(id), data);
    const queued = await queue.enqueue(
      { id, queue: IMPORT_QUEUE, ownerId, payload: { ...payload }, maxAttempts: IMPORT_ATTEMPTS },
      false,
    );
    if (!queued) {
      await storage.remove(uploadKey(id)).catch(() => undefined);
      return null;
    }
    const state = initial(id, payload, 1);
    await this.write(ownerId, state, false);
    queue.poke();
    return state;
  }

  private write(ownerId: number, job: ImportJob, publish: boolean): Promise<void> {
    const { kv, bus, clock } = this.opts;
    const stored: StoredJob = { ownerId, heartbeatAt: clock(), job };
    return kv
      .set(jobKey(job.id), JSON.stringify(stored), JOB_TTL_MS)
      .then(() => (publish ? bus.publish(job.id, JSON.stringify(job)) : undefined))
      .catch(() => undefined);
  }

  /** One run of a queued import: its progress in the store and on the bus, its end kept with the row. */
  private async runJob(job: QueuedJob): Promise<{ job: ImportJob }> {
    const { storage } = this.opts;
    const p = job.payload as unknown as ImportPayload;
    const ownerId = job.ownerId!;
    let state = initial(job.id, p, job.attempt);
    // Writes go one after the other, so the store and the stream see the states in order.
    let chain: Promise<void> = Promise.resolve();
    const write = (publish: boolean) => {
      const snapshot = state;
      chain = chain.then(() => this.write(ownerId, snapshot, publish));
      return chain;
    };
    await write(true);

    let lastWrite = 0;
    let trailing: NodeJS.Timeout | null = null;
    const flush = () => {
      trailing = null;
      lastWrite = Date.now();
      void write(true);
    };
    const heartbeat = setInterval(() => void write(false), HEARTBEAT_MS);
    heartbeat.unref();
    const progress: ProgressFn = ({ done, total }) => {
      const phaseChange = state.phase !== 'writing';
      state = {
        ...state,
        phase: 'writing',
        done,
        total,
        // 100 only when the job is done (the transaction still has to commit).
        percent: total === 0 ? 99 : Math.min(99, Math.floor((done / total) * 100)),
      };
      const wait = PROGRESS_INTERVAL_MS - (Date.now() - lastWrite);
      if (phaseChange || wait <= 0) {
        if (trailing) clearTimeout(trailing);
        flush();
      } else if (!trailing) {
        trailing = setTimeout(flush, wait);
      }
    };

    const runner = this.runners.get(p.kind);
    try {
      const data = await storage.get(uploadKey(job.id));
      if (!runner || !data) throw new Error(runner ? 'upload missing' : `no runner for ${p.kind}`);
      const report = await runner.run(p.kind, data.toString('utf8'), progress);
      state = { ...state, status: 'done', phase: 'finished', percent: 100, report };
    } catch {
      const failed = this.opts.failedMessage?.(p.kind) ?? '导入失败，未写入任何数据，请稍后重试';
      state = { ...state, status: 'failed', phase: 'finished', error: failed };
    } finally {
      clearInterval(heartbeat);
      if (trailing) clearTimeout(trailing);
    }
    // Its progress writes are through before the end is (onEnd, once the queue kept it).
    await chain;
    return { job: state };
  }

  /** A job whose every run was cut off: its state ends as interrupted. */
  private async giveUp(job: QueuedJob): Promise<void> {
    const p = job.payload as unknown as ImportPayload;
    const last = (await this.read(job.id))?.job ?? initial(job.id, p, job.attempt);
    const state: ImportJob = { ...last, status: 'failed', phase: 'finished', error: JOB_INTERRUPTED };
    await this.write(job.ownerId!, state, true);
    await this.end(job, state);
  }

  /** The end of a job: its upload removed, its runner told (audit). */
  private async end(job: QueuedJob, state: ImportJob): Promise<void> {
    const p = job.payload as unknown as ImportPayload;
    await this.opts.storage.remove(uploadKey(job.id)).catch(() => undefined);
    await this.runners
      .get(p.kind)
      ?.onEnd?.(state, job.ownerId!, p.origin)
      .catch(() => undefined);
  }

  /** Calls `listener` with every state of job `id` published from now on (any instance); answers the unsubscribe. */
  subscribe(id: string, listener: (job: ImportJob) => void): () => void {
    return this.opts.bus.on(id, (data) => {
      try {
        listener(JSON.parse(data) as ImportJob);
      } catch {
        // A malformed message is not a job.
      }
    });
  }
}
