/**
 * 查找 (search in the book; docs/reader.md#查找) in both readers, against the shared e2e server (demo
 * seed), as a visitor on a public demo book with at least 3 pages. The word searched is read from page
 * 2's text layer in the test (no book's text is written here), then searched from page 1:
 * - desktop at 1440 px: Ctrl+F opens the panel with the box focused; the count 共 N 处 and the list
 *   (page and context, the word in <mark>) come up, a result on page 2 jumps there and is boxed on the
 *   page; Enter / Shift+Enter and 下一处 / 上一处 move through the list in order; axe on the open
 *   panel; Escape closes it and the focus goes back to 查找;
 * - a phone at 375 px (H5 reader): 查找 in the header opens the popup (axe), a result jumps and closes
 *   it, the bar's 下一处 / 上一处 move through the matches, Escape closes the popup.
 */
import { ApiPaths, type Paged, type TextbookListItem } from '@eav/contract';
import type { Locator, Page } from '@playwright/test';
import { signedFetch } from '../support/api';
import { axeFindings } from '../support/axe';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA };
const TEXT_SPANS = '.react-pdf__Page__textContent [data-item]';

/** A public demo book with a PDF of at least 3 pages (a visitor may read it). */
async function publicBook(): Promise<TextbookListItem> {
  const res = await signedFetch('GET', `${ApiPaths.textbooks}?pageSize=100&readable=true`);
  const json = (await res.json()) as { code: number; data: Paged<TextbookListItem> };
  expect(json.code).toBe(200);
  const book = json.data.items.find((b) => b.access === 'public' && b.hasFile && (b.pageCount ?? 0) >= 3);
  expect(book, 'the demo seed has a public book with a file').toBeDefined();
  return book!;
}

/** Waits until the page's text layer is drawn and tagged (the reader has its text). */
async function textLayerReady(page: Page, pageNo: number): Promise<void> {
  const sheet = page.getByTestId('reader-page');
  await expect(sheet).toHaveAttribute('data-page', String(pageNo));
  await expect(sheet.locator('canvas')).toBeVisible();
  await expect(sheet.locator(TEXT_SPANS).first()).toBeAttached();
}

/**
 * A word of the page on screen, from its text layer: the first run of at least 2 characters without
 * whitespace in a span, cut to 6 characters (a short phrase that is on this page, maybe on others).
 */
async function wordOnPage(page: Page): Promise<string> {
  const word = await page.getByTestId('reader-page').evaluate((sheet, spansSelector) => {
    for (const span of Array.from(sheet.querySelectorAll<HTMLElement>(spansSelector))) {
      const run = (span.textContent ?? '').split(/\s+/).find((w) => Array.from(w).length >= 2);
      if (run) return Array.from(run).slice(0, 6).join('');
    }
    return '';
  }, TEXT_SPANS);
  expect(word.length, 'the demo page has text in its text layer').toBeGreaterThanOrEqual(2);
  return word;
}

/** The pages of the listed results, in order, and the index of the current one (-1: none). */
async function resultsState(results: Locator): Promise<{ pages: number[]; current: number }> {
  return results.evaluateAll((items) => ({
    pages: items.map((el) => Number(el.getAttribute('data-page'))),
    current: items.findIndex((el) => el.getAttribute('aria-current') === 'true'),
  }));
}

/** Waits until result `index` is the current one and the reader shows its page. */
async function atResult(page: Page, results: Locator, index: number, pages: number[]): Promise<void> {
  await expect(results.nth(index)).toHaveAttribute('aria-current', 'true');
  await textLayerReady(page, pages[index]!);
}

