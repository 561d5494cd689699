import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    include: ['src/**/*.test.ts'],
    // Property tests run hundreds of cases each; a busy CI machine needs more than the default 5 s.
    testTimeout: 30_000,
  },
});
