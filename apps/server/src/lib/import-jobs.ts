/**
 * The console's import jobs (docs/console-content.md, Catalogue import and Question-bank import): an
 * uploaded JSON Lines file is imported in the background by the same importer as the CLI, on the
 * instance that received it, while the job's state lives in the shared key-value store (Redis with
 * REDIS_URL) and every change is published on the job's topic of a pub/sub bus, so that any instance
 * answers `GET …/imports/{id}` and relays the progress stream.
 *
 * - One running job per operator across instances: a lock key set only when absent, with the job's
 *   TTL, released when the job ends (and taken over when the job holding it is stale).
 * - The runner writes the state at most every PROGRESS_INTERVAL_MS (and at once on a phase change or
 *   the end), plus a heartbeat every HEARTBEAT_MS; a running job whose heartbeat is older than
 *   STALE_AFTER_MS (its instance died) reads as failed with JOB_INTERRUPTED.
 * - Jobs are kept JOB_TTL_MS after their last write (the key's TTL).
 */
import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportJobKind, ImportReport } from '@eav/contract';
import type { Kv } from '../plugins/kv';
import type { InvalidationBus } from './read-cache-bus';

/** How long a job stays readable after its last write (ms); also the TTL of the operator's lock. */
export const JOB_TTL_MS = 60 * 60 * 1000;
/** Least time between two progress writes of a running job (ms). */
export const PROGRESS_INTERVAL_MS = 200;
/** Time between two heartbeats of a running job, progress or not (ms). */
export const HEARTBEAT_MS = 5_000;
/** A running job whose heartbeat is older than this reads as interrupted (ms). */
export const STALE_AFTER_MS = 30_000;
/** The error of a job whose instance stopped while it ran. */
export const JOB_INTERRUPTED = '导入中断：运行导入的服务已停止，请重新上传';

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
/** Key of the running-job lock of operator `ownerId`. */
export const ownerKey = (ownerId: number) => `import-job-owner:${ownerId}`;

export interface ImportJobsOptions {
  kv: Kv;
  /** Carries each state change to the streams of every instance (topic: the job's id). */
  bus: InvalidationBus;
  /** The app's clock (ms since the epoch): heartbeats and their staleness. */
  clock: () => number;
  /** Error text of a failed job by kind (the importers roll back on failure). */
  failedMessage?: (kind: ImportJobKind) => string;
}

export interface StartOptions {
  ownerId: number;
  kind: ImportJobKind;
  fileName: string | null;
  /** The import; its report or error ends the job. */
  run: (progress: ProgressFn) => Promise<ImportReport>;
  /** Called once with the finished job (audit, logs); its errors are ignored. */
  onEnd?: ((job: ImportJob) => void | Promise<void>) | undefined;
}

const PHASE_RANK: Record<ImportJob['phase'], number> = { parsing: 0, writing: 1, finished: 2 };

/** Whether `next` may follow `prev` on a stream (a late, older pub/sub message is dropped). */
export function isNewer(prev: ImportJob | undefined, next: ImportJob): boolean {
  if (!prev) return true;
  if (prev.status !== 'running') return false;
  if (next.status !== 'running') return true;
  const a = PHASE_RANK[prev.phase];
  const b = PHASE_RANK[next.phase];
  return b > a || (b === a && next.done >= prev.done);
}

export class ImportJobs {
  /** Ids of the jobs running in this process (a closing app waits for them). */
  private readonly local = new Set<string>();

  constructor(private readonly opts: ImportJobsOptions) {}

