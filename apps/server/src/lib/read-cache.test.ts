import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { cachedPayload, etagMatches, ReadCache, weakEtag } from './read-cache';
import { InvalidationBus } from './read-cache-bus';

/** A stand-in for the one query the cache makes: the versions of every scope. */
function fakeDb(versions: Record<string, number>) {
  const calls = { n: 0 };
  const db = {
    select: () => ({
      from: () => ({
        where: async () => {
          calls.n++;
          return Object.entries(versions).map(([scope, version]) => ({ scope, version }));
        },
      }),
    }),
  } as unknown as Db;
  return { db, calls };
}

/** A reply that records the headers the cache sets (the parts of FastifyReply it uses). */
function fakeReply(): { reply: FastifyReply; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return this;
    },
    getHeader(name: string) {
      return headers[name];
    },
    type(value: string) {
      headers['content-type'] = value;
      return this;
    },
    code() {
      return this;
    },
  } as unknown as FastifyReply;
  return { reply, headers };
}

describe('etagMatches', () => {
  const tag = weakEtag('{"a":1}');
  it('compares weakly, in lists and with *', () => {
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(tag.slice(2), tag)).toBe(true);
    expect(etagMatches(`W/"x", ${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches(weakEtag('{"a":2}'), tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});

describe('ReadCache', () => {
  it('serves a hit without loading or reading the version again within the check interval', async () => {
    const versions = { textbooks: 1, banner: 1 };
    const { db, calls } = fakeDb(versions);
    let now = 0;
    const cache = new ReadCache({ db, monotonic: () => now, checkMs: 250 });
    let loads = 0;
    const load = async () => ({ value: { n: ++loads } });
    const a = await cache.get('textbooks', 'k', load);
    const b = await cache.get('textbooks', 'k', load);
    expect(a).toBe(b);
    expect(JSON.parse(a.body)).toEqual({ n: 1 });
    expect(calls.n).toBe(1);
    // A write bumps the version: seen once the interval passed.
    versions.textbooks = 2;
    expect(JSON.parse((await cache.get('textbooks', 'k', load)).body)).toEqual({ n: 1 });
    now = 300;
    const c = await cache.get('textbooks', 'k', load);
    expect(JSON.parse(c.body)).toEqual({ n: 2 });
    expect(c.etag).not.toBe(a.etag);
  });

  it('sees a write at once after invalidate, also from another cache on the same bus', async () => {
    const versions = { textbooks: 1, banner: 1 };
    const bus = new InvalidationBus(null);
    const one = new ReadCache({ db: fakeDb(versions).db, bus, monotonic: () => 0 });
    const two = new ReadCache({ db: fakeDb(versions).db, bus, monotonic: () => 0 });
    let n = 0;
    const load = async () => ({ value: ++n });
    await one.get('banner', 'k', load);
    await two.get('banner', 'k', load);
    versions.banner = 2;
    await one.invalidate('banner');
    expect((await two.get('banner', 'k', load)).body).toBe('3');
  });

  it('rebuilds an answer after its until time and shares concurrent builds', async () => {
    let clock = 0;
    const cache = new ReadCache({ db: fakeDb({ banner: 1 }).db, clock: () => clock, monotonic: () => 0 });
    let n = 0;
    const load = async () => ({ value: ++n, until: 100 });
    const [x, y] = await Promise.all([cache.get('banner', 'k', load), cache.get('banner', 'k', load)]);
    expect(x).toBe(y);
    expect(n).toBe(1);
    clock = 100;
    expect((await cache.get('banner', 'k', load)).body).toBe('2');
  });

  it('keeps no failed build and stays within its byte budget', async () => {
    const cache = new ReadCache({ db: fakeDb({ textbooks: 1 }).db, monotonic: () => 0, maxBytes: 10_000 });
    await expect(
      cache.get('textbooks', 'bad', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await cache.get('textbooks', 'bad', async () => ({ value: 1 }))).body).toBe('1');
    for (let i = 0; i < 100; i++) await cache.get('textbooks', `k${i}`, async () => ({ value: 'x'.repeat(500) }));
    expect(cache.stats.bytes).toBeLessThanOrEqual(10_000);
  });

  it('peeks an answer only while its version is trusted, and replies without a promise then', async () => {
    const versions = { textbooks: 1, banner: 1 };
    let now = 0;
    let clock = 0;
    const cache = new ReadCache({ db: fakeDb(versions).db, monotonic: () => now, clock: () => clock, checkMs: 250 });
    expect(cache.peek('textbooks', 'k')).toBeUndefined();
    let n = 0;
    const load = async () => ({ value: ++n });
    const built = await cache.get('textbooks', 'k', load);
    expect(cache.peek('textbooks', 'k')).toBe(built);
    expect(cache.peek('textbooks', 'other')).toBeUndefined();
    expect(cache.peek('banner', 'k')).toBeUndefined();

    const { reply, headers } = fakeReply();
    const request = { headers: {} } as FastifyRequest;
    // A hit is the payload itself, not a promise of it: the handler answers in the same turn.
    const payload: unknown = cache.reply(request, reply, 'textbooks', 'k', load);
    expect(payload).toBe(built.bytes);
    expect(headers.etag).toBe(built.etag);

    // Past the check interval, or after an invalidation, the versions must be read again first.
    now = 300;
    expect(cache.peek('textbooks', 'k')).toBeUndefined();
    const later: unknown = cache.reply(request, reply, 'textbooks', 'k', load);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(built.bytes);
    expect(cache.peek('textbooks', 'k')).toBe(built);
    cache.forgetVersions();
    expect(cache.peek('textbooks', 'k')).toBeUndefined();

    // An answer past its until time is never peeked.
    const timed = await cache.get('banner', 't', async () => ({ value: 'x', until: 100 }));
    expect(cache.peek('banner', 't')).toBe(timed);
    clock = 100;
    expect(cache.peek('banner', 't')).toBeUndefined();
  });

  it('keeps large answers compressed once and replies with the stored bytes of the accepted encoding', async () => {
    const cache = new ReadCache({ db: fakeDb({ textbooks: 1 }).db, monotonic: () => 0 });
    const value = { items: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `义务教育教科书·数学 第${i}册` })) };
    const large = await cache.get('textbooks', 'large', async () => ({ value }));
    const small = await cache.get('textbooks', 'small', async () => ({ value: { id: 1 } }));
    expect(small.encoded).toBeUndefined();
    expect(large.encoded).toBeDefined();
    const { br, gzip } = large.encoded!;
    expect(JSON.parse(brotliDecompressSync(br).toString('utf8'))).toEqual(value);
    expect(JSON.parse(gunzipSync(gzip).toString('utf8'))).toEqual(value);

    const sent = (accept?: string) => {
      const { reply, headers } = fakeReply();
      const request = { headers: accept === undefined ? {} : { 'accept-encoding': accept } } as FastifyRequest;
      const payload: unknown = cachedPayload(request, reply, large);
      return { payload, headers };
    };
    // The very buffers built once: nothing is compressed per request.
    expect(sent('gzip, deflate, br').payload).toBe(br);
    expect(sent('gzip, deflate, br').headers['content-encoding']).toBe('br');
    expect(sent('gzip').payload).toBe(gzip);
    expect(sent('deflate').payload).toBe(large.bytes);
    expect(sent('deflate').headers['content-encoding']).toBeUndefined();
    expect(sent().payload).toBe(large.bytes);
    expect(sent().headers.vary).toBe('accept-encoding');
  });
});
