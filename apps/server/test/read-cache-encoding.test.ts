/**
 * Cached answers kept compressed (decision 011, docs/api.md Caching): a catalogue page goes out in
 * the encoding the client prefers, decodes to the same JSON as the plain answer, keeps its ETag, and
 * is sent as it is to clients that accept no stored encoding; small answers are never encoded.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ApiPaths } from '@eav/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, useTestApp } from './helpers';
import { readCatalogue } from './textbooks-helpers';

const t = useTestApp();

beforeAll(async () => {
  // Enough real books for a page of 20 cards, several kB of JSON.
  const { text } = readCatalogue();
  await importTextbooks(t.database.db, text.split('\n').slice(0, 60).join('\n'));
});

const page = (headers: Record<string, string> = {}) =>
  api(t.app, { url: ApiPaths.textbooks, query: { page: 1, pageSize: 20 }, headers });

describe('cached answers kept compressed', () => {
  it('sends the stored encoding the client prefers, decoding to the plain answer under the same ETag', async () => {
    const plain = await page();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toBe('accept-encoding');
    const json = plain.json();
    expect(json.data.items.length).toBe(20);

    const br = await page({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);

    // q-values are honoured; x-gzip and * are gzip, as the compress plugin reads them.
    for (const accept of ['gzip', 'br;q=0.5, gzip', 'x-gzip', 'GZIP, identity']) {
      const gz = await page({ 'accept-encoding': accept });
      expect(gz.headers['content-encoding'], accept).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(json);
    }

    // Identity, a refusal of compression, or none: the bytes as they are.
    const unencoded: Record<string, string>[] = [
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ];
    for (const headers of unencoded) {
      const same = await page(headers);
      expect(same.headers['content-encoding']).toBeUndefined();
      expect(same.rawPayload.equals(plain.rawPayload)).toBe(true);
    }

    // An encoding the cache does not keep is left to the compress plugin, which makes it.
    const deflated = await page({ 'accept-encoding': 'deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(inflateSync(deflated.rawPayload).toString('utf8'))).toEqual(json);

    // A client holding the tag gets a 304 whatever it accepts.
    const again = await page({ 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('sends small answers as they are', async () => {
    const grades = await api(t.app, { url: ApiPaths.dictGrade, headers: { 'accept-encoding': 'br, gzip' } });
    expect(grades.statusCode).toBe(200);
    expect(grades.rawPayload.length).toBeLessThan(1024);
    expect(grades.headers['content-encoding']).toBeUndefined();
    expect(grades.json().data.length).toBeGreaterThan(0);
  });
});
