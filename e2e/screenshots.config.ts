/**
 * `npm run screenshots`: the journeys that take the documentation's screenshots (support/screenshots.ts),
 * run against the same built server as the suite, writing docs/screenshots/*.png at 1440 px and 375 px.
 * `npm test` (playwright.config.ts) takes none.
 */
import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import base from './playwright.config';
import { E2E_DIR } from './support/env';

// Read by support/screenshots.ts in the runner and, inherited, in every worker.
process.env.E2E_SCREENSHOTS = '1';

const testDir = path.join(E2E_DIR, 'tests');
/** The spec files that take a screenshot. */
const specs = fs
  .readdirSync(testDir)
  .filter((f) => f.endsWith('.spec.ts') && fs.readFileSync(path.join(testDir, f), 'utf8').includes('docScreenshot('));

export default defineConfig({ ...base, testMatch: specs });
