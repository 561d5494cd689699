/**
 * Import jobs shared by the instances of one deployment (docs/console-content.md, Catalogue import;
 * docs/operations.md, Job queue): a job started on one instance is read and streamed on another, one
 * running job per operator holds across both (these need TEST_DATABASE_URL and TEST_REDIS_URL); a job
 * whose runner died mid-way reads as 重试中 and is run to its end by a second instance on the same
 * database, once (on both engines, injected clocks).
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths, type ImportJob } from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, textbooks } from '../src/db/schema';
import { createStorage } from '../src/lib/file-storage';
import { IMPORT_QUEUE, uploadKey } from '../src/lib/import-jobs';
import { JobQueue, LEASE_MS, type QueuedJob } from '../src/lib/job-queue';
import { api, testConfig, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';
import { upload } from './upload-helpers';

const shared = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;
const T0 = Date.parse('2026-11-20T02:00:00Z');

/** Starts a catalogue import of `text` on `app`. */
const uploadOn = (app: FastifyInstance, user: TestUser, text: string) =>
  upload(
    app,
    user.token,
    Buffer.from(text, 'utf8'),
    'catalogue.jsonl',
    'application/x-ndjson',
    ApiPaths.adminCatalogueImports,
  );

/** The events of a server-sent events answer: name and parsed data. */
function parseEvents(body: string): { event: string; data: ImportJob }[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as ImportJob,
    }));
}

const stream = async (app: FastifyInstance, user: TestUser, id: string) =>
  parseEvents((await api(app, { url: ApiPaths.adminCatalogueImportEvents(id), token: user.token })).body);

/** A catalogue of `n` books with ids starting with `prefix`, and one bad line (line 2). */
const catalogue = (prefix: string, n: number) =>
  [
    `{"externalId":"${prefix}-0","title":"共享导入测试教材0","stage":"初中","subject":"语文","edition":"统编版"}`,
    'not json',
    ...Array.from(
      { length: n - 1 },
      (_, i) =>
        `{"externalId":"${prefix}-${i + 1}","title":"共享导入测试教材${i + 1}","stage":"初中","subject":"语文","edition":"统编版"}`,
    ),
  ].join('\n');

