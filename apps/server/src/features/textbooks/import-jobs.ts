/**
 * The console's catalogue import jobs (docs/console-content.md, Catalogue import): an uploaded JSON
 * Lines file is imported in the background by the same importer as the CLI, while its progress is
 * kept here and pushed to listeners (the server-sent events of the job). One running job per
 * operator; finished jobs are kept JOB_TTL_MS for their report, at most MAX_JOBS in all. Jobs live
 * in the memory of the instance that runs them (an operator's progress stream goes to the same
 * instance as the upload only with sticky sessions; the job's outcome is in the audit log anyway).
 */
import { randomUUID } from 'node:crypto';
import type { ImportJob, ImportReport } from '@eav/contract';

/** How long a finished job stays readable (ms). */
export const JOB_TTL_MS = 60 * 60 * 1000;
/** Jobs kept at most (finished ones are dropped oldest first). */
export const MAX_JOBS = 100;

type Listener = (job: ImportJob) => void;

interface Entry {
  ownerId: number;
  state: ImportJob;
  finishedAt: number | null;
  listeners: Set<Listener>;
}

/** Progress of a running import: books written and to write. */
export type ProgressFn = (progress: { done: number; total: number }) => void;

export class ImportJobs {
  private readonly jobs = new Map<string, Entry>();

  constructor(private readonly clock: () => number) {}

  /** The job `ownerId` is running, if any. */
  running(ownerId: number): ImportJob | undefined {
    for (const e of this.jobs.values()) if (e.ownerId === ownerId && e.state.status === 'running') return e.state;
    return undefined;
  }

  /** The job `id` of `ownerId` (another operator's job is not found). */
  get(id: string, ownerId: number): ImportJob | undefined {
    const e = this.jobs.get(id);
    return e && e.ownerId === ownerId ? e.state : undefined;
  }

  /**
   * Starts `run` as a job of `ownerId`, or answers null when the owner already runs one. `run`
   * receives the progress callback; its report or error ends the job, and `onEnd` is called then.
   */
  start(
    ownerId: number,
    fileName: string | null,
    run: (progress: ProgressFn) => Promise<ImportReport>,
    onEnd?: (job: ImportJob) => void | Promise<void>,
  ): ImportJob | null {
    if (this.running(ownerId)) return null;
    this.prune();
    const entry: Entry = {
      ownerId,
      finishedAt: null,
      listeners: new Set(),
      state: {
        id: randomUUID(),
        status: 'running',
        phase: 'parsing',
        done: 0,
        total: 0,
        percent: 0,
        fileName,
        startedAt: new Date(this.clock()).toISOString(),
        report: null,
        error: null,
      },
    };
    this.jobs.set(entry.state.id, entry);
    const update = (patch: Partial<ImportJob>) => {
      entry.state = { ...entry.state, ...patch };
      for (const l of [...entry.listeners]) l(entry.state);
    };
    // Next tick: the caller answers with the job before the first progress.
    setImmediate(() => {
      run(({ done, total }) =>
        update({
          phase: 'writing',
          done,
          total,
          // 100 only when the job is done (the transaction still has to commit).
          percent: total === 0 ? 99 : Math.min(99, Math.floor((done / total) * 100)),
        }),
      )
        .then((report) => {
          entry.finishedAt = this.clock();
          update({ status: 'done', phase: 'finished', percent: 100, report });
        })
        .catch(() => {
          entry.finishedAt = this.clock();
          update({ status: 'failed', phase: 'finished', error: '导入失败，未写入任何教材，请稍后重试' });
        })
        .finally(() => {
          entry.listeners.clear();
          void Promise.resolve(onEnd?.(entry.state)).catch(() => {});
        });
    });
    return entry.state;
  }

  /** Calls `listener` at every change of job `id` until it ends; answers the unsubscribe function. */
  subscribe(id: string, listener: Listener): () => void {
    const e = this.jobs.get(id);
    if (!e || e.state.status !== 'running') return () => {};
    e.listeners.add(listener);
    return () => e.listeners.delete(listener);
  }

  /** Whether any job is still running (for a graceful close). */
  get busy(): boolean {
    for (const e of this.jobs.values()) if (e.state.status === 'running') return true;
    return false;
  }

  private prune(): void {
    const now = this.clock();
    for (const [id, e] of this.jobs) if (e.finishedAt !== null && now - e.finishedAt > JOB_TTL_MS) this.jobs.delete(id);
    const finished = [...this.jobs].filter(([, e]) => e.finishedAt !== null);
    finished.sort((a, b) => a[1].finishedAt! - b[1].finishedAt!);
    while (this.jobs.size >= MAX_JOBS && finished.length) this.jobs.delete(finished.shift()![0]);
  }
}
