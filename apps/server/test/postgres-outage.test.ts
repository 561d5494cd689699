/**
 * The database pool through an outage (docs/operations.md, Faults): while queries and transactions
 * run, the database refuses connections and its backends are terminated for two seconds. Every
 * query settles (answered or failed with a catchable error), nothing escapes as an uncaught
 * exception (which would end the process), and the pool answers again once the database is back.
 *
 * postgres.js 3.4.9 wrote a buffered message from a timer after its socket had closed and threw
 * there (porsager/postgres#1208); `patches/postgres+3.4.9.patch` settles those queries instead.
 * PostgreSQL only: skipped without TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

const adminUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!adminUrl)('the PostgreSQL pool through an outage', () => {
  const name = `eav_test_${randomBytes(6).toString('hex')}`;
  let admin: postgres.Sql;
  let database: Database;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: u.toString(), poolSize: 10 });
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await database?.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('settles every query, throws nothing uncaught, and answers again after the outage', async () => {
    const { db } = database;
    let stop = false;
    let answered = 0;
    let failed = 0;
    let answeredAfter = 0;
    let recovered = Infinity;
    // Thirty callers, half of them in transactions (the path that crashed), more than the pool.
    const caller = async () => {
      while (!stop) {
        try {
          if (Math.random() < 0.5) await db.execute(sql`select pg_sleep(0.005)`);
          else
            await db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              await tx.execute(sql`select pg_sleep(0.005)`);
            });
          answered++;
          if (Date.now() > recovered) answeredAfter++;
        } catch {
          failed++;
          await sleep(50);
        }
      }
    };
    const callers = Array.from({ length: 30 }, caller);
    await sleep(1000);

    await admin.unsafe(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    try {
      await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`;
      await sleep(2000);
    } finally {
      await admin.unsafe(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    recovered = Date.now();
    await sleep(2000);
    stop = true;
    // Every caller finishes: no query was left waiting on a closed connection.
    await Promise.all(callers);

    expect(uncaught).toEqual([]);
    expect(failed).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(0);
    expect(answeredAfter).toBeGreaterThan(0);
    const [row] = (await db.execute(sql`select 1 as one`)) as unknown as { one: number }[];
    expect(row?.one).toBe(1);
  }, 30_000);
});