describe.skipIf(!shared)('import jobs across two instances', () => {
  const state = { now: T0 };
  // One configuration (one file store) and one key prefix for both instances: they are one deployment.
  const t = useTestApp({
    config: testConfig(),
    clock: () => state.now,
    kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:`,
  });
  let operator: TestUser;
  beforeAll(async () => {
    operator = await createUser(t.database.db, ['operator']);
  });

  it('reads and streams on one instance a job started on the other', async () => {
    const a = t.app;
    const b = await t.build();
    const started = await uploadOn(a, operator, catalogue('shared-a', 3000));
    expect(started.statusCode, started.body).toBe(200);
    const job = started.json().data as ImportJob;

    const read = await api(b, { url: ApiPaths.adminCatalogueImport(job.id), token: operator.token });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ id: job.id, kind: 'catalogue', fileName: 'catalogue.jsonl' });

    const events = await stream(b, operator, job.id);
    const last = events.at(-1)!;
    expect(last.event).toBe('done');
    expect(last.data.report!.created).toBe(3000);
    expect(last.data.report!.skipped.map((s) => s.line)).toEqual([2]);
    // Progress relayed from the other instance, in order.
    expect(events.filter((e) => e.event === 'progress').length).toBeGreaterThanOrEqual(2);
    const percents = events.map((e) => e.data.percent);
    expect([...percents].sort((x, y) => x - y)).toEqual(percents);

    // Both instances answer the finished job; another operator sees it on neither.
    for (const app of [a, b]) {
      const again = await api(app, { url: ApiPaths.adminCatalogueImport(job.id), token: operator.token });
      expect(again.json().data.status).toBe('done');
    }
    const other = await createUser(t.database.db, ['operator']);
    expect((await api(b, { url: ApiPaths.adminCatalogueImport(job.id), token: other.token })).statusCode).toBe(404);
  });

  it('allows one running job per operator across both instances', async () => {
    const a = t.app;
    const b = await t.build();
    const first = await uploadOn(a, operator, catalogue('shared-one', 3000));
    expect(first.statusCode, first.body).toBe(200);
    const second = await uploadOn(b, operator, catalogue('shared-two', 3));
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('已有一个导入正在进行，请等待它完成后再上传');
    // Another operator is not held up.
    const other = await createUser(t.database.db, ['operator']);
    const theirs = await uploadOn(b, other, catalogue('shared-other', 3));
    expect(theirs.statusCode, theirs.body).toBe(200);

    const id = (first.json().data as ImportJob).id;
    expect((await stream(b, operator, id)).at(-1)!.event).toBe('done');
    expect((await stream(a, other, (theirs.json().data as ImportJob).id)).at(-1)!.event).toBe('done');
    // Once it ended, the operator may start the next one on either instance.
    const next = await uploadOn(b, operator, catalogue('shared-next', 3));
    expect(next.statusCode, next.body).toBe(200);
    expect((await stream(a, operator, (next.json().data as ImportJob).id)).at(-1)!.event).toBe('done');
  });
});

describe('a job whose runner died mid-way', () => {
  const state = { now: T0 };
  // One configuration (one file store) and one key prefix for every instance: they are one deployment.
  const config = testConfig();
  const t = useTestApp({
    config,
    clock: () => state.now,
    kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:`,
  });
  let operator: TestUser;
  beforeAll(async () => {
    operator = await createUser(t.database.db, ['operator']);
  });

  it('reads as 重试中 and is run to its end, once, by another instance on the same database', async () => {
    state.now = T0;
    const a = t.app;
    // A takes uploads but its worker is gone; a stand-in worker claims the job and never finishes it,
    // as an instance that stops mid-import (its clock stands still: it renews nothing past T0).
    await a.jobQueue.close(0);
    const dead = new JobQueue({ db: t.database.db, clock: () => T0, log: a.log });
    const deadRuns: QueuedJob[] = [];
    dead.handle(IMPORT_QUEUE, { run: (job) => (deadRuns.push(job), new Promise(() => {})) });

    const started = await uploadOn(a, operator, catalogue('retried', 600));
    expect(started.statusCode, started.body).toBe(200);
    const job = started.json().data as ImportJob;
    expect(job).toMatchObject({ status: 'running', attempt: 1 });
    dead.poke();
    await expect.poll(() => deadRuns.length).toBe(1);
    const read = async (app: FastifyInstance) =>
      (await api(app, { url: ApiPaths.adminCatalogueImport(job.id), token: operator.token })).json().data as ImportJob;
    expect(await read(a)).toMatchObject({ status: 'running', attempt: 1 });
    // Another upload of the operator is still refused: the job is not lost.
    expect((await uploadOn(a, operator, catalogue('retried-second', 3))).statusCode).toBe(409);

    // Past the lease, the job waits for its next run: 重试中, not 导入中断.
    state.now = T0 + LEASE_MS + 1000;
    expect(await read(a)).toMatchObject({ status: 'running', phase: 'parsing', attempt: 2, error: null });

    // A second instance on the same database takes it over and runs it to its end.
    const b = await t.build();
    await b.jobQueue.settled();
    for (const app of [a, b]) {
      const end = await read(app);
      expect(end).toMatchObject({ status: 'done', attempt: 2, percent: 100 });
      expect(end.report!.created).toBe(600);
    }
    expect((await stream(a, operator, job.id)).at(-1)).toMatchObject({ event: 'done', data: { attempt: 2 } });
    // Once: the books once, one audit entry of its end, the upload gone, the dead run never ended.
    const books = await t.database.db.select({ id: textbooks.id }).from(textbooks);
    expect(books.length).toBeGreaterThanOrEqual(600);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'catalogue_import'), eq(auditLog.target, `import:${job.id}`)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ result: 'success', actorId: operator.id });
    expect(deadRuns).toHaveLength(1);
    expect(await b.jobQueue.get(job.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await createStorage(config).get(uploadKey(job.id))).toBeNull();
    await dead.close(0);

    // The operator may upload again.
    const next = await uploadOn(b, operator, catalogue('retried-next', 3));
    expect(next.statusCode, next.body).toBe(200);
    await b.jobQueue.settled();
    const after = await api(b, { url: ApiPaths.adminCatalogueImport(next.json().data.id), token: operator.token });
    expect(after.json().data).toMatchObject({ status: 'done', attempt: 1 });
  });
});
