/**
 * Foundation: health, envelope and errors (docs/api.md, Errors), pagination limits (docs/api.md, Pagination),
 * EAV-Sign verification (docs/api.md, Signing), dictionaries, banners, OpenAPI, and serving the web app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SIGN_HEADERS, signRequest } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { banner } from '../src/db/schema';
import { api, createTestDatabase, testConfig, TEST_SECRET, useTestApp } from './helpers';

const t = useTestApp();

describe('health', () => {
  it('answers /healthz and /readyz with the engine', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toMatch(/pglite|postgres/);
  });

  it('gives every response a request id and a Date header', async () => {
    const res = await api(t.app, { url: '/api/v1/dictionary/stage' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-12345678' } });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
  });
});

describe('dictionaries', () => {
  it('lists seeded stages in curriculum order in the envelope', async () => {
    const res = await api(t.app, { url: '/api/v1/dictionary/stage' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: 'success' });
    expect(body.data.map((d: { name: string }) => d.name)).toEqual(['小学', '初中', '高中']);
    expect(body.data.every((d: { id: unknown }) => Number.isInteger(d.id))).toBe(true);
  });

  it('lists grades, subjects, editions, publishers and the subjects of a stage', async () => {
    const names = async (url: string) => (await api(t.app, { url })).json().data.map((d: { name: string }) => d.name);
    expect(await names('/api/v1/dictionary/grade')).toEqual(expect.arrayContaining(['一年级', '九年级', '高三']));
    expect(await names('/api/v1/dictionary/subject')).toEqual(expect.arrayContaining(['语文', '数学', '生物学']));
    expect(await names('/api/v1/dictionary/edition')).toEqual(expect.arrayContaining(['人教版', '统编版']));
    expect(await names('/api/v1/dictionary/download/press')).toContain('人民教育出版社');
    const stages = (await api(t.app, { url: '/api/v1/dictionary/stage' })).json().data as {
      id: number;
      name: string;
    }[];
    const primary = stages.find((s) => s.name === '小学')!;
    const senior = stages.find((s) => s.name === '高中')!;
    const primarySubjects = await names(`/api/v1/dictionary/stage/${primary.id}/subjects`);
    expect(primarySubjects).toContain('道德与法治');
    expect(primarySubjects).not.toContain('物理');
    expect(await names(`/api/v1/dictionary/stage/${senior.id}/subjects`)).toContain('思想政治');
  });

  it('answers 404 for a stage that does not exist and 400 naming a bad id', async () => {
    const missing = await api(t.app, { url: '/api/v1/dictionary/stage/999999/subjects' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, msg: '学段不存在' });
    const bad = await api(t.app, { url: '/api/v1/dictionary/stage/abc/subjects' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(400);
    expect(bad.json().msg).toMatch(/stageId/);
  });
});

describe('envelope and errors (docs/api.md, Errors)', () => {
  it('answers an unknown API path with 404 网络请求不存在 in the envelope', async () => {
    for (const url of ['/api/v1/nope', '/prize/api/v1/nope']) {
      const res = await api(t.app, { url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '网络请求不存在' });
    }
  });

  it('answers a validation failure with 400 and a Chinese message naming the field', async () => {
    const res = await api(t.app, { url: '/api/v1/textbooks', query: { pageSize: 1000 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(/每页条数（pageSize）/);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers malformed JSON with 400 without internals', async () => {
    const body = '{"code":';
    const timestamp = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/textbooks/activation',
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SIGN_HEADERS.timestamp]: String(timestamp),
        [SIGN_HEADERS.sign]: signRequest(
          { method: 'POST', path: '/api/v1/textbooks/activation', body, timestamp },
          TEST_SECRET,
        ),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '请求体不是合法的 JSON' });
  });

  it('answers an unexpected error with 500, a Chinese message and the request id, never the SQL', async () => {
    // A database of its own whose banner table is gone: the query fails with a SQL error.
    const { database, dispose } = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    try {
      await app.ready();
      await database.db.execute(sql`drop table banner`);
      const res = await api(app, { url: '/prize/api/v1/banner' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.code).toBe(500);
      expect(body.msg).toBe('服务器开小差了，请稍后再试');
      expect(body.requestId).toBe(res.headers['x-request-id']);
      expect(res.body).not.toMatch(/banner|relation|select/i);
    } finally {
      await app.close();
      await dispose();
    }
  });
});

describe('EAV-Sign (docs/api.md, Signing)', () => {
  const url = '/api/v1/dictionary/stage/1/subjects';

  it('accepts the signature of the contract and rejects a missing one', async () => {
    expect((await api(t.app, { url })).statusCode).not.toBe(400);
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SIGN.INVALID');
  });

  it('rejects a tampered query, body, token or secret', async () => {
    const timestamp = Date.now();
    const sign = signRequest({ method: 'GET', path: url, query: { a: '1' }, timestamp }, TEST_SECRET);
    const tampered = await t.app.inject({
      url: `${url}?a=2`,
      headers: { [SIGN_HEADERS.timestamp]: String(timestamp), [SIGN_HEADERS.sign]: sign },
    });
    expect(tampered.json().code).toBe('SIGN.INVALID');
    const wrongSecret = await api(t.app, { url, secret: 'other-secret' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ code: 'SIGN.INVALID' });
    expect(wrongSecret.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    const withToken = await t.app.inject({
      url,
      headers: {
        [SIGN_HEADERS.timestamp]: String(timestamp),
        [SIGN_HEADERS.sign]: signRequest({ method: 'GET', path: url, timestamp }, TEST_SECRET),
        authorization: 'Bearer added-after-signing',
      },
    });
    expect(withToken.json().code).toBe('SIGN.INVALID');
  });

  it('rejects a timestamp more than 300 000 ms away with SIGN.EXPIRED, and accepts one just inside', async () => {
    const old = await api(t.app, { url, timestamp: Date.now() - 301_000 });
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('SIGN.EXPIRED');
    expect(old.headers.date).toBeTruthy();
    const future = await api(t.app, { url, timestamp: Date.now() + 301_000 });
    expect(future.json().code).toBe('SIGN.EXPIRED');
    expect((await api(t.app, { url, timestamp: Date.now() - 290_000 })).statusCode).toBe(200);
  });

  it('signs /prize/api paths as /api paths and keeps /api/docs and health unsigned', async () => {
    expect((await api(t.app, { url: '/prize/api/v1/banner', query: { activityCode: 'A&B 中' } })).statusCode).toBe(200);
    expect((await t.app.inject('/api/docs/json')).statusCode).toBe(200);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('banners', () => {
  it('lists active banners inside their window in display order', async () => {
    const db = t.database.db;
    const now = Date.now();
    await db.insert(banner).values([
      { title: '已过期', image: '/x.svg', sortOrder: 1, endsAt: new Date(now - 1000) },
      { title: '未开始', image: '/x.svg', sortOrder: 1, startsAt: new Date(now + 3_600_000) },
      { title: '已停用', image: '/x.svg', sortOrder: 1, active: false },
      {
        title: '进行中',
        image: '/x.svg',
        sortOrder: 5,
        startsAt: new Date(now - 1000),
        endsAt: new Date(now + 3_600_000),
      },
    ]);
    const res = await api(t.app, { url: '/prize/api/v1/banner' });
    expect(res.statusCode).toBe(200);
    const titles = res.json().data.map((b: { title: string }) => b.title);
    expect(titles).toContain('进行中');
    expect(titles).toContain('数字教材 随时随地');
    expect(titles).not.toEqual(expect.arrayContaining(['已过期']));
    expect(titles).not.toContain('未开始');
    expect(titles).not.toContain('已停用');
    const orders = res.json().data.map((b: { sortOrder: number }) => b.sortOrder);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });
});

describe('OpenAPI and the web app', () => {
  it('documents the API at /api/docs', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/dictionary/stage', '/prize/api/v1/banner']),
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('serves the built web app: immutable hashed assets, index.html never cached, compressed', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>门户</title>${'<p>内容</p>'.repeat(200)}`);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    const app = await t.build({ config: testConfig({ webDistDir: dist }) });
    const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-encoding']).toBe('gzip');
    const asset = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect((await app.inject('/no-such-file.js')).statusCode).toBe(404);
  });
});
