import { defineProject } from 'vitest/config';

/** The server suite's options, shared with the root configuration's server projects. */
export const serverTestOptions = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  setupFiles: ['test/setup.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // PGlite per file is memory-hungry; two workers match the machine's two cores. Four workers on
  // PostgreSQL were tried and not kept (docs/benchmarks.md, CI stage times).
  maxWorkers: 2,
};

/** Run from this folder (`npx vitest run test/…`): every file with a module registry of its own. */
export default defineProject({
  test: { name: 'server', ...serverTestOptions, globalSetup: ['test/global-setup.ts'] },
});
