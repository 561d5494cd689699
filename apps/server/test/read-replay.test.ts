/**
 * Repeats of cached reads answered at the start of the request (decision 018): the same answer as
 * the full route (status, bytes, headers but the request id and date) for every encoding and for
 * conditional requests; the signature still checked on every request; a write seen at once; and
 * whatever the full route would answer differently (other methods, bodies, encodings the cache does
 * not keep) left to it.
 */
import http from 'node:http';
import { ApiPaths, ErrorCode, SIGN_HEADERS, signRequest } from '@eav/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, TEST_SECRET, testConfig, useTestApp, type ApiRequest } from './helpers';
import { listen } from './raw-http';
import { readCatalogue } from './textbooks-helpers';

const t = useTestApp();

beforeAll(async () => {
  // Enough real books for a catalogue page above the compression threshold.
  const { text } = readCatalogue();
  await importTextbooks(t.database.db, text.split('\n').slice(0, 60).join('\n'));
});

/** Counts the requests that reach a cached route's handler (the full route). */
function countFullRoutes(app: FastifyInstance): () => number {
  const spy = vi.spyOn(app.readCache, 'reply');
  return () => spy.mock.calls.length;
}

/** Headers of an answer without the ones that differ per request. */
function stableHeaders(res: LightMyRequestResponse): Record<string, unknown> {
  const { 'x-request-id': id, date, connection, ...rest } = res.headers;
  expect(id).toMatch(/^[\w-]{8,64}$/);
  void date;
  void connection;
  return rest;
}

const READS: ApiRequest[] = [
  { url: ApiPaths.dictStage },
  { url: ApiPaths.dictGrade, query: { stageId: 1 } },
  { url: ApiPaths.textbooks, query: { page: 1, pageSize: 20 } },
  { url: ApiPaths.textbookFacets },
  { url: ApiPaths.publishingShowcase },
];
const ENCODINGS = ['gzip, deflate, br, zstd', 'gzip', 'identity', ''];

