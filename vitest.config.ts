import { defineConfig } from 'vitest/config';

/** One Vitest run, three projects: the contract's and web's unit tests, and the server suite. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/web', 'apps/server'],
  },
});
