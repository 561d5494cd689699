/**
 * The operator console (docs/console.md): an operator enrols TOTP on the first console sign-in,
 * generates 10 activation codes for a book and downloads the Excel file (its rows are checked), a
 * student redeems one through the signed API, and the console shows it redeemed and by whom. The
 * administrator's 用户 and 审计日志 sections show the role grant. axe finds no serious issue;
 * screenshots at 1440 px: docs/screenshots/console-*.png.
 */
import { ApiPaths, type Paged, type TextbookListItem } from '@eav/contract';
import ExcelJS from 'exceljs';
import { DEMO_ADMIN, demoAdminPassword, signedFetch } from '../support/api';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';
import { registerByApi } from './accounts-helpers';
import { consoleAxeProblems, consoleLogin, grantConsoleRoles } from './console-helpers';

async function activationBook(): Promise<TextbookListItem> {
  const res = await signedFetch('GET', `${ApiPaths.textbooks}?pageSize=100`);
  const list = ((await res.json()) as { data: Paged<TextbookListItem> }).data;
  const book = list.items.find((b) => b.access === 'activation');
  expect(book, 'the demo seed has an activation-only book').toBeTruthy();
  return book!;
}

test.describe('operator console', () => {
  test.describe.configure({ mode: 'serial' });

  test('an operator enrols TOTP, generates codes as Excel, and sees a redemption', async ({ page, request }) => {
    test.setTimeout(240_000);
    const operator = await registerByApi(request);
    await grantConsoleRoles(operator.userId, ['operator']);
    const book = await activationBook();

    await consoleLogin(page, operator.userName, operator.password);
    // The operator's menu: the content sections, without 用户, 资源审核, 在线客服 and 审计日志.
    const nav = page.getByRole('navigation', { name: '后台导航' }).or(page.getByLabel('后台导航'));
    await expect(nav.getByRole('menuitem')).toHaveText([
      '概览',
      '激活码',
      '目录导入',
      '题库导入',
      '轮播图',
      '活动',
      '研修课程',
      '出版管理',
    ]);
    expect(await consoleAxeProblems(page)).toEqual([]);
    await docScreenshot(page, 'console-overview.png', { fullPage: true });

    await nav.getByRole('menuitem', { name: '激活码' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '激活码' })).toBeVisible();
    const form = page.getByRole('form', { name: '生成激活码' });
    // The contract's rules refuse a bad count before anything is sent.
    await form.getByLabel('数量').fill('5000');
    // The book is picked by searching its title on the server, each option naming grade and edition.
    const picker = form.getByLabel('教材', { exact: true });
    await picker.click();
    await picker.fill(book.title);
    const option = page.getByRole('option', { name: new RegExp(`^${book.title} · .*${book.edition.name}$`) });
    await option.click();
    await form.getByLabel('批次名').fill('E2E 秋季批次');
    await form.getByRole('button', { name: '生成并下载' }).click();
    await expect(form.getByText('数量必须在 1 到 1000 之间')).toBeVisible();
    await form.getByLabel('数量').fill('10');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: '生成并下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^激活码-\d+\.xlsx$/);
    const file = await download.path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '序号', '激活码', '教材', '批次', '有效期至']);
    const codes: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(2).value));
    });
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(String(sheet.getRow(2).getCell(3).value)).toBe(book.title);

    const row = page.getByRole('row').filter({ hasText: 'E2E 秋季批次' });
    await expect(row).toContainText('10');

    // A student redeems one code through the signed API.
    const student = await registerByApi(request);
    const redeemed = await signedFetch('POST', ApiPaths.textbookActivation, {
      token: student.token,
      body: { code: codes[3] },
    });
    expect(redeemed.status).toBe(200);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '激活码' })).toBeVisible();
    const fresh = page.getByRole('row').filter({ hasText: 'E2E 秋季批次' });
    await expect(fresh.getByRole('cell').nth(4)).toHaveText('1');
    expect(await consoleAxeProblems(page)).toEqual([]);
    await docScreenshot(page, 'console-codes.png', { fullPage: true });

    await fresh.getByRole('button', { name: /激活情况/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('combobox', { name: '激活状态' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已激活' }).click();
    await expect(drawer.getByRole('row').filter({ hasText: student.userName })).toBeVisible();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    expect(await consoleAxeProblems(page)).toEqual([]);
    await docScreenshot(page, 'console-codes-redeemed.png');
  });

  test('the administrator finds users and reads the audit log with before and after', async ({
    page,
    request,
    allowConsoleErrors,
  }) => {
    test.setTimeout(240_000);
    // The API session just used this step's code: the page's first code is refused as a replay (422).
    allowConsoleErrors(/status of 422/);
    const someone = await registerByApi(request);
    await grantConsoleRoles(someone.userId, ['support']);

    await consoleLogin(page, DEMO_ADMIN.userName, demoAdminPassword());
    const nav = page.getByLabel('后台导航');
    await expect(nav.getByRole('menuitem')).toHaveText([
      '概览',
      '用户',
      '激活码',
      '目录导入',
      '题库导入',
      '轮播图',
      '活动',
      '研修课程',
      '资源审核',
      '出版管理',
      '在线客服',
      '审计日志',
    ]);

    await nav.getByRole('menuitem', { name: '用户' }).click();
    await page.getByRole('searchbox', { name: '搜索用户' }).fill(someone.userName);
    await page.getByRole('searchbox', { name: '搜索用户' }).press('Enter');
    const row = page.getByRole('row').filter({ hasText: someone.userName });
    await expect(row).toContainText('客服');
    // Every role by its Chinese name, the identity too.
    await expect(row).toContainText('学生');
    await expect(row).not.toContainText(/student|support/);
    await expect(row).not.toContainText(someone.phone);
    expect(await consoleAxeProblems(page)).toEqual([]);
    await docScreenshot(page, 'console-users.png', { fullPage: true });

    await row.getByRole('button', { name: `查看 ${someone.userName}` }).click();
    const drawer = page.getByRole('dialog', { name: `用户：${someone.userName}` });
    await expect(drawer.getByText('第三方登录绑定')).toBeVisible();
    await drawer.getByRole('button', { name: '结束会话' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('已结束全部会话')).toBeVisible();
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    await nav.getByRole('menuitem', { name: '审计日志' }).click();
    await page.getByRole('spinbutton', { name: '用户编号' }).fill(String(someone.userId));
    const mine = page.getByRole('row');
    // The filter applies on the server: only this user's rows remain.
    await expect(page.getByRole('row').filter({ hasText: '设置后台角色' })).toHaveCount(1);
    const roles = mine.filter({ hasText: '设置后台角色' });
    await expect(roles).toContainText('"roles":["student"]');
    await expect(roles).toContainText('"support"');
    await expect(mine.filter({ hasText: '结束会话' })).toContainText('admin');
    expect(await consoleAxeProblems(page)).toEqual([]);
    await docScreenshot(page, 'console-audit.png', { fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出审计日志（Excel）' }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    expect(wb.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(3);
  });

  test('a student has no console', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/404/);
    const student = await registerByApi(request);
    await (await import('./accounts-helpers')).loginInBrowser(page, student.userName, student.password, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: '无权访问运营管理后台' })).toBeVisible();
  });
});
