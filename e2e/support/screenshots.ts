/**
 * The documentation's screenshots (docs/screenshots/*.png). They show pages in the states the
 * journeys lead to (a redeemed code, a graded homework, a completed course), so the journeys that
 * reach those states take them, but only in the run of `npm run screenshots`, which sets
 * E2E_SCREENSHOTS=1 (screenshots.config.ts): `npm test` writes no tracked file and spends no time on
 * pictures.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from './env';

/** Whether this run writes the documentation's screenshots. */
export const TAKING_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** Folder of the documentation's screenshots. */
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');

/** Writes `docs/screenshots/<file>` from the page as shown (the whole page with `fullPage`), in the screenshots run only. */
export async function docScreenshot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, file), fullPage: options.fullPage ?? false });
}
