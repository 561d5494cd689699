/**
 * 我的笔记 (docs/reader.md, 我的笔记 pages), against the shared e2e server (demo seed): the demo student
 * has a note in one readable book and a green highlight with a note in another (written through the
 * API under fresh UUIDs, their texts unique to the run):
 * - desktop at 1440 px: the user centre's menu entry 我的笔记 lists both (axe on the page), a keyword
 *   search keeps the one it matches, 导出 Markdown saves a file holding that note, and the entry opens
 *   the desktop reader at its page;
 * - a phone at 375 px (H5): 我的 leads to 我的笔记, which lists both (axe on the page), and its search
 *   keeps the one it matches.
 * The marks are deleted again at the end. The books are not the one reader-marks.spec.ts counts marks in.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { ApiPaths, type Paged, type ReaderMark, type TextbookListItem } from '@eav/contract';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { axeFindings, SITE_FRAME } from '../support/axe';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { useSessionAtStart, useSessionOf } from '../support/session';

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA };
/** Unique to the run, so that marks of earlier runs or other journeys never match the searches. */
const RUN = randomUUID().slice(0, 8);
const NOTE_A = `细胞结构${RUN}复习要点`;
const NOTE_B = `折射${RUN}实验记录`;
const QUOTE_B = '光从空气斜射入水中';

async function apiData<T>(pathWithQuery: string, token?: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery, token ? { token } : {});
  const json = (await res.json()) as { code: number; data: T };
  expect(json.code).toBe(200);
  return json.data;
}

