/**
 * The job queue (lib/job-queue.ts, docs/decisions/021-job-queue.md) with two workers on one database,
 * as two instances: a job runs once however many workers poll together, a job whose runner died is
 * run again by the other once its lease ran out (the late end of the dead run changes nothing), a job
 * whose every run was lost is given up, and a periodic task runs once per period. Injected clocks
 * move the leases and the periods. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { JobQueue, LEASE_MS, type QueuedJob } from '../src/lib/job-queue';
import { createTestDatabase } from './helpers';

const T0 = Date.parse('2026-11-20T02:00:00Z');
const silent = { error() {}, warn() {}, info() {} } as unknown as ConstructorParameters<typeof JobQueue>[0]['log'];

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
});
afterAll(async () => dispose());

/** A worker ("instance") on the test database with its own clock. */
const worker = (clock: () => number) => new JobQueue({ db: database.db, clock, log: silent });

/** A handler the test ends: its runs, and how to end the current one. */
function controlled() {
  const runs: QueuedJob[] = [];
  const ends: ((v: unknown) => void)[] = [];
  return {
    runs,
    run: (job: QueuedJob) => {
      runs.push(job);
      return new Promise((resolve) => ends.push(resolve));
    },
    end: (i: number, v: unknown) => ends[i]!(v),
  };
}

const until = async (check: () => Promise<boolean>) => {
  await expect.poll(check, { timeout: 5_000, interval: 10 }).toBe(true);
};

describe('job queue across two instances', () => {
  it('runs a job once when both instances poll together', async () => {
    const now = { t: T0 };
    const a = worker(() => now.t);
    const b = worker(() => now.t);
    let runs = 0;
    for (const q of [a, b]) q.handle('once', { run: async () => ++runs });
    const ids = Array.from({ length: 6 }, () => randomUUID());
    for (const id of ids) await a.enqueue({ id, queue: 'once', maxAttempts: 3 }, false);
    for (let i = 0; i < 5; i++) {
      a.poke();
      b.poke();
    }
    await Promise.all([a.settled(), b.settled()]);
    expect(runs).toBe(6);
    for (const id of ids) expect(await a.get(id)).toMatchObject({ status: 'done', attempts: 1 });
    await Promise.all([a.close(0), b.close(0)]);
  });

  it('runs again on the other instance a job whose runner died, and ignores the dead run’s late end', async () => {
    const now = { t: T0 };
    const a = worker(() => T0);
    const b = worker(() => now.t);
    const onA = controlled();
    const onB = controlled();
    a.handle('work', { run: onA.run });
    b.handle('work', { run: onB.run });
    const id = randomUUID();
    await a.enqueue({ id, queue: 'work', ownerId: 5, maxAttempts: 3 });
    await until(async () => onA.runs.length === 1);
    // While A holds the lease, B takes nothing, and the owner's second job is refused.
    b.poke();
    await b.settled();
    expect(onB.runs).toHaveLength(0);
    expect(await b.enqueue({ id: randomUUID(), queue: 'work', ownerId: 5, maxAttempts: 3 })).toBe(false);

    // A stops renewing (its clock stands still, as a dead instance's); past the lease B runs it again.
    now.t = T0 + LEASE_MS + 1;
    b.poke();
    await until(async () => onB.runs.length === 1);
    expect(onB.runs[0]).toMatchObject({ id, attempt: 2 });
    onB.end(0, { by: 'b' });
    await b.settled();
    expect(await b.get(id)).toMatchObject({ status: 'done', attempts: 2, result: { by: 'b' } });

    onA.end(0, { by: 'a' });
    await a.settled();
    expect(await a.get(id)).toMatchObject({ status: 'done', attempts: 2, result: { by: 'b' } });
    expect(onA.runs).toHaveLength(1);
    // Ended: the owner may queue the next one.
    expect(await b.enqueue({ id: randomUUID(), queue: 'work', ownerId: 5, maxAttempts: 3 }, false)).toBe(true);
    await Promise.all([a.close(0), b.close(0)]);
  });

  it('gives up a job whose every run was lost', async () => {
    const now = { t: T0 };
    const q = worker(() => now.t);
    const hang = controlled();
    const given: string[] = [];
    q.handle('lost', { run: hang.run, onGiveUp: async (job) => void given.push(job.id) });
    const id = randomUUID();
    await q.enqueue({ id, queue: 'lost', maxAttempts: 2 });
    await until(async () => hang.runs.length === 1);
    // The dead runs of this worker stay with it; a second worker with a later clock takes them.
    const later = worker(() => now.t);
    later.handle('lost', { run: hang.run, onGiveUp: async (job) => void given.push(job.id) });
    now.t += LEASE_MS + 1;
    later.poke();
    await until(async () => hang.runs.length === 2);
    now.t += LEASE_MS + 1;
    later.poke();
    await until(async () => (await later.get(id))?.status === 'failed');
    expect(given).toEqual([id]);
    expect(hang.runs).toHaveLength(2);
    await Promise.all([q.close(0), later.close(0)]);
  });

  it('runs a periodic task once per period across both instances', async () => {
    const now = { t: T0 };
    const a = worker(() => now.t);
    const b = worker(() => now.t);
    let runs = 0;
    for (const q of [a, b]) q.every('tick', 3600_000, async () => void runs++);
    a.poke();
    b.poke();
    await Promise.all([a.settled(), b.settled()]);
    b.poke();
    await b.settled();
    expect(runs).toBe(1);
    now.t += 3600_000;
    b.poke();
    a.poke();
    await Promise.all([a.settled(), b.settled()]);
    expect(runs).toBe(2);
    await Promise.all([a.close(0), b.close(0)]);
  });
});