test.describe('reader 查找', () => {
  let book: TextbookListItem;

  test.beforeAll(async () => {
    book = await publicBook();
  });

  test.describe('desktop', () => {
    test.use(DESKTOP);

    test('Ctrl+F searches the book: count, results, jump, next and previous, Escape', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`/#/preview?id=${book.id}&page=2`);
      await textLayerReady(page, 2);
      const word = await wordOnPage(page);
      await page.getByRole('button', { name: '上一页' }).first().click();
      await textLayerReady(page, 1);

      // Ctrl+F opens the panel with the box focused.
      await page.getByRole('region', { name: '教材页面' }).focus();
      await page.keyboard.press('Control+f');
      const panel = page.getByTestId('reader-find-panel');
      await expect(panel).toBeVisible();
      const box = panel.getByLabel('在本书中查找');
      await expect(box).toBeFocused();
      await expect(page.getByRole('button', { name: '查找', exact: true })).toHaveAttribute('aria-expanded', 'true');

      // The count and the results once every page is read.
      await box.fill(word);
      // The live region speaks once every page is read (the count is final then).
      const announcement = panel.getByTestId('reader-find-announcement');
      await expect(announcement).toHaveText(/^共 \d+ 处/, { timeout: 60_000 });
      await expect(panel.getByTestId('reader-find-progress')).toHaveCount(0);
      const count = panel.getByTestId('reader-find-count');
      await expect(count).toHaveText(/^共 \d+ 处/);
      const results = panel.getByTestId('reader-find-result');
      const n = Number(/共 (\d+) 处/.exec((await count.textContent()) ?? '')![1]);
      await expect(results).toHaveCount(n);
      const onPage2 = panel.locator('[data-testid="reader-find-result"][data-page="2"]').first();
      await expect(onPage2).toContainText('第 2 页');
      await expect(onPage2.locator('mark').first()).toHaveText(word);

      // A result jumps to its page, the match boxed there as the current one.
      await onPage2.click();
      await textLayerReady(page, 2);
      await expect(onPage2).toHaveAttribute('aria-current', 'true');
      const sheet = page.getByTestId('reader-page');
      await expect(sheet.locator('[data-testid="reader-find-highlights"] [data-current="true"]').first()).toBeVisible();
      const { pages, current } = await resultsState(results);
      expect(pages[current]).toBe(2);
      await expect(announcement).toContainText(`第 ${current + 1} 处在第 2 页`);

      // Enter = 下一处, Shift+Enter = 上一处 (wrapping around), and the buttons.
      const next = (current + 1) % n;
      await box.focus();
      await page.keyboard.press('Enter');
      await atResult(page, results, next, pages);
      await page.keyboard.press('Shift+Enter');
      await atResult(page, results, current, pages);
      await panel.getByRole('button', { name: /上一处/ }).click();
      await atResult(page, results, (current - 1 + n) % n, pages);
      await panel.getByRole('button', { name: /下一处/ }).click();
      await atResult(page, results, current, pages);

      expect(await axeFindings(page)).toEqual([]);

      // Escape closes the panel, the boxes go, the focus is back on 查找.
      await box.focus();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      const findButton = page.getByRole('button', { name: '查找', exact: true });
      await expect(findButton).toBeFocused();
      await expect(findButton).toHaveAttribute('aria-expanded', 'false');
      await expect(sheet.getByTestId('reader-find-highlights')).toHaveCount(0);
    });
  });

  test.describe('on a phone', () => {
    test.use(PHONE);

    test('the H5 reader searches the book: popup, jump, 上一处/下一处, Escape', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`/#/mobileH5/pdf?id=${book.id}&page=2`);
      await textLayerReady(page, 2);
      const word = await wordOnPage(page);
      await page.getByRole('button', { name: '上一页' }).click();
      await textLayerReady(page, 1);

      await page.getByRole('button', { name: '查找', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '查找' });
      await expect(dialog).toBeVisible();
      const box = dialog.getByLabel('在本书中查找');
      await expect(box).toBeFocused();
      await box.fill(word);
      await expect(dialog.getByTestId('reader-find-announcement')).toHaveText(/^共 \d+ 处/, { timeout: 60_000 });
      const count = dialog.getByTestId('reader-find-count');
      await expect(count).toHaveText(/^共 \d+ 处/);
      const n = Number(/共 (\d+) 处/.exec((await count.textContent()) ?? '')![1]);
      const results = dialog.getByTestId('reader-find-result');
      await expect(results).toHaveCount(n);
      const { pages } = await resultsState(results);
      const index = pages.indexOf(2);
      expect(index, 'the word read on page 2 is found there').toBeGreaterThanOrEqual(0);
      await expect(results.nth(index).locator('mark')).toHaveText(word);
      expect(await axeFindings(page)).toEqual([]);

      // A tap jumps to the page and closes the popup; the bar steps through the matches.
      await results.nth(index).click();
      await expect(dialog).toBeHidden();
      await textLayerReady(page, 2);
      const bar = page.getByTestId('h5-find-bar');
      await expect(bar.getByTestId('h5-find-count')).toHaveText(`第 ${index + 1}/${n} 处`);
      await expect(
        page.getByTestId('reader-page').locator('[data-testid="reader-find-highlights"] [data-current="true"]').first(),
      ).toBeAttached();
      const next = (index + 1) % n;
      await bar.getByRole('button', { name: '下一处' }).click();
      await expect(bar.getByTestId('h5-find-count')).toHaveText(`第 ${next + 1}/${n} 处`);
      await textLayerReady(page, pages[next]!);
      await bar.getByRole('button', { name: '上一处' }).click();
      await expect(bar.getByTestId('h5-find-count')).toHaveText(`第 ${index + 1}/${n} 处`);
      await textLayerReady(page, 2);

      // Escape closes the popup; 结束查找 ends the search.
      await page.getByRole('button', { name: '查找', exact: true }).click();
      await expect(dialog).toBeVisible();
      await expect(box).toHaveValue(word);
      await box.focus();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await bar.getByRole('button', { name: '结束查找' }).click();
      await expect(bar).toBeHidden();
      await expect(page.getByTestId('reader-find-highlights')).toHaveCount(0);
    });
  });
});
