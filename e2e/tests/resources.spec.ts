/**
 * 同步资源, file preview, 我的资源 and the help centre, against the shared e2e server (demo seed: the
 * real chapter trees and the 同步练习 sheets the portal generates for them):
 * - the demo teacher opens 同步资源, picks 人教版 七年级上册 数学 with the cascading filters, a chapter,
 *   previews one of its resources in the page and downloads it (the file is a real PDF or DOCX), and
 *   我的资源 lists the download;
 * - a visitor opening a resource preview is asked to log in when the resource needs it;
 * - the help centre finds an article by a Chinese keyword and opens it.
 * Axe checks the states the route sweep (routes.spec.ts) does not reach (serious and critical
 * violations fail; the shared header and footer are not ours).
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import fs from 'node:fs/promises';
import { ApiPaths, type ChapterBook, type Paged, type ResourceListItem } from '@eav/contract';
import type { Page } from '@playwright/test';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { expect, test } from '../support/fixtures';
import { useSessionOf } from '../support/session';

async function apiData<T>(pathWithQuery: string, token?: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery, { token });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: SITE_FRAME });
}

/** Clicks the chip starting with `name` in the picker row `group` (chips read e.g. "初中12"). */
async function chip(page: Page, group: string, name: string): Promise<void> {
  const button = page
    .getByRole('group', { name: group })
    .getByRole('button', { name: new RegExp(`^${name}\\s*\\d*$`) });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

test('a teacher picks 人教版 七年级上册 数学 in 同步资源, previews and downloads a resource, and 我的资源 lists it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const teacher = await loginViaApi(DEMO.teacher);
  const books = await apiData<ChapterBook[] | Paged<ChapterBook>>(ApiPaths.textbooksWithChapters);
  const book = (Array.isArray(books) ? books : books.items).find(
    (b) =>
      b.edition.name === '人教版' &&
      b.subject.name === '数学' &&
      b.grade?.name === '七年级' &&
      b.volume?.name === '上册',
  );
  expect(book, '人教版 七年级上册 数学 has a chapter tree').toBeDefined();
  const resources = await apiData<Paged<ResourceListItem>>(
    `${ApiPaths.resourceSearch}?textbookId=${book!.id}&pageSize=50`,
  );
  expect(resources.total, 'the seed made resources for the book').toBeGreaterThan(0);
  const chapterTitle = resources.items.find((r) => r.chapter && r.type === 'exercise')!.chapter!.title;

  await useSessionOf(page, teacher);
  await page.goto('/#/digitalResources/syncMaterial');
  await expect(page.getByRole('heading', { level: 1, name: '同步资源' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: '数字资源' }).getByRole('link', { name: '同步资源' }),
  ).toHaveAttribute('aria-current', 'page');
  // Without a book: the portal's most downloaded resources.
  await expect(page.getByTestId('resource-item').first()).toBeVisible();

  await chip(page, '学段', '初中');
  await chip(page, '学科', '数学');
  await chip(page, '版本', '人教版');
  await chip(page, '年级', '七年级');
  await chip(page, '册次', '上册');
  await page.locator(`[data-testid="book-option"][data-book-id="${book!.id}"]`).click();
  await expect(page.getByTestId('current-book')).toContainText(book!.title);
  await expect(page).toHaveURL(new RegExp(`textbookId=${book!.id}`));

  // The book opens at a chapter with resources; choosing another chapter lists that chapter's.
  await expect(page.getByTestId('resource-item').first()).toBeVisible();
  await page.getByRole('navigation', { name: '教材目录' }).getByText(chapterTitle, { exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: chapterTitle })).toBeVisible();
  // The sheets the portal generates for every chapter: a PDF and a DOCX.
  await page.getByRole('tab', { name: /同步练习/ }).click();
  await expect(page).toHaveURL(/type=exercise/);
  const first = page.getByTestId('resource-item').first();
  await expect(first).toBeVisible();
  // Axe here: a teacher's 同步资源 with a tab chosen; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);

  const title = (await first.locator('h3').innerText()).trim();
  await first.getByRole('link', { name: `预览 ${title}` }).click();
  await expect(page).toHaveURL(/#\/ossPreview\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // A PDF shows pages on canvases, a DOCX its rendered document.
  await expect(
    page.locator('[data-testid="preview-pdf"] canvas, [data-testid="preview-docx"] section').first(),
  ).toBeVisible({
    timeout: 20_000,
  });
  // Axe here: a teacher's preview with the document rendered; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载' }).click();
  const download = await downloading;
  const file = await fs.readFile((await download.path())!);
  const magic = file.subarray(0, 4).toString('latin1');
  expect(['%PDF', 'PK\u0003\u0004']).toContain(magic);
  expect(download.suggestedFilename()).toMatch(/\.(pdf|docx)$/);

  // 收藏 from the preview; 我的收藏 lists it.
  await page.getByRole('button', { name: /收藏/ }).click();
  await expect(page.getByRole('button', { name: /已收藏/ })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/#/resource');
  await expect(page.getByRole('heading', { level: 1, name: '我的资源' })).toBeVisible();
  await expect(page.getByTestId('my-downloads').getByText(title, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: '我的收藏' }).click();
  await expect(page.getByTestId('my-favorites').getByText(title, { exact: true })).toBeVisible();
  // Teachers upload from 我的上传.
  await page.getByRole('tab', { name: '我的上传' }).click();
  await page.getByRole('button', { name: '上传资源' }).click();
  const dialog = page.getByRole('dialog', { name: '上传资源' });
  const upload = `e2e 教案 ${Date.now()}`;
  await dialog.getByLabel('标题').fill(upload);
  // On a loaded machine the option's click can land while the list still opens: open and choose
  // again until the list has closed on the choice.
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await dialog.getByLabel('资源类型').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('教案', { exact: true }).click({ timeout: 3_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    dialog.getByLabel('资源类型').locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]'),
  ).toContainText('教案');
  await dialog.getByLabel('教材').fill('数学七年级上册');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
  await dialog.getByLabel('教材').press('Enter');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'lesson-plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  });
  // The chosen file's row fades and grows in (antd's inline motion on its container), over the hint
  // below it until it has its height: measure colours once the motion has ended.
  await expect(dialog.locator('.ant-upload-list-item').first()).toHaveCSS('opacity', '1');
  await expect(dialog.locator('[class*="ant-upload-animate"]')).toHaveCount(0);
  // Axe here: the upload dialog, which the route sweep does not open.
  expect(await axeProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: /上\s*传/ }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByTestId('my-uploads').getByTestId('resource-item').filter({ hasText: upload });
  await expect(mine).toContainText('待审核');
  // Axe here: the user's own upload awaiting review, which the route sweep's student has none of.
  expect(await axeProblems(page)).toEqual([]);
});

test('a visitor previewing a resource that needs a login is asked to log in', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/Failed to load resource/);
  const list = await apiData<Paged<ResourceListItem>>(`${ApiPaths.resourceSearch}?pageSize=50`);
  const guarded = list.items.find((r) => r.access !== 'public');
  test.skip(!guarded, 'every seeded resource is public');
  await page.goto(`/#/ossPreview?id=${guarded!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: guarded!.title })).toBeVisible();
  await expect(page.getByText('登录后即可预览')).toBeVisible();
  await page.getByRole('button', { name: '去登录' }).click();
  await expect(page).toHaveURL(/loginRegistration\?loginStep=1&redirect=/);

  await page.goto('/#/ossPreview?id=999999999');
  await expect(page.getByText('资源不存在或已下架')).toBeVisible();
});

test('the help centre finds articles by keyword and opens them', async ({ page }) => {
  await page.goto('/#/help');
  await expect(page.getByRole('heading', { level: 1, name: '帮助中心' })).toBeVisible();
  await expect(page.getByTestId('help-article')).toBeVisible();
  await page.getByRole('textbox', { name: '搜索帮助' }).fill('微信 解绑');
  await page.getByRole('button', { name: /^搜\s*索$/ }).click();
  const results = page.getByTestId('help-results');
  await expect(results).toContainText('（1）');
  await results.getByRole('button', { name: '微信登录' }).click();
  await expect(page.getByTestId('help-article')).toHaveAttribute('data-article', 'login-wechat');
  await expect(page.getByRole('heading', { level: 2, name: '微信登录' })).toBeVisible();
  // In-app links of an article navigate inside the portal.
  await page.getByRole('button', { name: '如何预览和下载资源' }).click();
  await page.getByTestId('help-article').getByRole('link', { name: '同步资源' }).first().click();
  await expect(page).toHaveURL(/#\/digitalResources\/syncMaterial/);
  await page.goto('/#/help?article=contact');
  await expect(
    page.getByRole('complementary', { name: '联系我们' }).getByRole('link', { name: '400-800-1234' }),
  ).toBeVisible();
});
