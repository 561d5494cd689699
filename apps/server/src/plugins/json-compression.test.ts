import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_ENCODINGS, COMPRESS_THRESHOLD_BYTES, encodeBytes } from '../lib/compression';
import jsonCompression from './json-compression';

/** About 3 kB of JSON, mostly Chinese, as the API's lists are. */
const large = {
  code: 0,
  msg: '成功',
  data: Array.from({ length: 60 }, (_, i) => ({ rank: i + 1, userName: `张*明${i}`, points: 1000 - i })),
};
/** Under 1024 UTF-16 code units but over 1024 UTF-8 bytes. */
const chinese = { code: 0, msg: '成功', data: '阅'.repeat(500) };

const app = Fastify({ logger: false });
beforeAll(async () => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...COMPRESS_ENCODINGS],
  });
  await app.register(jsonCompression);
  app.get('/large', async () => large);
  app.get('/chinese', async () => chinese);
  app.get('/small', async () => ({ code: 0, msg: '成功', data: [1, 2, 3] }));
  app.get('/page', async (_req, reply) => reply.type('text/html; charset=utf-8').send('<p>页面</p>'.repeat(200)));
  app.get('/encoded', async (_req, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('content-encoding', 'gzip')
      .send(await encodeBytes('gzip', Buffer.from(JSON.stringify(large)))),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers });

describe('JSON answers compressed in one call', () => {
  it('sends brotli to a browser, made here and not by the stream plugin, with Vary', async () => {
    const res = await get('/large', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(large);
    // The very bytes of the one-call compression (the plugin's quality 4 stream makes others).
    const expected = await encodeBytes('br', Buffer.from(JSON.stringify(large), 'utf8'));
    expect(res.rawPayload.equals(expected)).toBe(true);
  });

  it('honours the preference, counts UTF-8 bytes, and leaves the rest to the plugin', async () => {
    const gz = await get('/large', { 'accept-encoding': 'br;q=0.1, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(large);

    const zh = await get('/chinese', { 'accept-encoding': 'br' });
    expect(JSON.stringify(chinese).length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(zh.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(zh.rawPayload).toString('utf8'))).toEqual(chinese);

    const plain = await get('/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json()).toEqual(large);

    const refused = await get('/large', { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const small = await get('/small', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toEqual([1, 2, 3]);

    // Deflate, pages and answers already encoded are the plugin's (or nobody's) business.
    const deflated = await get('/large', { 'accept-encoding': 'deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(inflateSync(deflated.rawPayload).toString('utf8'))).toEqual(large);
    const page = await get('/page', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString('utf8')).toContain('页面');
    const encoded = await get('/encoded', { 'accept-encoding': 'br, gzip' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(encoded.rawPayload).toString('utf8'))).toEqual(large);

    const head = await get('/large', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });
});
