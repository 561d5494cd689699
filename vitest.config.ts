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
        },
      },
      { test: { ...serverTestOptions, root: SERVER_ROOT, name: 'server-isolated', include: ISOLATED_SERVER_TESTS } },
    ],
  },
});
