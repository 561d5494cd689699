import { configDefaults, defineConfig } from 'vitest/config';
import { serverTestOptions } from './apps/server/vitest.config.ts';

/**
 * Server test files that need a module registry of their own: they replace modules with `vi.mock`
 * before the app imports them, or measure the process's heap.
 */
const ISOLATED_SERVER_TESTS = ['test/memory-bounds.test.ts', 'test/seed-defaults.test.ts'];

const server = {
  ...serverTestOptions,
  root: './apps/server',
  include: [...serverTestOptions.include],
  setupFiles: [...serverTestOptions.setupFiles],
};

/**
 * One Vitest run, four projects: the contract's and web's unit tests, and the server suite in two
 * parts. Most server files share their worker's module registry (`isolate: false`): each builds its
 * own app on its own database, and importing the app once per worker instead of once per file saves
 * about two minutes a run. `server-isolated` runs the files listed above with a registry each.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/web',
      {
        test: {
          ...server,
          name: 'server',
          isolate: false,
          exclude: [...configDefaults.exclude, ...ISOLATED_SERVER_TESTS],
        },
      },
      { test: { ...server, name: 'server-isolated', include: ISOLATED_SERVER_TESTS } },
    ],
  },
});
