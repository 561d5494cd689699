/**
 * CACHES_OFF (docs/ARCHITECTURE.md, Caches): each switch really bypasses its cache — read replay,
 * the read cache, the catalogue's count snapshot, the keyword title index — and the catalogue's and
 * home page's answers are the same with every cache on and with every one off (status, body, ETag,
 * cache headers), keyword ranking included.
 */
import { ApiPaths, type TextbookFacets } from '@eav/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CACHE_NAMES, ConfigError, loadConfig, type CacheName } from '../src/config';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, testConfig, useTestApp, type ApiRequest } from './helpers';
import { readCatalogue } from './textbooks-helpers';

const t = useTestApp();

beforeAll(async () => {
  // Every fifth real book: every stage, deep pages and keywords of different reach, imported quickly.
  const { text } = readCatalogue();
  await importTextbooks(
    t.database.db,
    text
      .split('\n')
      .filter((_, i) => i % 5 === 0)
      .join('\n'),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** An app on the test database with the given caches bypassed. */
const withOff = (...off: CacheName[]) =>
  t.build({ config: testConfig({}, off.length ? { CACHES_OFF: off.join(',') } : {}) });

/** What a client sees of an answer: status, body and the cache headers. */
function seen(res: LightMyRequestResponse) {
  return {
    status: res.statusCode,
    body: res.body,
    etag: res.headers.etag,
    cacheControl: res.headers['cache-control'],
    type: res.headers['content-type'],
  };
}

/** The catalogue page's and home page's reads, built from the facets of the imported books. */
async function reads(app: FastifyInstance): Promise<ApiRequest[]> {
  const facets = (await api(app, { url: ApiPaths.textbookFacets })).json().data as TextbookFacets;
  const stage = facets.stage[0]!.id;
  const subject = facets.subject[0]!.id;
  return [
    { url: ApiPaths.banner },
    { url: ApiPaths.dictStage },
    { url: ApiPaths.textbookFacets },
    { url: ApiPaths.textbookFacets, query: { stageId: stage } },
    { url: ApiPaths.textbookFacets, query: { stageId: stage, subjectId: subject, readable: true } },
    { url: ApiPaths.textbooks, query: { stageId: stage, page: 1, pageSize: 6 } },
    { url: ApiPaths.textbooks, query: { page: 5, pageSize: 20 } },
    { url: ApiPaths.textbooks, query: { stageId: stage, subjectId: subject, page: 1, pageSize: 20 } },
    { url: ApiPaths.textbooks, query: { page: 99, pageSize: 20 } },
    ...['数学', '一年级上册', '义务教育教科书 英语', '物理 八年级', 'ABC', '不存在的书名'].flatMap((keyword) => [
      { url: ApiPaths.textbookFacets, query: { keyword } },
      { url: ApiPaths.textbooks, query: { keyword, pageSize: 20 } },
      { url: ApiPaths.textbooks, query: { keyword, page: 2, pageSize: 5 } },
      { url: ApiPaths.textbooks, query: { keyword, stageId: stage, readable: true, pageSize: 20 } },
    ]),
  ];
}

describe('CACHES_OFF', () => {
  it('accepts the cache names and refuses others', () => {
    expect([...loadConfig({ CACHES_OFF: CACHE_NAMES.join(', ') }).cachesOff]).toEqual([...CACHE_NAMES]);
    expect(loadConfig({}).cachesOff.size).toBe(0);
    expect(() => loadConfig({ CACHES_OFF: 'read-cache,tanstack' })).toThrow(ConfigError);
  });

  it('gives the same answers with every cache bypassed, twice in a row', async () => {
    const on = await withOff();
    const off = await withOff(...CACHE_NAMES);
    const list = await reads(on);
    for (const read of list) {
      const label = `${read.url} ${JSON.stringify(read.query ?? {})}`;
      const expected = seen(await api(on, read));
      expect(expected.status, label).toBe(200);
      // The second request of each app is the repeat a cache would answer.
      expect(seen(await api(on, read)), label).toEqual(expected);
      expect(seen(await api(off, read)), label).toEqual(expected);
      expect(seen(await api(off, read)), label).toEqual(expected);
    }
    // The four real keywords matched books without the readable filter (no test book has a file).
    const keywordTotals = await Promise.all(
      list
        .filter((r) => r.url === ApiPaths.textbooks && r.query?.keyword)
        .map(async (r) => (await api(off, r)).json().data.total as number),
    );
    expect(keywordTotals.filter((n) => n > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('compresses a bypassed answer as the read cache would have kept it', async () => {
    const on = await withOff();
    const off = await withOff('read-cache', 'read-replay');
    for (const accept of ['br', 'gzip', 'gzip, deflate, br, zstd']) {
      const read: ApiRequest = {
        url: ApiPaths.textbooks,
        query: { pageSize: 20 },
        headers: { 'accept-encoding': accept },
      };
      const a = await api(on, read);
      const b = await api(off, read);
      expect(b.headers['content-encoding'], accept).toBe(a.headers['content-encoding']);
      expect(b.headers.vary, accept).toBe(a.headers.vary);
      expect(b.rawPayload.equals(a.rawPayload), accept).toBe(true);
    }
  });

  it('read-replay: every repeat takes the full route to the read cache', async () => {
    const read: ApiRequest = { url: ApiPaths.textbooks, query: { pageSize: 20 } };
    const count = async (app: FastifyInstance) => {
      const spy = vi.spyOn(app.readCache, 'reply');
      for (let i = 0; i < 3; i++) expect((await api(app, read)).statusCode).toBe(200);
      return spy.mock.calls.length;
    };
    expect(await count(await withOff())).toBe(1);
    expect(await count(await withOff('read-replay'))).toBe(3);
  });

  it('read-cache: every read is built by its loader and nothing is kept', async () => {
    const app = await withOff('read-cache');
    const spy = vi.spyOn(app.readCache, 'reply');
    const read: ApiRequest = { url: ApiPaths.textbookFacets, query: { keyword: '数学' } };
    const first = await api(app, read);
    const second = await api(app, read);
    // No replay without the cache's URL index, and no answer held.
    expect(spy).toHaveBeenCalledTimes(2);
    expect(app.readCache.stats.entries).toBe(0);
    expect(app.readCache.peek('textbooks', `facets:${JSON.stringify({ keyword: '数学' })}`)).toBeUndefined();
    expect(second.headers.etag).toBe(first.headers.etag);
    // The ETag still answers a conditional request with 304.
    const again = await api(app, { ...read, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  /** Database queries run by `reps` repeats of `read` after one warm-up, on an app without the read cache. */
  async function queriesOf(app: FastifyInstance, read: ApiRequest, reps = 3) {
    expect((await api(app, read)).statusCode).toBe(200);
    // Every app on the database polls its job queue with `execute` each second: stop them so that
    // only the requests' queries are counted.
    await Promise.all([t.app, app].map((a) => a.jobQueue.close(30_000)));
    const execute = vi.spyOn(t.database.db, 'execute');
    const select = vi.spyOn(t.database.db, 'select');
    for (let i = 0; i < reps; i++) expect((await api(app, read)).statusCode).toBe(200);
    const counts = { execute: execute.mock.calls.length, select: select.mock.calls.length };
    execute.mockRestore();
    select.mockRestore();
    return counts;
  }

  it('catalogue-snapshot: the counts and dictionary names are read for every request', async () => {
    const read: ApiRequest = { url: ApiPaths.textbookFacets, query: { stageId: 1 } };
    const kept = await queriesOf(await withOff('read-cache'), read);
    const bypassed = await queriesOf(await withOff('read-cache', 'catalogue-snapshot'), read);
    // Kept: the version lookup only. Bypassed: the count query and the dictionary on every request.
    expect(kept.execute).toBe(0);
    expect(bypassed.execute).toBe(3);
    expect(bypassed.select).toBe(kept.select + 3);
  });
});