describe('repeats of cached reads', () => {
  it('answer exactly what the full route answers, in every stored encoding and with 304s', async () => {
    const full = countFullRoutes(t.app);
    for (const read of READS) {
      let kept = false;
      for (const accept of ENCODINGS) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
        const before = full();
        const first = await api(t.app, { ...read, headers });
        const second = await api(t.app, { ...read, headers });
        const label = `${read.url} ${JSON.stringify(read.query ?? {})} [${accept}]`;
        expect(first.statusCode, label).toBe(200);
        if (accept === ENCODINGS[0]) kept = first.headers['content-encoding'] !== undefined;
        // The target is known after its first answer: a repeat reaches the handler only when the
        // client accepts encodings but none the cache keeps for a compressed answer (identity).
        const expected = (accept === ENCODINGS[0] ? 1 : 0) + (accept === 'identity' && kept ? 2 : 0);
        expect(full() - before, label).toBe(expected);
        expect(second.statusCode, label).toBe(200);
        expect(second.rawPayload.equals(first.rawPayload), label).toBe(true);
        expect(stableHeaders(second), label).toEqual(stableHeaders(first));

        // A 304 from the full route (the versions forgotten, so the answer is looked up again),
        // then from a repeat.
        const conditionalRead = { ...read, headers: { ...headers, 'if-none-match': String(first.headers.etag) } };
        t.app.readCache.forgetVersions();
        const before304 = full();
        const full304 = await api(t.app, conditionalRead);
        expect(full() - before304, label).toBe(1);
        const repeat304 = await api(t.app, conditionalRead);
        expect(full() - before304, label).toBe(accept === 'identity' && kept ? 2 : 1);
        for (const res of [full304, repeat304]) {
          expect(res.statusCode, label).toBe(304);
          expect(res.rawPayload.length, label).toBe(0);
        }
        expect(stableHeaders(repeat304), label).toEqual(stableHeaders(full304));
      }
    }
    // Compressed answers exist among the reads, so both paths were compared on them.
    expect(full()).toBeGreaterThan(READS.length * (ENCODINGS.length + 1));
  });

  it('still checks the signature of every request', async () => {
    const read = READS[1]!;
    expect((await api(t.app, read)).statusCode).toBe(200);
    const forged = await api(t.app, { ...read, secret: 'not-the-secret' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe(ErrorCode.SIGN_INVALID);
    const stale = await api(t.app, { ...read, timestamp: Date.now() - 301_000 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe(ErrorCode.SIGN_EXPIRED);
    // A token on the request is part of what is signed: a signature made without it fails.
    const timestamp = Date.now();
    const signedWithout = signRequest(
      { method: 'GET', path: ApiPaths.dictGrade, query: { stageId: '1' }, body: '', token: '', timestamp },
      TEST_SECRET,
    );
    const mismatch = await t.app.inject({
      url: `${ApiPaths.dictGrade}?stageId=1`,
      headers: {
        [SIGN_HEADERS.timestamp]: String(timestamp),
        [SIGN_HEADERS.sign]: signedWithout,
        authorization: 'Bearer some-token',
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe(ErrorCode.SIGN_INVALID);
    // Signed with the token, a public read is answered as to anyone.
    const withToken = await api(t.app, { ...read, token: 'some-token' });
    expect(withToken.statusCode).toBe(200);
  });

  it('sees a write at once', async () => {
    const before = (await api(t.app, { url: ApiPaths.dictStage })).json().data as { id: number; name: string }[];
    await api(t.app, { url: ApiPaths.dictStage });
    await t.app.readCache.invalidate('textbooks');
    const full = countFullRoutes(t.app);
    const after = await api(t.app, { url: ApiPaths.dictStage });
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toEqual(before);
    expect(full()).toBe(1);
  });

  it('leaves HEAD, requests with a body and encodings the cache does not keep to the full route', async () => {
    const list = READS[2]!;
    await api(t.app, list);
    const full = countFullRoutes(t.app);
    const head = await t.app.inject({ method: 'HEAD', url: '/healthz' });
    expect(head.statusCode).toBe(200);
    // deflate is not kept: the full route answers and the compress plugin encodes it.
    const deflate = await api(t.app, { ...list, headers: { 'accept-encoding': 'deflate' } });
    expect(deflate.statusCode).toBe(200);
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(full()).toBe(1);
    const withBody = await api(t.app, { ...list, headers: { 'content-length': '2', 'content-type': 'text/plain' } });
    expect(withBody.statusCode).toBeGreaterThanOrEqual(200);
    expect(full()).toBe(withBody.statusCode === 200 ? 2 : 1);
  });

  it('answers the same over a real keep-alive connection, with HSTS behind a trusted https proxy', async () => {
    const app = await t.build({ config: testConfig({ trustProxy: true }) });
    const port = await listen(app);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const full = countFullRoutes(app);
      const get = (accept: string) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; socket: unknown }>(
          (resolve, reject) => {
            const timestamp = Date.now();
            const query = { page: '1', pageSize: '20' };
            const sign = signRequest(
              { method: 'GET', path: ApiPaths.textbooks, query, body: '', token: '', timestamp },
              TEST_SECRET,
            );
            const req = http.get(
              {
                port,
                host: '127.0.0.1',
                agent,
                path: `${ApiPaths.textbooks}?${new URLSearchParams(query)}`,
                headers: {
                  'accept-encoding': accept,
                  'x-forwarded-proto': 'https',
                  [SIGN_HEADERS.timestamp]: String(timestamp),
                  [SIGN_HEADERS.sign]: sign,
                },
              },
              (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c: Buffer) => chunks.push(c));
                res.on('end', () =>
                  resolve({
                    status: res.statusCode!,
                    headers: res.headers,
                    body: Buffer.concat(chunks),
                    socket: req.socket,
                  }),
                );
              },
            );
            req.on('error', reject);
          },
        );
      const first = await get('br');
      expect(first.status).toBe(200);
      expect(first.headers['strict-transport-security']).toMatch(/max-age=/);
      for (let i = 0; i < 3; i++) {
        const again = await get('br');
        expect(again.status).toBe(200);
        // One connection for all: the written answer leaves it usable.
        expect(again.socket).toBe(first.socket);
        expect(again.body.equals(first.body)).toBe(true);
        const { 'x-request-id': a, date: d1, ...rest } = again.headers;
        const { 'x-request-id': b, date: d2, ...firstRest } = first.headers;
        expect(a).not.toBe(b);
        void d1;
        void d2;
        expect(rest).toEqual(firstRest);
      }
      expect(full()).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('is counted in the metrics under its route pattern', async () => {
    const app = await t.build({ config: testConfig({ metrics: { enabled: true, token: undefined } }) });
    for (let i = 0; i < 3; i++) expect((await api(app, { url: ApiPaths.dictStage })).statusCode).toBe(200);
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(text).toContain(`http_requests_total{method="GET",route="${ApiPaths.dictStage}",status_code="200"} 3`);
    expect(text).toMatch(
      new RegExp(`http_request_duration_seconds_count\\{method="GET",route="${ApiPaths.dictStage}"\\} 3`),
    );
  });
});
