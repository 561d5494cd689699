/**
 * Operations in the operator console (docs/console.md, docs/console-content.md) against the e2e
 * server (demo seed): the administrator uploads a banner picture through the crop dialog (keyboard
 * zoom, fixed 1920 × 400 ratio), saves the banner and moves it up one place; downloads the banner
 * export and reads it; grants a fresh account the admin role in the users drawer and, once that
 * account has enrolled its second factor, resets it there. Axe finds no serious violation.
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import ExcelJS from 'exceljs';
import { ApiPaths } from '@eav/contract';
import type { Page } from '@playwright/test';
import { loginViaApi, signedFetch } from '../support/api';
import { adminConsoleLogin, verifyConsoleSession } from '../support/console';
import { expect, test } from '../support/fixtures';
import { registerByApi } from './accounts-helpers';
import { useSessionOf } from '../support/session';

/** Serious and critical axe findings of the page, or of the part `only` selects. */
// Axe on every console page the journey opens: the route sweep logs in as a student, who sees no console.
async function axeProblems(page: Page, only?: string): Promise<string[]> {
  return axeFindings(page, only ? { include: only } : { exclude: SITE_FRAME });
}

/** A 1600 × 900 PNG drawn by the browser (stripes, so that a crop is visible). */
async function photo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 900;
    const ctx = canvas.getContext('2d')!;
    for (let i = 0; i < 16; i++) {
      ctx.fillStyle = `hsl(${i * 22}, 70%, 50%)`;
      ctx.fillRect(i * 100, 0, 100, 900);
    }
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** The titles of the banner table's rows, top to bottom. */
const bannerTitles = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();

