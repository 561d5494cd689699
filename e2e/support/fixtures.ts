/**
 * The `test` every spec uses: fails a test on an uncaught page error or an unexpected
 * console.error. A test that provokes an error on purpose (a 401 or 404 answer logs "Failed to
 * load resource" in Chromium) declares it with `allowConsoleErrors(/pattern/)`.
 */
import { test as base, expect } from '@playwright/test';

interface Fixtures {
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleGuard: void;
}

export const test = base.extend<Fixtures & { _allowed: RegExp[] }>({
  _allowed: async ({}, use) => {
    await use([]);
  },
  allowConsoleErrors: async ({ _allowed }, use) => {
    await use((...patterns) => void _allowed.push(...patterns));
  },
  consoleGuard: [
    async ({ page, _allowed }, use) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !_allowed.some((r) => r.test(m.text())))
          problems.push(`console.error: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      await use();
      expect(problems, 'unexpected browser errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
