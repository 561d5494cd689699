/**
 * The capacity benchmark's servers and fixture: PostgreSQL (a fresh database), a private Redis and
 * two portal instances of the built server with the demo content (the second started on demand);
 * pupils with a password and an unused activation code each, readers with sessions in the demo
 * activity, the catalogue's facets and first books.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApiPaths, type TextbookFacets } from '@eav/contract';
import { openDatabase } from '../../apps/server/src/db/client';
import { sessions, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/features/accounts/password';
import { generateCodes } from '../../apps/server/src/features/textbooks/activation';
import { demoActivityBooks } from '../activity-fixture';
import { PG_ADMIN_URL } from '../pg';
import { signedGet } from '../scenarios/textbooks';
import { createDatabase, freePort, portalInstance, startRedis, type Instance } from '../proof/infra';
import { BENCH_SIGN_SECRET, type BenchContext } from '../run';

export const SIGN_SECRET = BENCH_SIGN_SECRET;
export const CAPTCHA_CODE = 'Ab3D';
export const PASSWORD = 'Xuexi2026go';
/** Pupils per class, and per school address. */
export const CLASS_SIZE = 50;
const PUPILS = 1_500;
const READERS = 2_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface Fixture {
  pupils: { userName: string; code: string; address: string }[];
  readers: { id: number; token: string }[];
  activityBooks: number[];
  facets: TextbookFacets;
  bookIds: number[];
}

export interface Stack {
  dir: string;
  dbName: string;
  a: Instance;
  b: Instance;
  fixture: Fixture;
  stop(): Promise<void>;
}
let stack: Promise<Stack> | undefined;

/** PostgreSQL, a private Redis and two instances (the second started on demand); the fixture. */
export function startStack(ctx: BenchContext): Promise<Stack> {
  stack ??= (async () => {
    const dir = ctx.tmpDir('eav-bench-capacity-');
    const db = await createDatabase(PG_ADMIN_URL);
    fs.mkdirSync(path.join(dir, 'redis'));
    const redis = await startRedis(path.join(dir, 'redis'));
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      EAV_SIGN_SECRET: SIGN_SECRET,
      URL_SIGNING_SECRET: randomBytes(24).toString('base64url'),
      TRUST_PROXY: 'true',
      API_DOCS: 'false',
      FAKE_IDP: 'false',
      SMS_PROVIDER: 'dev',
      CAPTCHA_FIXED_CODE: CAPTCHA_CODE,
      DATA_DIR: path.join(dir, 'data'),
    };
    const a = portalInstance(ctx.root, dir, 'capacity-a', await freePort(), { ...env, SEED_DEMO: 'true' });
    const b = portalInstance(ctx.root, dir, 'capacity-b', await freePort(), { ...env, SEED_DEMO: 'false' });
    await a.start();
    const fixture = await prepare(db.url, a.url);
    ctx.log(`capacity: ${fixture.pupils.length} pupils with codes, ${fixture.readers.length} readers on ${db.name}`);
    return {
      dir,
      dbName: db.name,
      a,
      b,
      fixture,
      stop: async () => {
        await Promise.all([a.terminate(), b.terminate()]);
        await redis.stop();
        await db.drop();
      },
    };
  })();
  return stack;
}

/** Pupils with a password and an unused code each, readers with sessions in the demo activity. */
async function prepare(databaseUrl: string, url: string): Promise<Fixture> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const { db } = database;
    // A class activates the books of its grade: six books, a code of one of them per pupil.
    const { activityBooks, codeBooks } = await demoActivityBooks(db);
    const codes: string[] = [];
    for (const id of codeBooks)
      codes.push(...(await generateCodes(db, { textbookId: id, count: PUPILS / codeBooks.length, batch: 'capacity' })));
    const passwordHash = await hashPassword(PASSWORD);
    const pupils: Fixture['pupils'] = [];
    for (let i = 0; i < PUPILS; i += 500) {
      const rows = await db
        .insert(users)
        .values(Array.from({ length: 500 }, (_, j) => ({ userName: `cap_pupil_${i + j}`, passwordHash })))
        .returning({ userName: users.userName });
      rows.forEach((r, j) => {
        const n = i + j;
        const school = Math.floor(n / CLASS_SIZE);
        pupils.push({
          userName: r.userName!,
          code: codes[n]!,
          address: `10.${90 + Math.floor(school / 250)}.${school % 250}.1`,
        });
      });
    }
    const expiresAt = new Date(Date.now() + 7 * 86400_000);
    const readers: Fixture['readers'] = [];
    for (let i = 0; i < READERS; i += 500) {
      const rows = await db
        .insert(users)
        .values(Array.from({ length: 500 }, (_, j) => ({ userName: `cap_reader_${i + j}` })))
        .returning({ id: users.id });
      const tokens = rows.map(() => randomBytes(24).toString('base64url'));
      await db
        .insert(sessions)
        .values(rows.map((r, k) => ({ userId: r.id, tokenHash: sha256(tokens[k]!), expiresAt })));
      rows.forEach((r, k) => readers.push({ id: r.id, token: tokens[k]! }));
    }
    const facets = await signedGet<TextbookFacets>(url, ApiPaths.textbookFacets);
    const list = await signedGet<{ items: { id: number }[] }>(url, ApiPaths.textbooks, { pageSize: '100' });
    return { pupils, readers, activityBooks, facets, bookIds: list.items.map((b) => b.id) };
  } finally {
    await database.close();
  }
}

/** Stops the servers and drops the database; the next `startStack` starts afresh. */
export async function stopStack(): Promise<void> {
  const s = await stack;
  stack = undefined;
  await s?.stop();
}
