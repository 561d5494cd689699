/**
 * Bounded memory under floods of one-off input: every in-process cache and counter has a size
 * limit, so random keywords and logins for unknown accounts from random addresses leave the heap
 * and the caches where they were (sizes counted after every batch, the heap of the first and last
 * batch compared). Speed is measured by `npm run bench`, not here.
 *
 * Each database query costs about a millisecond, so the floods go where the memory is: keywords to the in-process search and its cache (a sample of
 * every batch through the list query and HTTP), logins through HTTP from random addresses, most
 * of them turned away before the database like a bot's, one in twenty a full login of an unknown
 * account that reaches the failure counters.
 */
import { randomBytes, randomInt } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ApiPaths } from '@eav/contract';
import { describe, expect, it, vi } from 'vitest';
import { MemoryKv } from '../src/plugins/kv';
import {
  KEYWORD_CACHE_MAX,
  KEYWORD_RESULT_BUDGET,
  keywordCacheStats,
  keywordResult,
  keywordTokens,
  listTextbooks,
  snapshot,
} from '../src/features/textbooks/catalogue';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api } from './helpers';
import { randomIp, useAccountsApp } from './accounts-helpers';
import { readCatalogue } from './textbooks-helpers';

// What is measured here is the process's memory, not password hashing or image captchas: the
// dummy argon2 check (~50 ms each) and the captcha lookup are skipped; everything else runs.
vi.mock('../src/features/accounts/password', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/features/accounts/password')>()),
  verifyDummy: async () => false,
}));
vi.mock('../src/features/accounts/captcha', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/features/accounts/captcha')>()),
  consumeCaptcha: async () => true,
}));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Heap in use after a full collection, in MB. */
function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const CJK =
  '的一是了我不人在他有这个上们来到时大地为子中你说生国年着就那和要她出也得里后自以会家可下而过天去能对小多然于心学么之都好看起发当没成只如事把还用第样道想作种开美总从无情己面最女但现前些所同日手又行意动方期它头经长儿回位分爱老因很给名法间斯知世什两次使身者被高已亲其进此话常与活正感';
/** A random keyword of one to three random words (Chinese characters or letters and digits). */
function randomKeyword(): string {
  const words = Array.from({ length: randomInt(1, 4) }, () =>
    randomInt(2) === 0
      ? Array.from({ length: randomInt(2, 6) }, () => CJK[randomInt(CJK.length)]).join('')
      : randomBytes(4).toString('base64url'),
  );
  return words.join(' ');
}

/** Runs `n` calls of `task` with `concurrency` in flight. */
async function flood(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

/** A random mainland phone number or user name that no account has. */
const unknownAccount = () =>
  randomInt(2) ? `139${String(randomInt(1e8)).padStart(8, '0')}` : `nobody_${randomBytes(6).toString('hex')}`;

// The in-process store is what is measured here, also where the suite runs against Redis.
const t = useAccountsApp({ redisUrl: undefined });

describe('memory bounds', () => {
  it('MemoryKv holds at most maxKeys keys and sweeps expired ones', async () => {
    const kv = new MemoryKv({ maxKeys: 1_000, sweepIntervalMs: 0 });
    for (let i = 0; i < 5_000; i++) await kv.incr(`k${i}`, 60_000);
    expect(kv.size).toBe(1_000);
    // The most recent keys survive, the oldest were evicted.
    expect(await kv.get('k4999')).toBe('1');
    expect(await kv.get('k0')).toBeNull();
    expect(await kv.incr('k4999', 60_000)).toBe(2);

    const short = new MemoryKv({ sweepIntervalMs: 0 });
    for (let i = 0; i < 999; i++) await short.set(`s${i}`, 'v', 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(short.size).toBe(999);
    // The 1,000th write triggers the sweep: the expired keys go without being read.
    await short.set('fresh', 'v', 60_000);
    expect(short.size).toBe(1);
    expect(await short.get('fresh')).toBe('v');
  });

  it('keeps heap and caches bounded under 50,000 random keywords and 30,000 unknown logins', async () => {
    // The real catalogue, so that some random keywords match and some results are large.
    await importTextbooks(t.database.db, readCatalogue().text);
    // A small key-value store, so that the logins below overfill it (the default holds 100,000 keys).
    const kvMaxKeys = 1_000;
    const app = await t.build({ kvMaxKeys });
    const kv = app.kv as MemoryKv;
    const snap = await snapshot(app.db);
    const heap: number[] = [];

    for (let b = 0; b < 5; b++) {
      await flood(10_000, 1, async () => {
        await keywordResult(app.db, snap, keywordTokens(randomKeyword()));
      });
      for (let i = 0; i < 100; i++) await listTextbooks(app.db, { keyword: randomKeyword() }, 1, 10);
      const res = await api(app, { url: ApiPaths.textbooks, query: { keyword: randomKeyword() } });
      expect(res.statusCode).toBe(200);
      const stats = await keywordCacheStats(app.db);
      expect(stats.keywords).toBeLessThanOrEqual(KEYWORD_CACHE_MAX);
      expect(stats.weight).toBeLessThanOrEqual(KEYWORD_RESULT_BUDGET);
      heap.push(heapMb());
    }

    for (let b = 0; b < 6; b++) {
      await flood(5_000, 8, async (i) => {
        const body = {
          account: unknownAccount(),
          password: 'Wrong2026pw',
          captchaKey: randomBytes(8).toString('hex'),
          captchaCode: 'Ab3D',
          platform: 'WEB',
        };
        const from = { 'x-forwarded-for': randomIp() };
        if (i % 20) {
          // Unsigned: answered 400 at the signature check, after the rate limiter counted the address.
          const res = await app.inject({ method: 'POST', url: ApiPaths.login, payload: body, headers: from });
          if (res.statusCode !== 400) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
          return;
        }
        const res = await api(app, { method: 'POST', url: ApiPaths.login, body, headers: from });
        if (res.statusCode !== 422) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
      });
      expect(kv.size).toBeLessThanOrEqual(kvMaxKeys);
      heap.push(heapMb());
    }
    // 1,500 unknown accounts from as many addresses left more failure counters than the store holds.
    expect(kv.size).toBe(kvMaxKeys);

    // The heap after the logins is within a few MB of the heap after the first keywords (a cache
    // keeping every keyword, or a map keeping every address or failure counter, adds tens of MB).
    expect(heap.at(-1)! - heap[0]!).toBeLessThan(16);
  }, 300_000);
});
