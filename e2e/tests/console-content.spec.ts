/**
 * The operator console's content sections (docs/console-content.md) against the e2e server (demo
 * seed): the administrator, logged in through the API, imports a part of the real textbook catalogue
 * (data/textbooks-chinatextbook.jsonl, with its bad lines) and watches the progress bar reach 100 % and the report;
 * creates a banner with a link and sees it in the list; approves a teacher's pending upload; the
 * activities page shows its live figures. Axe finds no serious violation; screenshots at 1440 px go
 * to docs/screenshots/console-content-*.png.
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import fs from 'node:fs';
import path from 'node:path';
import { ApiPaths, SIGN_HEADERS, signRequest, type Paged, type TextbookListItem } from '@eav/contract';
import type { Page } from '@playwright/test';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { adminConsoleLogin } from '../support/console';
import { BASE_URL, REPO_ROOT, SIGN_SECRET } from '../support/env';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';
import { useSessionOf } from '../support/session';

const DATA = path.join(REPO_ROOT, 'data');

/**
 * A part of the real catalogue (data/textbooks-chinatextbook.jsonl), in its order: the books the demo
 * seed already holds (those with chapter trees, so that the import changes nothing the other journeys
 * see) and the real file's bad lines (no edition). Answers the file's text and its line count.
 */
function cataloguePart(): { text: string; lines: number; bad: number; sample: string } {
  const seeded = new Set(
    fs
      .readFileSync(path.join(DATA, 'chapter-trees.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { externalId: string }).externalId),
  );
  const all = fs
    .readFileSync(path.join(DATA, 'textbooks-chinatextbook.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const isBad = (l: string) => !(JSON.parse(l) as { edition?: string }).edition;
  const part = all.filter((l) => isBad(l) || seeded.has((JSON.parse(l) as { externalId: string }).externalId));
  const sample = (JSON.parse(part.find((l) => !isBad(l))!) as { title: string }).title;
  return { text: part.join('\n') + '\n', lines: part.length, bad: part.filter(isBad).length, sample };
}

// Axe on every console page the journey opens: the route sweep logs in as a student, who sees no console.
async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: SITE_FRAME });
}

const shot = (page: Page, name: string) => docScreenshot(page, `console-content-${name}-1440.png`, { fullPage: true });

/** A teacher's pending upload (multipart, signed with an empty BODY as the web client does). */
async function pendingUpload(title: string): Promise<void> {
  const teacher = await loginViaApi(DEMO.teacher);
  const list = await signedFetch('GET', `${ApiPaths.textbooks}?page=1&pageSize=1`);
  const books = ((await list.json()) as { data: Paged<TextbookListItem> }).data.items;
  const form = new FormData();
  form.append('title', title);
  form.append('type', 'lesson_plan');
  form.append('textbookId', String(books[0]!.id));
  const pdf =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'lesson.pdf');
  const timestamp = Date.now();
  const url = new URL(ApiPaths.resourceUpload, BASE_URL);
  const res = await fetch(url, {
    method: 'POST',
    body: form,
    headers: {
      Authorization: `Bearer ${teacher.token}`,
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method: 'POST', path: url.pathname, query: {}, body: '', token: teacher.token, timestamp },
        SIGN_SECRET,
      ),
    },
  });
  const json = (await res.json()) as { code: number; msg: string };
  expect(json.code, json.msg).toBe(200);
}

test('an administrator imports the catalogue, creates a banner, approves an upload and sees the activities', async ({
  page,
}, testInfo) => {
  test.setTimeout(360_000);
  const admin = await adminConsoleLogin();
  await useSessionOf(page, admin);

  // 目录导入: the real catalogue, progress to 100 %, then the report.
  await page.goto('/#/admin/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: '目录导入' })).toBeVisible();
  await expect(page.getByRole('button', { name: /编辑 / }).first()).toBeVisible();
  const part = cataloguePart();
  expect(part.bad).toBeGreaterThan(0);
  const file = testInfo.outputPath('textbooks-chinatextbook-part.jsonl');
  fs.writeFileSync(file, part.text);
  await page.locator('input[type="file"]').setInputFiles(file);
  const bar = page.getByRole('progressbar', { name: '导入进度' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
  const report = page.locator('.ant-descriptions').filter({ hasText: '导入报告' });
  await expect(report).toContainText('总行数');
  await expect(report.locator('.ant-descriptions-item-content').first()).toHaveText(String(part.lines));
  await expect(page.getByRole('heading', { name: `错误行（${part.bad}）` })).toBeVisible();
  await expect(page.getByRole('cell', { name: '缺少必填字段（edition 版本）' }).first()).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'catalogue');

  // The book list filters on the server.
  await page.getByRole('searchbox', { name: '搜索标题或 externalId' }).fill(part.sample);
  await page.getByRole('searchbox', { name: '搜索标题或 externalId' }).press('Enter');
  await expect(page.getByRole('cell', { name: part.sample, exact: true }).first()).toBeVisible();

  // 轮播图: create one with an in-app link; a http link is refused by the form.
  await page.goto('/#/admin/banners');
  await expect(page.getByRole('heading', { level: 1, name: '轮播图' })).toBeVisible();
  await page.getByRole('button', { name: '新建轮播图' }).click();
  const dialog = page.getByRole('dialog', { name: '新建轮播图' });
  const title = `e2e 轮播图 ${Date.now()}`;
  await dialog.getByLabel('标题', { exact: true }).fill(title);
  await dialog.getByLabel('图片地址').fill('/banners/sync-resources.svg');
  // After the seeded banners: the home journeys running alongside still open on the first of them.
  await dialog.getByLabel('排序（小的在前）').fill('99');
  await dialog.getByLabel('链接').fill('http://example.com/');
  await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(dialog.getByText('链接只能是 https:// 网址或站内路径')).toBeVisible();
  await dialog.getByLabel('链接').fill('/digitalBook');
  await expect(dialog.getByRole('figure', { name: '轮播图预览' })).toContainText(title);
  await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  // The confirmation fades in and out: axe would measure a half-transparent frame of it.
  await expect(page.getByText('轮播图已创建')).toBeHidden();
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'banners');

  // 资源审核: a teacher's pending upload is approved.
  const upload = `e2e 待审教案 ${Date.now()}`;
  await pendingUpload(upload);
  await page.goto('/#/admin/review');
  await expect(page.getByRole('heading', { level: 1, name: '资源审核' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: upload });
  await expect(row).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'review');
  await row.getByRole('button', { name: `通过 ${upload}`, exact: true }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /^通\s?过$/ })
    .click();
  await expect(page.getByText('已通过并发布')).toBeVisible();
  await expect(page.getByText('已通过并发布')).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: upload })).toHaveCount(0);

  // 活动: the list and the live figures of the demo activity.
  await page.goto('/#/admin/activities');
  await expect(page.getByRole('heading', { level: 1, name: '活动' })).toBeVisible();
  await expect(page.getByText('参与人数').first()).toBeVisible();
  await expect(page.getByText('剩余参与奖')).toBeVisible();
  // The list is in before axe measures the page.
  await expect(page.getByRole('row').filter({ hasText: '进行中' }).first()).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'activities');
  // A started activity opens read-only: its rules, books and prizes are locked.
  const running = page.getByRole('row').filter({ hasText: '进行中' }).first();
  await running.getByRole('button', { name: /^查看 / }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('活动已开始，规则、教材和奖品已锁定，不能修改')).toBeVisible();
  await expect(drawer.getByLabel('活动名称')).toBeDisabled();
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'activity-locked');
});