test.describe('我的笔记', () => {
  test.describe.configure({ mode: 'serial' });
  let student: Awaited<ReturnType<typeof loginViaApi>>;
  let bookA: TextbookListItem;
  let bookB: TextbookListItem;
  const marks: ReaderMark[] = [];

  /** Stores a mark of the student under a new id; answers the stored mark. */
  async function putMark(book: TextbookListItem, body: Record<string, unknown>): Promise<ReaderMark> {
    const res = await signedFetch('PUT', ApiPaths.textbookMark(book.id, randomUUID()), {
      token: student.token,
      body: { ...body, clientUpdatedAt: new Date().toISOString() },
    });
    const json = (await res.json()) as { code: number; msg: string; data: ReaderMark };
    expect(json.code, json.msg).toBe(200);
    return json.data;
  }

  test.beforeAll(async () => {
    student = await loginViaApi(DEMO.student);
    const list = await apiData<Paged<TextbookListItem>>(`${ApiPaths.textbooks}?pageSize=100&readable=true`);
    // The book reader-marks.spec.ts clears and counts marks in (its first public book of 3 pages or more).
    const busy = list.items.find((b) => b.access === 'public' && b.hasFile && (b.pageCount ?? 0) >= 3);
    // Readable books that need no activation: the student may mark them at once.
    const [a, b] = list.items.filter((x) => x.hasFile && x.access !== 'activation' && x.id !== busy?.id);
    expect(b, 'two readable demo books without activation').toBeDefined();
    bookA = a!;
    bookB = b!;
    marks.push(await putMark(bookA, { kind: 'note', page: 1, note: NOTE_A }));
    const pageB = (bookB.pageCount ?? 0) >= 2 ? 2 : 1;
    marks.push(
      await putMark(bookB, {
        kind: 'highlight',
        page: pageB,
        color: 'green',
        anchor: { quote: QUOTE_B, prefix: '', suffix: '', start: 0, end: QUOTE_B.length },
        note: NOTE_B,
      }),
    );
  });

  test.afterAll(async () => {
    for (const m of marks)
      await signedFetch('DELETE', ApiPaths.textbookMark(m.textbookId, m.id), { token: student.token });
  });

  test.describe('desktop', () => {
    test.use(DESKTOP);

    test('the user centre lists the marks, searches them, exports Markdown and opens the reader', async ({ page }) => {
      await useSessionOf(page, student);
      await page.goto('/#/user');
      await page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('menuitem', { name: '我的笔记' }).click();
      await expect(page).toHaveURL(/#\/user\/notes$/);
      await expect(page.getByRole('heading', { level: 2, name: '我的笔记' })).toBeVisible();

      const list = page.getByTestId('my-notes-list');
      const noteA = list.getByTestId('my-note').filter({ hasText: NOTE_A });
      const noteB = list.getByTestId('my-note').filter({ hasText: NOTE_B });
      await expect(noteA).toBeVisible();
      await expect(noteB).toBeVisible();
      await expect(noteA).toContainText(bookA.title);
      await expect(noteA).toContainText('笔记');
      await expect(noteB).toContainText(bookB.title);
      await expect(noteB).toContainText('绿色划线');
      await expect(noteB.locator('blockquote')).toHaveText(QUOTE_B);
      // Most recent first: B was written after A.
      const texts = await list.getByTestId('my-note').allInnerTexts();
      expect(texts.findIndex((t) => t.includes(NOTE_B))).toBeLessThan(texts.findIndex((t) => t.includes(NOTE_A)));
      expect(await axeFindings(page, { exclude: SITE_FRAME })).toEqual([]);

      // The search keeps the mark whose note holds the keyword (and puts it in the URL).
      const box = page.getByRole('searchbox', { name: '搜索笔记和划线原文' });
      await box.fill(`折射${RUN}`);
      await box.press('Enter');
      await expect(page).toHaveURL(/[?&]keyword=/);
      await expect(list.getByTestId('my-note')).toHaveCount(1);
      await expect(noteB).toBeVisible();
      await expect(noteA).toHaveCount(0);

      // 导出 Markdown: the filtered marks as a file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '导出 Markdown' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^我的笔记-\d{4}-\d{2}-\d{2}\.md$/);
      const markdown = await fs.readFile((await download.path())!, 'utf8');
      expect(markdown).toContain('我的笔记');
      expect(markdown).toContain(NOTE_B);
      expect(markdown).not.toContain(NOTE_A);

      // The entry opens the desktop reader at its page.
      await noteB.getByRole('link', { name: `${bookB.title} · 第 ${marks[1]!.page} 页` }).click();
      await expect(page).toHaveURL(new RegExp(`#/preview\\?id=${bookB.id}&page=${marks[1]!.page}`));
      await expect(page.getByTestId('reader-page')).toHaveAttribute('data-page', String(marks[1]!.page));
    });
  });

  test.describe('on a phone', () => {
    test.use(PHONE);

    test('我的 leads to the H5 我的笔记, which lists and searches the marks', async ({ page }) => {
      await useSessionAtStart(page, student);
      await page.goto('/#/mobileH5/userCenter');
      await page.getByRole('link', { name: '我的笔记' }).click();
      await expect(page).toHaveURL(/#\/mobileH5\/notes$/);
      await expect(page.getByRole('heading', { level: 1, name: '我的笔记' })).toBeVisible();

      const list = page.getByTestId('h5-my-notes-list');
      const noteA = list.getByTestId('h5-my-note').filter({ hasText: NOTE_A });
      const noteB = list.getByTestId('h5-my-note').filter({ hasText: NOTE_B });
      await expect(noteA).toBeVisible();
      await expect(noteB).toBeVisible();
      await expect(noteB.getByRole('link', { name: `${bookB.title} · 第 ${marks[1]!.page} 页` })).toHaveAttribute(
        'href',
        `#/mobileH5/pdf?id=${bookB.id}&page=${marks[1]!.page}`,
      );
      expect(await axeFindings(page)).toEqual([]);

      const box = page.getByRole('search', { name: '搜索我的笔记' }).getByRole('searchbox');
      await box.fill(`细胞结构${RUN}`);
      await box.press('Enter');
      await expect(list.getByTestId('h5-my-note')).toHaveCount(1);
      await expect(noteA).toBeVisible();

      // The kind tab 划线 keeps none of the notes matching the keyword.
      await page.getByRole('tab', { name: '划线' }).click();
      await expect(page.getByText('没有符合条件的笔记')).toBeVisible();
    });
  });
});