test('an administrator crops and orders a banner, exports the list and resets a second admin’s second factor', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  test.setTimeout(360_000);
  const admin = await adminConsoleLogin();
  await useSessionOf(page, admin);

  // 轮播图: the picture goes through the crop dialog.
  await page.goto('/#/admin/banners');
  await expect(page.getByRole('heading', { level: 1, name: '轮播图' })).toBeVisible();
  await page.getByRole('button', { name: '新建轮播图' }).click();
  const editor = page.getByRole('dialog', { name: '新建轮播图' });
  const title = `e2e 裁剪轮播图 ${Date.now()}`;
  await editor.getByLabel('标题', { exact: true }).fill(title);
  // After the seeded banners: the home journeys running alongside open on the first of them.
  await editor.getByLabel('排序（小的在前）').fill('99');
  await editor.locator('input[type="file"]').setInputFiles({
    name: 'stripes.png',
    mimeType: 'image/png',
    buffer: await photo(page),
  });
  const crop = page.getByRole('dialog', { name: '裁剪轮播图图片' });
  await expect(crop.getByTestId('banner-crop').locator('img')).toBeVisible();
  const slider = crop.getByRole('slider', { name: '缩放' });
  const zoom = async () => Number(await slider.getAttribute('aria-valuenow'));
  expect(await zoom()).toBe(1);
  // Keyboard: the slider and the zoom buttons.
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(zoom).toBeCloseTo(1.1);
  await crop.getByRole('button', { name: '放大' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(zoom).toBeCloseTo(1.35);
  // The crop area itself moves the picture with the arrow keys.
  await crop.getByRole('group', { name: '裁剪区域（方向键移动图片）' }).press('ArrowLeft');
  expect(await axeProblems(page)).toEqual([]);
  await crop.getByRole('button', { name: /裁剪并上传/ }).click();
  await expect(crop).toBeHidden();
  await expect(editor.getByLabel('图片地址')).toHaveValue(/^\/uploads\/banner\/[0-9a-f-]+\.webp$/);
  await expect(page.getByText('图片已裁剪为 1920×400')).toBeVisible();
  const picture = await editor.getByLabel('图片地址').inputValue();
  const served = await request.get(picture);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  await editor.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  await expect(page.getByText('轮播图已创建')).toBeHidden();

  // 上移: one place up, through one reorder call. A banner created meanwhile by a journey running
  // alongside makes the page's list stale: the server refuses it (409), the page reloads the list
  // and the move is tried again. The call's answer says which it was: the page's message about it
  // shows for 3 s only, which a busy machine can let pass between two looks at it.
  allowConsoleErrors(/status of 409/);
  const moved = page.getByText(`已上移：${title}`);
  const stale = page.getByText('轮播图列表已变化，请刷新后重新排序');
  let before: string[] = [];
  let at = -1;
  let status = 0;
  for (let attempt = 0; attempt < 3 && status !== 200; attempt++) {
    await expect(stale).toBeHidden();
    before = await bannerTitles(page);
    at = before.indexOf(title);
    expect(at).toBeGreaterThan(1);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(ApiPaths.adminBannersReorder)),
      page.getByRole('button', { name: `上移 ${title}`, exact: true }).click(),
    ]);
    status = answer.status();
    await expect(status === 200 ? moved : stale).toBeVisible();
  }
  expect(status).toBe(200);
  await expect.poll(async () => (await bannerTitles(page)).indexOf(title)).toBe(at - 1);
  expect((await bannerTitles(page))[at]).toBe(before[at - 1]);
  await expect(page.getByText(`已上移：${title}`)).toBeHidden();
  expect(await axeProblems(page)).toEqual([]);

  // The export: the file from the server holds the new banner in its new place.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出轮播图（Excel）' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('轮播图.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const sheet = wb.worksheets[0]!;
  expect(sheet.getRow(1).getCell(2).text).toBe('标题');
  const exported: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) exported.push(row.getCell(2).text);
  });
  expect(exported).toContain(title);
  expect(exported.indexOf(title)).toBeLessThan(exported.indexOf(before[at - 1]!));

  // A second administrator, granted in the users drawer, enrols a second factor.
  const second = await registerByApi(request);
  await page.goto('/#/admin/users');
  await page.getByRole('searchbox', { name: '搜索用户' }).fill(second.userName);
  await page.getByRole('searchbox', { name: '搜索用户' }).press('Enter');
  await page
    .getByRole('row')
    .filter({ hasText: second.userName })
    .getByRole('button', { name: `查看 ${second.userName}` })
    .click();
  const drawer = page.getByRole('dialog', { name: `用户：${second.userName}` });
  await expect(drawer.getByText('未绑定', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: '重置二次验证' })).toHaveCount(0);
  await drawer.getByRole('checkbox', { name: '超级管理员' }).check();
  await drawer.getByRole('button', { name: /保存角色/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('角色已保存')).toBeVisible();
  const login = await loginViaApi(second.userName, second.password);
  await verifyConsoleSession(second.userName, login.token);
  expect((await signedFetch('GET', ApiPaths.adminMe, { token: login.token })).status).toBe(200);

  // The drawer, opened again, offers the reset; it asks first, then the account must enrol anew.
  await page.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();
  await page
    .getByRole('row')
    .filter({ hasText: second.userName })
    .getByRole('button', { name: /^查看 / })
    .click();
  await expect(drawer.getByText('已绑定', { exact: true })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  const reset = drawer.getByRole('button', { name: '重置二次验证' });
  await reset.click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('下次登录后台时需重新绑定动态验证码');
  // Measured once it has faded in; the page behind its mask is measured above and below.
  await expect(confirm).toHaveCSS('opacity', '1');
  expect(await axeProblems(page, '.ant-modal-confirm')).toEqual([]);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已重置二次验证')).toBeVisible();
  await expect(drawer.getByText('未绑定', { exact: true })).toBeVisible();
  await expect(reset).toHaveCount(0);
  await expect(page.getByText('已重置二次验证')).toBeHidden();
  expect(await axeProblems(page)).toEqual([]);
  // Their session has ended; a new login must enrol again.
  expect((await signedFetch('GET', ApiPaths.adminMe, { token: login.token })).status).toBe(401);
  const again = await loginViaApi(second.userName, second.password);
  const state = await signedFetch('GET', ApiPaths.consoleMfa, { token: again.token });
  expect(((await state.json()) as { data: { enrolled: boolean } }).data.enrolled).toBe(false);
});
