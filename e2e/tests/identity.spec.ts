/**
 * Desktop third-party login journeys through the fake providers (docs/identity.md): WeChat QR
 * login of a bound persona, 之江汇 login (not bound → log in → bound → 之江汇 login again), a
 * teacher's class-server jump (the fake class server decrypts the key), and the 账号绑定 page
 * binding (after the confirm question) then unbinding WeChat.
 */
import { ApiPaths } from '@eav/contract';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { loginByApi, registerByApi, submitPasswordLogin, userMenu } from './accounts-helpers';
import {
  apiFailures,
  axeProblems,
  FAKE_PAGE_FAVICON_404,
  bindingsOf,
  choosePersona,
  expectNoSecretsInUrl,
  storedUser,
} from './identity-helpers';
import { useSessionOf } from '../support/session';

test('WeChat QR login of a bound persona logs the demo student in', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(FAKE_PAGE_FAVICON_404);
  const failures = apiFailures(page);
  await page.goto('/#/loginRegistration?loginStep=1');
  await page.getByRole('tab', { name: '微信登录' }).click();
  const qr = page.getByTestId('wechat-qr');
  await expect(qr.locator('canvas')).toBeVisible();
  // Axe here: the 微信登录 tab with its QR code, a state the route sweep does not reach.
  expect(await axeProblems(page), 'axe on the WeChat tab').toEqual([]);

  await page.getByTestId('wechat-open').click();
  // The fake WeChat QR page: choosing the persona stands for scanning and confirming.
  await expect(page).toHaveURL(/\/fake-idp\/wechat\//);
  await choosePersona(page, 'wx-bound');

  await expect(userMenu(page)).toContainText(DEMO.student);
  await expect(page).toHaveURL(/#\/$/);
  expectNoSecretsInUrl(page);
  expect((await storedUser(page))?.userName).toBe(DEMO.student);
  expect(failures).toEqual([]);
});

test('之江汇 login from the desktop: not bound, log in to bind, then log in with 之江汇 directly', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // The first 之江汇 login answers 409 EDU.ACCOUNT_NOT_BOUND, by design.
  allowConsoleErrors(FAKE_PAGE_FAVICON_404, /status of 409 \(Conflict\)/);
  const failures = apiFailures(page);
  const user = await registerByApi(request);
  await page.goto('/#/loginRegistration?loginStep=1');
  await page.getByTestId('login-zjer').click();
  await expect(page).toHaveURL(/\/fake-idp\/zjer\//);
  await choosePersona(page, 'zjer-student');

  await expect(page.getByRole('heading', { name: '绑定平台账号' })).toBeVisible();
  await expect(page.getByTestId('external-profile')).toContainText('陈同学');
  expectNoSecretsInUrl(page);
  // Axe here: /zjhAuth holding a third party's pending login, which the route sweep cannot reach.
  expect(await axeProblems(page), 'axe on /zjhAuth').toEqual([]);

  await page.getByRole('button', { name: '登录已有账号并绑定' }).click();
  await submitPasswordLogin(page, user.phone, user.password);
  // Back on /zjhAuth, logged in: the binding is asked for, naming both accounts.
  await expect(page.getByTestId('bind-confirm')).toHaveText(`将之江汇「陈同学」绑定到账号 ${user.userName}？`);
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByRole('heading', { name: '之江汇账号绑定成功' })).toBeVisible();
  const me = await loginByApi(request, user.phone, user.password);
  expect((await bindingsOf(request, me)).zjer).toBe(true);

  // Log out, then 之江汇 alone logs the same account in.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  // A fresh document: the app must not still hold the user in memory.
  await page.goto('about:blank');
  await page.goto('/#/loginRegistration?loginStep=1');
  await page.getByTestId('login-zjer').click();
  await choosePersona(page, 'zjer-student');
  await expect(userMenu(page)).toContainText(user.userName);
  expectNoSecretsInUrl(page);
  expect(failures).toEqual([`POST 409 ${ApiPaths.zjerLogin}`]);
});

