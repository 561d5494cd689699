/**
 * Playwright: Debian Chromium against the BUILT server (`node apps/server/dist/main.js`, which also
 * serves the built web app) on E2E_PORT with a fresh DATA_DIR. Root `npm run test:e2e` builds first.
 */
import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import {
  ARTIFACTS_DIR,
  BASE_URL,
  CAPTCHA_CODE,
  CHROMIUM,
  DATA_DIR,
  E2E_PORT,
  REPO_ROOT,
  SIGN_SECRET,
  WEB_DIR,
} from './support/env';

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(ARTIFACTS_DIR, 'test-results'),
  fullyParallel: false,
  // A journey keeps about one core busy (Chromium, the page's scripts, axe, the server's share): one
  // worker per core. Measured on two cores, four workers ran the suite in 10.5 min against two
  // workers' 11.2 min, at a load of 21: the machine, not the workers, was the limit.
  workers: Math.max(2, os.availableParallelism()),
  retries: 0,
  // A test's limit follows from its steps: each step waits for a state with its own bound (the
  // `expect` timeout below, a page load, a download), and a test's limit is about the sum of the
  // bounds of the steps it is likely to wait out on a busy machine, not a multiple of a run seen.
  // A journey of a few pages and a login fits in 120 s beside the other worker; a test with more
  // steps (a lesson played through, two browsers, a walk of every route) sets its own limit with
  // the steps that make it up.
  timeout: 120_000,
  // A full load of an antd page (the console after a reload) runs antd's style engine for every
  // component on the page: 6-10 s in Chromium with 4x CPU throttling, and as long on a 2-core machine
  // shared with the other worker. Speed is measured by the benchmarks (docs/benchmarks.md), not here.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  // After every spec, before the server stops: no answer of the run broke its response schema.
  globalTeardown: './support/teardown.ts',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    launchOptions: CHROMIUM,
    // A failed test keeps a trace of DOM snapshots per step (and the screenshot below), not a
    // screencast: the screencast's frames were about 40 % of the suite's CPU time (Chromium's
    // compositor and the trace writer), measured in docs/benchmarks.md.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The data directory is wiped here, once, before the server starts (workers never touch it).
    // The built web app is served from a copy, so a build running elsewhere in the shared tree
    // (which empties apps/web/dist) cannot pull pages from under the suite.
    command: [
      `rm -rf "${DATA_DIR}" "${WEB_DIR}"`,
      `mkdir -p "${DATA_DIR}"`,
      `cp -r apps/web/dist "${WEB_DIR}"`,
      'exec node apps/server/dist/main.js',
    ].join(' && '),
    cwd: REPO_ROOT,
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      WEB_DIST_DIR: WEB_DIR,
      CAPTCHA_FIXED_CODE: CAPTCHA_CODE,
      // Not the development default: the built web app must sign with what the server hands it.
      EAV_SIGN_SECRET: SIGN_SECRET,
      SMS_PROVIDER: 'dev',
      // Each test sends its own X-Forwarded-For (support/fixtures.ts): one visitor per journey for the
      // per-address rate limits, as behind the production proxy.
      TRUST_PROXY: 'true',
      SEED_DEMO: 'true',
      // The chat journey must not depend on the time of day (docs/chat.md): agents are on duty.
      CHAT_SERVICE_HOURS: 'open',
      // Journeys through time move the server's clock forward instead of waiting (support/clock.ts).
      TEST_CLOCK: 'on',
      LOG_LEVEL: 'warn',
      // Read by the global teardown (response serialisation errors must stay at zero).
      METRICS: 'on',
    },
  },
});
