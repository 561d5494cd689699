import type { ImportJob, ImportReport } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { MemoryKv } from '../plugins/kv';
import {
  ImportJobs,
  isNewer,
  JOB_INTERRUPTED,
  ownerKey,
  PROGRESS_INTERVAL_MS,
  STALE_AFTER_MS,
  type ProgressFn,
} from './import-jobs';
import { InvalidationBus } from './read-cache-bus';

const REPORT: ImportReport = {
  lines: 3,
  created: 3,
  updated: 0,
  unchanged: 0,
  skipped: [],
  warnings: [],
  dictionaryCreated: {},
  durationMs: 1,
};

/** Two stores on one key-value store and one bus, as two instances of a deployment. */
function twoInstances(clockB: () => number = Date.now) {
  const kv = new MemoryKv();
  const bus = new InvalidationBus(null);
  return {
    kv,
    a: new ImportJobs({ kv, bus, clock: Date.now }),
    b: new ImportJobs({ kv, bus, clock: clockB }),
  };
}

/** A runner the test drives: its progress callback, and the end of the import. */
function controlled() {
  let progress: ProgressFn = () => {};
  let finish: (r: ImportReport) => void = () => {};
  let fail: () => void = () => {};
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => (ready = resolve));
  const run = (p: ProgressFn) => {
    progress = p;
    ready();
    return new Promise<ImportReport>((resolve, reject) => {
      finish = resolve;
      fail = () => reject(new Error('boom'));
    });
  };
  return {
    run,
    started,
    progress: (done: number, total: number) => progress({ done, total }),
    finish: (r: ImportReport) => finish(r),
    fail: () => fail(),
  };
}

const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('import jobs in the shared store', () => {
  it('shows on one instance the job another runs, its progress and its report, one job per owner', async () => {
    const { a, b } = twoInstances();
    const runner = controlled();
    const job = await a.start({ ownerId: 1, kind: 'questions', fileName: 'q.jsonl', run: runner.run });
    expect(job).toMatchObject({ kind: 'questions', status: 'running', phase: 'parsing' });
    expect(await b.get(job!.id, 1)).toMatchObject({ status: 'running' });
    expect(await b.get(job!.id, 2)).toBeUndefined();
    // The owner's second job is refused on either instance; another owner's is not.
    expect(await b.start({ ownerId: 1, kind: 'papers', fileName: null, run: async () => REPORT })).toBeNull();

    const seen: ImportJob[] = [];
    const off = b.subscribe(job!.id, (j) => seen.push(j));
    await runner.started;
    runner.progress(0, 100);
    // Writes within PROGRESS_INTERVAL_MS of the last are folded into one trailing write.
    for (let i = 1; i <= 50; i++) runner.progress(i, 100);
    await until(() => seen.some((j) => j.done === 50));
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(seen.at(-1)).toMatchObject({ phase: 'writing', done: 50, total: 100, percent: 50 });
    expect((await b.get(job!.id, 1))!.done).toBe(50);

    runner.finish(REPORT);
    await until(() => seen.at(-1)?.status === 'done');
    expect(seen.at(-1)).toMatchObject({ status: 'done', percent: 100, report: REPORT });
    off();
    expect(await a.running(1)).toBeUndefined();
    await until(() => !a.busy);
    const next = await b.start({ ownerId: 1, kind: 'papers', fileName: null, run: async () => REPORT });
    expect(next).not.toBeNull();
  });

  it('fails a job whose import throws, with the kind’s message', async () => {
    const kv = new MemoryKv();
    const jobs = new ImportJobs({ kv, bus: new InvalidationBus(null), clock: Date.now, failedMessage: () => '失败了' });
    const runner = controlled();
    let ended: ImportJob | undefined;
    const job = await jobs.start({
      ownerId: 1,
      kind: 'catalogue',
      fileName: null,
      run: runner.run,
      onEnd: (j) => void (ended = j),
    });
    await runner.started;
    runner.fail();
    await until(() => ended !== undefined);
    expect(ended).toMatchObject({ status: 'failed', error: '失败了' });
    expect(await kv.get(ownerKey(1))).toBeNull();
    expect((await jobs.get(job!.id, 1))!.status).toBe('failed');
  });

  it('reads a running job as interrupted once its heartbeat is older than STALE_AFTER_MS, and frees its owner', async () => {
    let later = Date.now();
    const { a, b } = twoInstances(() => later);
    const runner = controlled();
    const job = await a.start({ ownerId: 7, kind: 'chapters', fileName: null, run: runner.run });
    later = Date.now() + STALE_AFTER_MS - 1000;
    expect((await b.get(job!.id, 7))!.status).toBe('running');
    later = Date.now() + STALE_AFTER_MS + 1000;
    expect(await b.get(job!.id, 7)).toMatchObject({ status: 'failed', phase: 'finished', error: JOB_INTERRUPTED });
    expect(await b.running(7)).toBeUndefined();
    // The stale job's lock is taken over.
    const next = await b.start({ ownerId: 7, kind: 'chapters', fileName: null, run: async () => REPORT });
    expect(next).not.toBeNull();
    await runner.started;
    runner.finish(REPORT);
    await until(() => !a.busy && !b.busy);
    expect(a.busy || b.busy).toBe(false);
  });

  it('drops a late, older state on a stream', () => {
    const base = { status: 'running', phase: 'writing', done: 10 } as ImportJob;
    expect(isNewer(undefined, base)).toBe(true);
    expect(isNewer(base, { ...base, done: 5 })).toBe(false);
    expect(isNewer(base, { ...base, done: 20 })).toBe(true);
    expect(isNewer(base, { ...base, phase: 'parsing', done: 0 })).toBe(false);
    expect(isNewer(base, { ...base, status: 'done', phase: 'finished' })).toBe(true);
    expect(isNewer({ ...base, status: 'done' }, base)).toBe(false);
    expect(PROGRESS_INTERVAL_MS).toBeLessThanOrEqual(200);
  });
});