test('a teacher jumps to the class server, which decrypts who came', async ({ page, request }) => {
  const teacher = await loginByApi(request, DEMO.teacher, DEMO.password);
  await page.goto('/#/');
  await useSessionOf(page, teacher);
  // The dropdown may still be opening when the item is clicked on a loaded machine; the click is
  // lost then (the menu stays open, no window opens), so open the menu and click again until it opens.
  const item = page.getByRole('menuitem', { name: '课堂服务' });
  let classServer: Page | undefined;
  await expect(async () => {
    if (!(await item.isVisible())) await userMenu(page).click();
    const [opened] = await Promise.all([page.waitForEvent('popup', { timeout: 5_000 }), item.click()]);
    classServer = opened;
  }).toPass({ timeout: 25_000 });
  if (!classServer) throw new Error('the class server did not open');
  await expect(classServer.getByTestId('class-server-welcome')).toContainText(DEMO.teacher);
  expect(classServer.url()).toMatch(/[?&]key=/);
});

test('the 账号绑定 page binds WeChat through the QR flow and unbinds it', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(FAKE_PAGE_FAVICON_404);
  const failures = apiFailures(page);
  const user = await registerByApi(request);
  const me = await loginByApi(request, user.phone, user.password);
  await page.goto('/#/');
  await useSessionOf(page, me);
  await page.goto('/#/user/bindings');
  await page.reload();

  const wechat = page.getByTestId('binding-wechat');
  await expect(wechat).toContainText('未绑定');

  await wechat.getByRole('button', { name: /^绑\s*定$/ }).click();
  await page.getByRole('dialog', { name: '绑定微信' }).getByTestId('wechat-open').click();
  await choosePersona(page, 'wx-new');

  await expect(page).toHaveURL(/#\/user\/bindings$/);
  const confirm = page.getByRole('dialog', { name: '确认绑定' });
  await expect(confirm.getByTestId('bind-confirm')).toHaveText(`将微信「微信新用户」绑定到账号 ${user.userName}？`);
  await confirm.getByRole('button', { name: '确认绑定' }).click();
  await expect(wechat).toContainText('已绑定');
  expect((await bindingsOf(request, me)).wechat).toBe(true);

  await wechat.getByRole('button', { name: '解除绑定' }).click();
  await page.getByRole('button', { name: '解除绑定' }).last().click();
  await expect(wechat).toContainText('未绑定');
  expect((await bindingsOf(request, me)).wechat).toBe(false);
  expect(failures).toEqual([]);
});

test('desktop third-party logins bind on the desktop and return to the page that asked for the login', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // The 教育魔方 login of an unbound account answers 409 EDU.ACCOUNT_NOT_BOUND, by design.
  allowConsoleErrors(FAKE_PAGE_FAVICON_404, /status of 409 \(Conflict\)/);
  const user = await registerByApi(request);

  // 我的教材 asks for a login; the WeChat QR of an unbound persona leads to the desktop bind screen.
  await page.goto('/#/myBook');
  await expect(page).toHaveURL(/#\/loginRegistration\?.*redirect=%2FmyBook/);
  await page.getByRole('tab', { name: '微信登录' }).click();
  await page.getByTestId('wechat-open').click();
  await choosePersona(page, 'wx-new');
  await expect(page).toHaveURL(/#\/bindAccount\?provider=wechat&redirect=%2FmyBook$/);
  await expect(page.getByRole('heading', { level: 1, name: '绑定微信账号' })).toBeVisible();
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await expect(page.getByTestId('external-profile')).toContainText('微信新用户');
  expectNoSecretsInUrl(page);
  expect(await axeProblems(page), 'axe on /bindAccount').toEqual([]);
  await submitPasswordLogin(page, user.phone, user.password);
  await expect(page.getByTestId('bind-confirm')).toHaveText(`将微信「微信新用户」绑定到账号 ${user.userName}？`);
  // 取消 keeps the persona free for the other journeys; the login still returns to 我的教材.
  await page.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(page).toHaveURL(/#\/myBook$/);
  await expect(userMenu(page)).toContainText(user.userName);

  // Logged out, 个人中心 by 教育魔方: the desktop bind screen again, bound, back on 个人中心.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page.goto('about:blank');
  await page.goto('/#/user');
  await expect(page).toHaveURL(/#\/loginRegistration\?.*redirect=%2Fuser/);
  await page.getByTestId('login-educube').click();
  await choosePersona(page, 'cube-teacher');
  await expect(page).toHaveURL(/#\/bindAccount\?provider=educube&redirect=%2Fuser$/);
  await expect(page.getByTestId('external-profile')).toContainText('魔方老师');
  await submitPasswordLogin(page, user.phone, user.password);
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page).toHaveURL(/#\/user$/);
  await expect(page.getByTestId('site-footer')).toBeVisible();
  const me = await loginByApi(request, user.phone, user.password);
  expect((await bindingsOf(request, me)).educube).toBe(true);
});
