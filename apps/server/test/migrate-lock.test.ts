/**
 * Several instances starting together on one fresh PostgreSQL database (docs/operations.md,
 * Upgrade): migrations and the start-up seeders run under advisory locks, so migrations are applied
 * exactly once, the seed is not doubled, and every instance comes up healthy. PostgreSQL only (PGlite is single-process): skipped without
 * TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { serverRoot } from '../src/lib/package-root';
import { testConfig } from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('migrations under the advisory lock (PostgreSQL)', () => {
  const name = `eav_test_${randomBytes(6).toString('hex')}`;
  let admin: postgres.Sql;
  let url: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('three instances started at once on a fresh database apply each migration once and seed once', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(serverRoot(), 'drizzle', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const start = () =>
      buildApp({
        config: testConfig({ databaseUrl: url }),
        kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:`,
      });
    const results = await Promise.allSettled([start(), start(), start()]);
    for (const r of results) if (r.status === 'fulfilled') apps.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    for (const app of apps) {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', database: 'postgres' });
    }
    const db = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await db<{ hash: string }[]>`select hash from drizzle.__drizzle_migrations`;
      expect(rows).toHaveLength(journal.entries.length);
      expect(new Set(rows.map((r) => r.hash)).size).toBe(journal.entries.length);
      const doubled = await db`select title from banner group by title having count(*) > 1`;
      expect(doubled).toHaveLength(0);
      const [banners] = await db<{ n: number }[]>`select count(*)::int as n from banner`;
      expect(banners?.n).toBeGreaterThan(0);
      // The locks are released once migrating and seeding are done.
      const held =
        await db`select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
      expect(held).toHaveLength(0);
    } finally {
      await db.end();
    }
  });

  it('start-up work run exclusively by two instances never overlaps', async () => {
    const a = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const b = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const events: string[] = [];
      const work = (name: string) => async () => {
        events.push(`${name} in`);
        await new Promise((r) => setTimeout(r, 150));
        events.push(`${name} out`);
        return name;
      };
      const done = await Promise.all([a.exclusively(work('a')), b.exclusively(work('b')), a.exclusively(work('c'))]);
      expect(done).toEqual(['a', 'b', 'c']);
      // Each one leaves before the next comes in.
      for (let i = 0; i < events.length; i += 2) {
        expect(events[i]!.split(' ')[0]).toBe(events[i + 1]!.split(' ')[0]);
        expect([events[i]!.split(' ')[1], events[i + 1]!.split(' ')[1]]).toEqual(['in', 'out']);
      }
      // A failing piece of work releases the lock too.
      await expect(a.exclusively(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      await expect(b.exclusively(async () => 'after')).resolves.toBe('after');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
