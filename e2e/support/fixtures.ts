/**
 * The `test` every spec uses: fails a test on an uncaught page error, an unexpected
 * console.error, or any Content-Security-Policy violation. A test that provokes an error on purpose
 * (a 401 or 404 answer logs "Failed to load resource" in Chromium) declares it with
 * `allowConsoleErrors(/pattern/)`; CSP violations cannot be allowed that way: a test that provokes
 * one on purpose reads and empties `cspViolations` itself.
 */
import { createHash } from 'node:crypto';
import { test as base, expect, type BrowserContext } from '@playwright/test';

interface Fixtures {
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleGuard: void;
  /** CSP violations seen so far in this test (every page of every context it opened). */
  cspViolations: string[];
  cspGuard: void;
}

/** Chromium's console wording for a blocked load, eval or inline script/style. */
const CSP_CONSOLE = /Content Security Policy/i;
const REPORT_BINDING = '__eavReportCspViolation';

/** Reports every `securitypolicyviolation` event of the context's pages to `sink`. */
async function watchCsp(context: BrowserContext, sink: string[]): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, (_source, text: string) => void sink.push(text));
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  }, REPORT_BINDING);
  context.on('console', (m) => {
    if (CSP_CONSOLE.test(m.text())) sink.push(`console: ${m.text()}`);
  });
}

/**
 * The client address of one test, sent as `X-Forwarded-For` (the e2e server runs with
 * TRUST_PROXY=true): each journey is its own visitor for the per-address rate limits and password
 * locks, as real visitors are, instead of every journey of the suite sharing 127.0.0.1's budget.
 */
export function clientAddress(testId: string): string {
  const [a, b, c] = createHash('sha256').update(testId).digest();
  return `10.${a}.${b}.${(c! % 250) + 1}`;
}

export const test = base.extend<Fixtures & { _allowed: RegExp[] }>({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'X-Forwarded-For': clientAddress(testInfo.testId) });
  },
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
        if (m.type() === 'error' && !CSP_CONSOLE.test(m.text()) && !_allowed.some((r) => r.test(m.text())))
          problems.push(`console.error: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      await use();
      expect(problems, 'unexpected browser errors').toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: async ({}, use) => {
    await use([]);
  },
  cspGuard: [
    async ({ context, browser, cspViolations, extraHTTPHeaders }, use) => {
      await watchCsp(context, cspViolations);
      // Contexts a test opens itself (another user agent, a second user) are watched too, and come
      // from the test's client address unless they say otherwise.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options = {}) => {
        const created = await newContext({
          ...options,
          extraHTTPHeaders: { ...extraHTTPHeaders, ...options.extraHTTPHeaders },
        });
        await watchCsp(created, cspViolations);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
