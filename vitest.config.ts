import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { serverTestOptions } from './apps/server/vitest.config.ts';

const SERVER_ROOT = './apps/server';

/**
 * Server test files that replace modules with `vi.mock` before the app imports them: they need a
 * module registry of their own. Read from the files, so a new one is never run shared.
 */
const ISOLATED_SERVER_TESTS = ['src', 'test'].flatMap((dir) =>
  fs
    .readdirSync(path.join(SERVER_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .filter((f) => /\bvi\.(doMock|mock)\(/.test(fs.readFileSync(path.join(SERVER_ROOT, f), 'utf8'))),
);

/**
 * Server test files about PGlite itself or the embedded start (no DATABASE_URL, no Redis): the
 * process entry on a PGlite data directory, the demo seed of a fresh embedded database, the
 * PGlite and in-process branches of the metrics. Every other server file is engine-neutral or
 * PostgreSQL/Redis-specific. With TEST_PGLITE_ONLY=1 the server projects run only these: CI runs
 * them so on Node 20, and every server file on PostgreSQL and Redis on Node 24.
 */
const PGLITE_SERVER_TESTS = ['test/metrics.test.ts', 'test/seed-defaults.test.ts', 'test/shutdown.test.ts'];

const pgliteOnly = process.env.TEST_PGLITE_ONLY === '1';
if (pgliteOnly && process.env.TEST_DATABASE_URL)
  throw new Error('TEST_PGLITE_ONLY=1 runs the PGlite-specific files on PGlite: unset TEST_DATABASE_URL');
for (const f of PGLITE_SERVER_TESTS)
  if (!fs.existsSync(path.join(SERVER_ROOT, f))) throw new Error(`PGLITE_SERVER_TESTS names a missing file: ${f}`);

/** Files a server project runs of the given ones: with TEST_PGLITE_ONLY=1, the PGlite-specific. */
const serverFiles = (files: string[]) => (pgliteOnly ? files.filter((f) => PGLITE_SERVER_TESTS.includes(f)) : files);

/**
 * One Vitest run, four projects: the contract's and web's unit tests, and the server suite in two
 * parts. Most server files share their worker's module registry (`isolate: false`): each builds its
 * own app on its own database, and importing the app once per worker instead of once per file saves
 * about two minutes a run. `server-isolated` runs the files that mock modules with a registry each.
 */
export default defineConfig({
  test: {
    // The server suite's template database (one per run, shared by both server projects).
    globalSetup: [`${SERVER_ROOT}/test/global-setup.ts`],
    projects: [
      'packages/contract',
      'apps/web',
      {
        test: {
          ...serverTestOptions,
          root: SERVER_ROOT,
          name: 'server',
          isolate: false,
          exclude: [...configDefaults.exclude, ...ISOLATED_SERVER_TESTS],
          ...(pgliteOnly ? { include: PGLITE_SERVER_TESTS } : {}),
        },
      },
      {
        test: {
          ...serverTestOptions,
          root: SERVER_ROOT,
          name: 'server-isolated',
          include: serverFiles(ISOLATED_SERVER_TESTS),
        },
      },
    ],
  },
});
