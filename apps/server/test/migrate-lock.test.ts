/**
 * Several instances starting together on one fresh PostgreSQL database (docs/operations.md,
 * Upgrade): migrations run under an advisory lock, so they are applied exactly once and every
 * instance comes up healthy. PostgreSQL only (PGlite is single-process): skipped without
 * TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
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

  it('two instances started at once on a fresh database apply each migration exactly once', async () => {
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
      // The lock is released once migrating is done.
      const held =
        await db`select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
      expect(held).toHaveLength(0);
    } finally {
      await db.end();
    }
  });
});
