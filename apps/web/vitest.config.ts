import path from 'node:path';
import { defineProject } from 'vitest/config';

/**
 * Web unit tests in jsdom. The test document carries the run-time configuration tag that the
 * server writes into index.html (src/config/runtime.ts), with the development signing secret.
 */
const runtimeConfig = JSON.stringify({ signSecret: 'dev-secret', publicOrigin: null, features: {} }).replace(
  /"/g,
  '&quot;',
);

export default defineProject({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'jsdom',
    environmentOptions: {
      jsdom: {
        html: `<!doctype html><html><head><meta name="eav-config" content="${runtimeConfig}"></head><body></body></html>`,
      },
    },
    setupFiles: ['src/testing/setup.ts'],
    // Form tests render antd in jsdom, which takes seconds on a busy two-core machine.
    testTimeout: 20_000,
  },
});
