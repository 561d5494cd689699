/**
 * Import jobs shared by the instances of one deployment (docs/console-content.md, Catalogue import;
 * docs/operations.md, Several instances): a job started on one instance is read and streamed on
 * another, one running job per operator holds across both, and a running job whose heartbeat stopped
 * (its instance died) reads as failed (导入中断) once it is older than STALE_AFTER_MS. The two-instance
 * tests need TEST_DATABASE_URL and TEST_REDIS_URL; the stale job is also tested on one instance.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ApiPaths, type ImportJob } from '@eav/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_INTERRUPTED, JOB_TTL_MS, jobKey, ownerKey, STALE_AFTER_MS, type StoredJob } from '../src/lib/import-jobs';
import { api, useTestApp } from './helpers';
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

/** Writes into the shared store a running job whose runner last wrote at `heartbeatAt`. */
async function plantRunningJob(app: FastifyInstance, ownerId: number, heartbeatAt: number): Promise<string> {
  const id = randomUUID();
  const job: ImportJob = {
    id,
    kind: 'catalogue',
    status: 'running',
    phase: 'writing',
    done: 10,
    total: 100,
    percent: 10,
    fileName: 'catalogue.jsonl',
    startedAt: new Date(heartbeatAt).toISOString(),
    report: null,
    error: null,
  };
  const stored: StoredJob = { ownerId, heartbeatAt, job };
  await app.kv.set(jobKey(id), JSON.stringify(stored), JOB_TTL_MS);
  await app.kv.set(ownerKey(ownerId), id, JOB_TTL_MS);
  return id;
}

describe.skipIf(!shared)('import jobs across two instances', () => {
  const state = { now: T0 };
  // One key prefix for both instances: they are one deployment.
  const t = useTestApp({ clock: () => state.now, kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:` });
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

  it('reads a job whose instance stopped as interrupted on the other, after STALE_AFTER_MS', async () => {
    const a = t.app;
    // Instance B's clock runs past the staleness bound of A's last heartbeat.
    const b = await t.build({ clock: () => state.now + STALE_AFTER_MS + 1000 });
    const id = await plantRunningJob(a, operator.id, state.now);
    expect((await api(a, { url: ApiPaths.adminCatalogueImport(id), token: operator.token })).json().data.status).toBe(
      'running',
    );
    const onB = await api(b, { url: ApiPaths.adminCatalogueImport(id), token: operator.token });
    expect(onB.json().data).toMatchObject({ status: 'failed', phase: 'finished', error: JOB_INTERRUPTED });
    const events = await stream(b, operator, id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'failed', data: { error: JOB_INTERRUPTED } });
    // The dead job's lock does not hold the operator up.
    const next = await uploadOn(b, operator, catalogue('shared-after-stale', 3));
    expect(next.statusCode, next.body).toBe(200);
    expect((await stream(b, operator, (next.json().data as ImportJob).id)).at(-1)!.event).toBe('done');
  });
});

describe('a job whose runner stopped, on one instance', () => {
  const state = { now: T0 };
  const t = useTestApp({ clock: () => state.now });
  let operator: TestUser;
  beforeAll(async () => {
    operator = await createUser(t.database.db, ['operator']);
  });

  it('reads as running while its heartbeat is fresh and as interrupted once it is stale', async () => {
    state.now = T0;
    const id = await plantRunningJob(t.app, operator.id, T0);
    const read = () => api(t.app, { url: ApiPaths.adminCatalogueImport(id), token: operator.token });
    state.now = T0 + STALE_AFTER_MS;
    expect((await read()).json().data.status).toBe('running');
    expect((await uploadOn(t.app, operator, catalogue('stale-held', 3))).statusCode).toBe(409);
    state.now = T0 + STALE_AFTER_MS + 1;
    expect((await read()).json().data).toMatchObject({ status: 'failed', error: JOB_INTERRUPTED });
    const events = await stream(t.app, operator, id);
    expect(events.map((e) => e.event)).toEqual(['failed']);
    const next = await uploadOn(t.app, operator, catalogue('stale-next', 3));
    expect(next.statusCode, next.body).toBe(200);
    expect((await stream(t.app, operator, (next.json().data as ImportJob).id)).at(-1)!.event).toBe('done');
  });
});
