/**
 * The reader's marks (书签, 划线, 笔记; docs/reader.md), against the shared e2e server (demo seed), on a
 * public demo book the demo student may read:
 * - desktop at 1440 px: the student bookmarks page 1, highlights a passage of it in yellow, writes a
 *   note on a passage of page 2, finds the three in the 书签与笔记 panel (axe on the reader with the
 *   panel open), jumps from the panel, reloads and sees them back (the bookmark pressed, the highlight
 *   drawn), and deletes the highlight;
 * - a visitor sees the marks controls disabled or explaining 登录后可使用书签和笔记, and no marks call;
 * - a phone at 375 px (H5 reader, same account): the bookmark and the note made on the desktop are
 *   there (sync), and the popup's entry jumps to the note's page.
 * Text is selected by a DOM range over a text-layer span (what a drag of the mouse or a long press
 * makes), so the journey does not depend on where pdf.js lays a glyph out.
 */
import { ApiPaths, type Paged, type ReaderMarksData, type TextbookListItem } from '@eav/contract';
import type { Page, Response } from '@playwright/test';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { axeFindings } from '../support/axe';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { useSessionAtStart, useSessionOf } from '../support/session';

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA };
const NOTE = '光合作用要点：复习时对照课本第二页';
const TEXT_SPANS = '.react-pdf__Page__textContent [data-item]';

async function apiData<T>(pathWithQuery: string, token?: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery, token ? { token } : {});
  const json = (await res.json()) as { code: number; data: T };
  expect(json.code).toBe(200);
  return json.data;
}

/** A public demo book with a PDF of at least 3 pages (the student may read it without activation). */
async function publicBook(): Promise<TextbookListItem> {
  const list = await apiData<Paged<TextbookListItem>>(`${ApiPaths.textbooks}?pageSize=100&readable=true`);
  const book = list.items.find((b) => b.access === 'public' && b.hasFile && (b.pageCount ?? 0) >= 3);
  expect(book, 'the demo seed has a public book with a file').toBeDefined();
  return book!;
}

/** The PUT of a mark of `kind` (its answer). */
function markSaved(page: Page, kind: 'bookmark' | 'highlight' | 'note'): Promise<Response> {
  return page.waitForResponse(
    (r) =>
      /\/api\/v1\/textbooks\/\d+\/marks\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname) &&
      r.request().method() === 'PUT' &&
      r.request().postData()?.includes(`"kind":"${kind}"`) === true,
  );
}

/** Waits until the page's text layer is drawn and tagged (the reader has its text). */
async function textLayerReady(page: Page, pageNo: number): Promise<void> {
  const sheet = page.getByTestId('reader-page');
  await expect(sheet).toHaveAttribute('data-page', String(pageNo));
  await expect(sheet.locator('canvas')).toBeVisible();
  await expect(sheet.locator(TEXT_SPANS).first()).toBeAttached();
}

/**
 * Selects up to 6 characters at the start of the first text-layer span holding at least 2 visible
 * ones, as the browser's own selection; answers the selected text with its whitespace collapsed
 * (as the page text and the quote have it).
 */
async function selectText(page: Page): Promise<string> {
  const selected = await page.getByTestId('reader-page').evaluate((sheet, spansSelector) => {
    const spans = Array.from(sheet.querySelectorAll<HTMLElement>(spansSelector));
    const span = spans.find((s) => (s.textContent ?? '').replace(/\s/g, '').length >= 2);
    const node = span?.firstChild;
    if (!node?.textContent) return '';
    const str = node.textContent;
    const start = str.length - str.trimStart().length;
    const chars = Array.from(str.slice(start)).slice(0, 6).join('');
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + chars.length);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return range.toString();
  }, TEXT_SPANS);
  const quote = selected.replace(/\s+/g, ' ').trim();
  expect(quote.length, 'the demo page has text in its text layer').toBeGreaterThanOrEqual(2);
  return quote;
}