  /** The stored job as readers see it: a running job with a stale heartbeat reads as interrupted. */
  private view(stored: StoredJob): ImportJob {
    const { job } = stored;
    if (job.status === 'running' && this.opts.clock() - stored.heartbeatAt > STALE_AFTER_MS)
      return { ...job, status: 'failed', phase: 'finished', error: JOB_INTERRUPTED };
    return job;
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

  /** The job `id` of `ownerId` (another operator's job is not found). */
  async get(id: string, ownerId: number): Promise<ImportJob | undefined> {
    const stored = await this.read(id);
    return stored && stored.ownerId === ownerId ? this.view(stored) : undefined;
  }

  /** The job `ownerId` is running on any instance, if any. */
  async running(ownerId: number): Promise<ImportJob | undefined> {
    const id = await this.opts.kv.get(ownerKey(ownerId));
    if (!id) return undefined;
    const job = await this.get(id, ownerId);
    return job?.status === 'running' ? job : undefined;
  }

  /** Takes the operator's lock for `id`; a lock left by a finished, expired or stale job is taken over. */
  private async lock(ownerId: number, id: string): Promise<boolean> {
    const { kv } = this.opts;
    if (await kv.setIfAbsent(ownerKey(ownerId), id, JOB_TTL_MS)) return true;
    if (await this.running(ownerId)) return false;
    // The holder is done or dead: its lock goes, and one of the racing uploads gets the next one.
    const held = await kv.get(ownerKey(ownerId));
    if (held) {
      const taken = await kv.take(ownerKey(ownerId));
      if (taken && taken !== held) {
        // A racing upload took the lock in between: it is given back, and this upload refused.
        await kv.set(ownerKey(ownerId), taken, JOB_TTL_MS);
        return false;
      }
    }
    return kv.setIfAbsent(ownerKey(ownerId), id, JOB_TTL_MS);
  }

  /**
   * Starts an import job of `ownerId`, or answers null when the owner already runs one (on any
   * instance). The job runs in this process from the next tick; its state is in the shared store.
   */
  async start({ ownerId, kind, fileName, run, onEnd }: StartOptions): Promise<ImportJob | null> {
    const { kv, bus, clock } = this.opts;
    const id = randomUUID();
    if (!(await this.lock(ownerId, id))) return null;
    let state: ImportJob = {
      id,
      kind,
      status: 'running',
      phase: 'parsing',
      done: 0,
      total: 0,
      percent: 0,
      fileName,
      startedAt: new Date(clock()).toISOString(),
      report: null,
      error: null,
    };
    // Writes go one after the other, so the store and the stream see the states in order.
    let chain: Promise<void> = Promise.resolve();
    const write = (publish: boolean) => {
      const snapshot = state;
      const stored: StoredJob = { ownerId, heartbeatAt: clock(), job: snapshot };
      chain = chain
        .then(() => kv.set(jobKey(id), JSON.stringify(stored), JOB_TTL_MS))
        .then(() => (publish ? bus.publish(id, JSON.stringify(snapshot)) : undefined))
        .catch(() => undefined);
      return chain;
    };
    await write(false);
    this.local.add(id);

    let lastWrite = 0;
    let trailing: NodeJS.Timeout | null = null;
    const flush = () => {
      trailing = null;
      lastWrite = Date.now();
      void write(true);
    };
    const heartbeat = setInterval(() => {
      void write(false);
      void kv.set(ownerKey(ownerId), id, JOB_TTL_MS).catch(() => undefined);
    }, HEARTBEAT_MS);
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

    const failed = this.opts.failedMessage?.(kind) ?? '导入失败，未写入任何数据，请稍后重试';
    // Next tick: the caller answers with the job before the first progress.
    setImmediate(() => {
      void Promise.resolve()
        .then(() => run(progress))
        .then(
          (report) => {
            state = { ...state, status: 'done', phase: 'finished', percent: 100, report };
          },
          () => {
            state = { ...state, status: 'failed', phase: 'finished', error: failed };
          },
        )
        .then(async () => {
          clearInterval(heartbeat);
          if (trailing) clearTimeout(trailing);
          await write(true);
          if ((await kv.get(ownerKey(ownerId)).catch(() => null)) === id)
            await kv.del(ownerKey(ownerId)).catch(() => undefined);
          await Promise.resolve(onEnd?.(state)).catch(() => undefined);
        })
        .finally(() => this.local.delete(id));
    });
    return state;
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

  /** Whether a job runs in this process (for a graceful close). */
  get busy(): boolean {
    return this.local.size > 0;
  }
}
