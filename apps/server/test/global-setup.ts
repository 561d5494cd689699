/**
 * Vitest global setup of the server suite: migrates one template database per run, which
 * `createTestDatabase` (helpers.ts) copies for each test file instead of migrating a new database
 * every time. On PostgreSQL (TEST_DATABASE_URL) the template is a database that each file copies
 * with `CREATE DATABASE … TEMPLATE`; on PGlite it is a dump of a migrated in-memory database in a
 * temporary file, which each file loads. The template is removed when the run ends.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/** Where each test file's database comes from (read with `inject('serverTestTemplate')`). */
export type ServerTestTemplate =
  { engine: 'postgres'; adminUrl: string; name: string } | { engine: 'pglite'; dumpFile: string };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestTemplate: ServerTestTemplate | undefined;
  }
}

/** Creates and migrates the run's template; answers the teardown that removes it. */
export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // The root configuration's global setup runs for every run; the unit projects need no database.
  if (!project.vitest.projects.some((p) => p.name.startsWith('server'))) {
    project.provide('serverTestTemplate', undefined);
    return undefined;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // The eav_test_ prefix is the one CI counts leftovers of, so a template left behind shows too.
    const name = `eav_test_tpl_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // A database can be copied only while nobody is connected to it: close before the files start.
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('serverTestTemplate', { engine: 'postgres', adminUrl, name });
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: ':memory:' });
  let dump: Blob;
  try {
    await database.migrate();
    // Drizzle's PGlite handle keeps its client as `$client`: its data directory is the template.
    dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-test-template-'));
  const dumpFile = path.join(dir, 'pgdata.tar');
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('serverTestTemplate', { engine: 'pglite', dumpFile });
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