test.describe('reader marks', () => {
  test.describe.configure({ mode: 'serial' });
  let book: TextbookListItem;
  let student: Awaited<ReturnType<typeof loginViaApi>>;
  let highlightQuote = '';
  let noteQuote = '';

  test.beforeAll(async () => {
    book = await publicBook();
    student = await loginViaApi(DEMO.student);
    // A clean book: no marks of earlier runs against the same server.
    const { items } = await apiData<ReaderMarksData>(ApiPaths.textbookMarks(book.id), student.token);
    for (const m of items) {
      const res = await signedFetch('DELETE', ApiPaths.textbookMark(book.id, m.id), { token: student.token });
      expect(res.status).toBe(200);
    }
  });

  test.describe('desktop', () => {
    test.use(DESKTOP);

    test('a visitor sees the marks controls disabled with the login hint, and no marks call', async ({ page }) => {
      const marksCalls: string[] = [];
      page.on(
        'request',
        (r) => r.url().includes('/api/v1/textbooks/') && r.url().includes('/marks') && marksCalls.push(r.url()),
      );
      await page.goto(`/#/preview?id=${book.id}`);
      await textLayerReady(page, 1);
      const bookmark = page.getByRole('button', { name: '书签', exact: true });
      await expect(bookmark).toBeDisabled();
      await expect(bookmark).toHaveAccessibleDescription('登录后可使用书签和笔记');
      await page.getByRole('button', { name: '书签与笔记' }).click();
      const panel = page.getByTestId('reader-marks-panel');
      await expect(panel).toContainText('登录后可使用书签和笔记');
      await expect(panel.getByRole('link', { name: /登\s*录/ })).toBeVisible();
      expect(marksCalls).toEqual([]);
    });

    test('the student bookmarks, highlights and notes, finds them after a reload and deletes one', async ({ page }) => {
      test.setTimeout(120_000);
      await useSessionOf(page, student);
      await page.goto(`/#/preview?id=${book.id}&page=1`);
      await textLayerReady(page, 1);
      const sheet = page.getByTestId('reader-page');

      // 书签 on page 1.
      const bookmark = page.getByRole('button', { name: '书签', exact: true });
      await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
      const bookmarked = markSaved(page, 'bookmark');
      await bookmark.click();
      await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
      expect((await bookmarked).status()).toBe(200);
      await expect(sheet.getByTestId('reader-bookmark-ribbon')).toBeAttached();

      // 划线: select a passage, the toolbar offers the colours.
      highlightQuote = await selectText(page);
      const toolbar = page.getByRole('toolbar', { name: '划线与笔记' });
      await expect(toolbar).toBeVisible();
      await expect(toolbar.getByRole('button')).toHaveCount(5);
      const highlighted = markSaved(page, 'highlight');
      await toolbar.getByRole('button', { name: '黄色划线' }).click();
      const highlightAnswer = await highlighted;
      expect(highlightAnswer.status()).toBe(200);
      const highlightBody = JSON.parse(highlightAnswer.request().postData()!) as { anchor: { quote: string } };
      expect(highlightBody.anchor.quote).toBe(highlightQuote);
      await expect(toolbar).toBeHidden();
      await expect(sheet.locator('[data-testid="reader-highlights"] [data-kind="highlight"]').first()).toBeVisible();

      // 笔记 on a passage of page 2.
      await page.keyboard.press('ArrowRight');
      await textLayerReady(page, 2);
      noteQuote = await selectText(page);
      await toolbar.getByRole('button', { name: '笔记' }).click();
      const dialog = page.getByRole('dialog', { name: '为所选文字添加笔记' });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('blockquote')).toHaveText(noteQuote);
      const save = dialog.getByRole('button', { name: /保\s*存/ });
      await expect(save).toBeDisabled();
      await dialog.getByLabel('笔记内容').fill(NOTE);
      const noted = markSaved(page, 'note');
      await save.click();
      expect((await noted).status()).toBe(200);
      await expect(dialog).toBeHidden();
      await expect(sheet.locator('[data-testid="reader-highlights"] [data-kind="note"]').first()).toBeVisible();

      // The panel lists the three, in page order; an entry jumps to its page.
      await page.getByRole('button', { name: '书签与笔记' }).click();
      const panel = page.getByTestId('reader-marks-panel');
      const entries = panel.getByTestId('reader-mark');
      await expect(entries).toHaveCount(3);
      await expect(entries.nth(0)).toHaveAttribute('data-kind', 'bookmark');
      await expect(entries.nth(1)).toHaveAttribute('data-kind', 'highlight');
      await expect(entries.nth(1)).toContainText(highlightQuote);
      await expect(entries.nth(2)).toHaveAttribute('data-kind', 'note');
      await expect(entries.nth(2)).toContainText(NOTE);
      await expect(panel.getByText('原文已变化')).toHaveCount(0);
      expect(await axeFindings(page)).toEqual([]);
      await entries
        .nth(0)
        .getByRole('button', { name: /跳到此页/ })
        .click();
      await textLayerReady(page, 1);

      // After a reload everything is back: the bookmark pressed, the highlight drawn, the panel's list.
      await page.reload();
      await textLayerReady(page, 1);
      await expect(page.getByRole('button', { name: '书签', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(sheet.locator('[data-testid="reader-highlights"] [data-kind="highlight"]').first()).toBeVisible();
      await page.getByRole('button', { name: '书签与笔记' }).click();
      await expect(entries).toHaveCount(3);
      await expect(entries.nth(2)).toContainText(NOTE);

      // Delete the highlight after confirming.
      await entries
        .nth(1)
        .getByRole('button', { name: /^删除\s*第 1 页的黄色划线/ })
        .click();
      const confirm = page.locator('.ant-popconfirm').getByRole('button', { name: /删\s*除/ });
      const deleted = page.waitForResponse(
        (r) => r.url().includes(`/textbooks/${book.id}/marks/`) && r.request().method() === 'DELETE',
      );
      await confirm.click();
      expect((await deleted).status()).toBe(200);
      await expect(entries).toHaveCount(2);
      await expect(sheet.locator('[data-testid="reader-highlights"] [data-kind="highlight"]')).toHaveCount(0);
      const left = await apiData<ReaderMarksData>(ApiPaths.textbookMarks(book.id), student.token);
      expect(left.items.map((m) => m.kind).sort()).toEqual(['bookmark', 'note']);
    });
  });

  test.describe('on a phone', () => {
    test.use(PHONE);

    test('the H5 reader shows the marks made on the desktop and jumps to the note', async ({ page }) => {
      test.setTimeout(90_000);
      await useSessionAtStart(page, student);
      await page.goto(`/#/mobileH5/pdf?id=${book.id}&page=1`);
      await textLayerReady(page, 1);
      // The desktop's bookmark of page 1.
      await expect(page.getByRole('button', { name: '书签', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('reader-bookmark-ribbon')).toBeAttached();

      await page.getByRole('button', { name: '书签与笔记' }).click();
      const panel = page.getByRole('dialog', { name: '书签与笔记' });
      await expect(panel).toBeVisible();
      const entries = panel.getByTestId('reader-mark');
      await expect(entries).toHaveCount(2);
      const note = entries.filter({ hasText: NOTE });
      await expect(note).toContainText(noteQuote);
      expect(await axeFindings(page)).toEqual([]);

      await note.getByRole('button', { name: /跳到此页/ }).click();
      await expect(panel).toBeHidden();
      await textLayerReady(page, 2);
      await expect(
        page.getByTestId('reader-page').locator('[data-testid="reader-highlights"] [data-kind="note"]').first(),
      ).toBeVisible();
    });
  });
});
