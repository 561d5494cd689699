/**
 * The console's 研修课程 and 出版管理 sections (docs/training.md and docs/publishing.md, Console) against
 * the e2e server (demo seed): the administrator, with a session that passed the second factor, creates
 * a course with one module and one lesson (a demo video, a question-bank choice question) and sees it
 * in the table; publishes an erratum for a page of a book in the 勘误 tab, and the public book page
 * (`/#/detail?id=`) lists it. Axe finds no serious violation on each console page; screenshots at
 * 1440 px go to docs/screenshots/console-learning-*.png.
 */
import {
  ApiPaths,
  type AdminPublishingTextbook,
  type Paged,
  type QuestionCard,
  type TextbookListItem,
  type TextbookPublishing,
  type Video,
} from '@eav/contract';
import type { Locator, Page } from '@playwright/test';
import { signedFetch } from '../support/api';
import { adminConsoleLogin } from '../support/console';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';
import { consoleAxeProblems } from './console-helpers';
import { useSessionOf } from '../support/session';
import { chooseOption } from '../support/ui';

const shot = (page: Page, name: string) => docScreenshot(page, `console-learning-${name}-1440.png`, { fullPage: true });

async function apiData<T>(pathWithQuery: string, token?: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery, token ? { token } : {});
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

/** Chooses the option containing `text` in the antd Select labelled `label` inside `scope`. */
async function pick(page: Page, scope: Locator, label: string, text: string) {
  await chooseOption(page, scope.getByLabel(label, { exact: true }), text);
}

/**
 * A demo book with pages and no errata that the publishing journey does not use (it reads the
 * public books with errata), with its picker entry.
 */
async function quietBook(token: string): Promise<{ book: TextbookListItem; entry: AdminPublishingTextbook }> {
  const list = await apiData<Paged<TextbookListItem>>(`${ApiPaths.textbooks}?pageSize=50`);
  for (const book of list.items) {
    if (book.access === 'public') continue;
    const record = await apiData<TextbookPublishing>(ApiPaths.publishingTextbook(book.id));
    if (record.errata.length) continue;
    const [entry] = await apiData<AdminPublishingTextbook[]>(
      `${ApiPaths.adminPublishingTextbooks}?id=${book.id}`,
      token,
    );
    if (entry) return { book, entry };
  }
  throw new Error('the demo seed has a book without errata');
}

test('an administrator creates a course and publishes an erratum that the book page shows', async ({ page }) => {
  test.setTimeout(360_000);
  const admin = await adminConsoleLogin();
  const videos = await apiData<Paged<Video>>(`${ApiPaths.videos}?pageSize=1`);
  const video = videos.items[0]!;
  const questions = await apiData<Paged<QuestionCard>>(
    `${ApiPaths.questions}?type=${encodeURIComponent('单选题')}&pageSize=20`,
  );
  const question = questions.items.find((q) => (q.options?.length ?? 0) > 1)!;
  expect(question).toBeTruthy();
  await useSessionOf(page, admin);

  // 研修课程: the table, then a new course with one module and one lesson.
  await page.goto('/#/admin/training');
  await expect(page.getByRole('heading', { level: 1, name: '研修课程' })).toBeVisible();
  await expect(page.getByRole('button', { name: '导出课程列表（CSV）' })).toBeEnabled();
  await expect(page.getByRole('row').filter({ hasText: 'demo-math-junior' })).toBeVisible();
  expect(await consoleAxeProblems(page)).toEqual([]);

  const stamp = Date.now();
  const title = `e2e 研修课程 ${stamp}`;
  await page.getByRole('button', { name: '新建课程' }).click();
  const drawer = page.getByRole('dialog', { name: '新建研修课程' });
  await drawer.getByLabel('课程编码').fill(`e2e-${stamp}`);
  await drawer.getByLabel('课程名称').fill(title);
  await pick(page, drawer, '学段', '初中');
  await pick(page, drawer, '学科', '数学');
  await drawer.getByLabel('主讲人').fill('e2e 主讲');
  await drawer.getByLabel('模块 1 名称').fill('第一模块');
  await drawer.getByLabel('课时 1 名称').fill('第一课时');
  await drawer.getByLabel('视频 id').fill(String(video.id));
  const quiz = drawer.getByLabel('结业测验题目', { exact: true });
  await quiz.click();
  await quiz.fill(String(question.id));
  await quiz.press('Enter');
  await quiz.press('Escape');
  await expect(drawer.locator('.ant-select-selection-item', { hasText: String(question.id) })).toBeVisible();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  expect(await consoleAxeProblems(page)).toEqual([]);
  await shot(page, 'course-drawer');
  await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('初中 · 数学');
  await expect(row).toContainText('1 / 1');
  await expect(row).toContainText('已发布');
  await expect(page.getByText('课程已创建')).toBeHidden();
  expect(await consoleAxeProblems(page)).toEqual([]);
  await shot(page, 'training');

  // 出版管理 → 勘误: an erratum for page 2 of a book, then the public book page lists it.
  const { book, entry } = await quietBook(admin.token);
  await page.goto('/#/admin/publishing');
  await expect(page.getByRole('heading', { level: 1, name: '出版管理' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '勘误' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: '导出勘误列表（CSV）' })).toBeEnabled();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await consoleAxeProblems(page)).toEqual([]);
  await page.getByRole('button', { name: '发布勘误' }).click();
  const dialog = page.getByRole('dialog', { name: '发布勘误' });
  // The picker searches the catalogue: the book's externalId finds exactly that book.
  const bookInput = dialog.getByLabel('教材', { exact: true });
  await bookInput.click();
  await bookInput.pressSequentially(entry.externalId);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: entry.externalId });
  await expect(option).toHaveCount(1, { timeout: 15_000 });
  await option.click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(dialog).toContainText(`${entry.title}（${entry.externalId}`);
  await dialog.getByLabel('页码（PDF 页，从 1 开始）').fill('2');
  const original = `e2e 原文 ${stamp}`;
  const correction = `e2e 更正 ${stamp}`;
  await dialog.getByLabel('原文').fill(original);
  await dialog.getByLabel('更正为').fill(correction);
  expect(await consoleAxeProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: /^发\s?布$/ }).click();
  await expect(dialog).toBeHidden();
  const erratumRow = page.getByRole('row').filter({ hasText: original });
  await expect(erratumRow).toContainText(correction);
  await expect(erratumRow).toContainText('已发布');
  await expect(page.getByText('勘误已发布')).toBeHidden();
  expect(await consoleAxeProblems(page)).toEqual([]);
  await shot(page, 'errata');

  // The other tabs of the section.
  await page.getByRole('tab', { name: '出版动态' }).click();
  await expect(page.getByRole('button', { name: '新建公告' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await consoleAxeProblems(page)).toEqual([]);
  await page.getByRole('tab', { name: '印次' }).click();
  await expect(page.getByRole('button', { name: '登记印次' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await consoleAxeProblems(page)).toEqual([]);

  await page.goto(`/#/detail?id=${book.id}`);
  const panel = page.getByTestId('book-publishing');
  await expect(panel.getByRole('heading', { level: 3, name: '勘误（1）' })).toBeVisible();
  const notice = panel.getByTestId('erratum-row');
  await expect(notice).toContainText(original);
  await expect(notice).toContainText(correction);
});
