/**
 * Account takeover through third-party binding, and login CSRF (docs/identity.md, Rules), with two
 * browsers: an attacker runs a provider flow in their own browser and sends the victim a link that
 * carries what came back. The victim's browser binds nothing and logs nobody in: the server takes
 * bind tickets, 之江汇 tickets and one-time login codes only from the browser that ran the flow, and
 * the pages bind only after the logged-in person confirms.
 */
import { ApiPaths } from '@eav/contract';
import type { Browser, Page } from '@playwright/test';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { loginByApi, loginInBrowser, registerByApi, userMenu } from './accounts-helpers';
import { bindingsOf, choosePersona, FAKE_PAGE_FAVICON_404, storedUser } from './identity-helpers';
import { useSessionOf } from '../support/session';

/** The attacker's own browser (a phone). */
async function attackerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: MOBILE_UA });
  return context.newPage();
}

/** The in-app URL the attacker's WeChat login answered (read off the wire, never opened there). */
async function attackerWechatUrl(browser: Browser, persona: string): Promise<URLSearchParams> {
  const page = await attackerPage(browser);
  let answered = '';
  // The attacker's own browser does not follow the answer: the values stay unused for the victim.
  await page.route(`**${ApiPaths.wechatH5Login}?**`, async (route) => {
    const response = await route.fetch();
    answered = ((await response.json()) as { data: { url: string } }).data.url;
    await route.abort();
  });
  await page.goto('/#/mobileH5/login');
  await page.getByRole('button', { name: '微信' }).click();
  await choosePersona(page, persona);
  await expect.poll(() => answered).not.toBe('');
  await page.context().close();
  return new URLSearchParams(answered.slice(answered.indexOf('?') + 1));
}

/** Records every POST the page sends to the binding endpoints. */
function bindCalls(page: Page): string[] {
  const seen: string[] = [];
  const binding: string[] = [ApiPaths.userBind, ApiPaths.zjerBinding, ApiPaths.educubeBinding];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && binding.includes(path)) seen.push(path);
  });
  return seen;
}

test("a logged-in victim opening the attacker's 账号绑定 link binds nothing", async ({
  page,
  browser,
  request,
  allowConsoleErrors,
}) => {
  // The victim's browser asks for the bind ticket's profile and is refused (400), by design.
  allowConsoleErrors(FAKE_PAGE_FAVICON_404, /status of 400 \(Bad Request\)/);
  const ticket = (await attackerWechatUrl(browser, 'wx-new')).get('unionId')!;
  expect(ticket).toMatch(/^bt_/);

  const victim = await registerByApi(request);
  const me = await loginByApi(request, victim.phone, victim.password);
  const calls = bindCalls(page);
  await page.goto('/#/');
  // Started again with the stored session (useSessionOf reloads), the app knows the victim is logged
  // in before the link's hash change reaches the guard (else it would treat them as a visitor).
  await useSessionOf(page, me);
  await page.goto(`/#/user/bindings?unionId=${ticket}`);
  await page.reload();

  // The confirm dialog opens, but the server does not show this browser someone else's ticket.
  const dialog = page.getByRole('dialog', { name: '确认绑定' });
  await expect(dialog).toContainText('绑定凭证无效或已过期');
  await expect(dialog.getByRole('button', { name: '确认绑定' })).toBeDisabled();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByTestId('binding-wechat')).toContainText('未绑定');
  expect(calls).toEqual([]);
  expect((await bindingsOf(request, me)).wechat).toBe(false);
});

test('a logged-out victim who opens the link and then logs in normally is not bound', async ({
  page,
  browser,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(FAKE_PAGE_FAVICON_404, /status of 400 \(Bad Request\)/);
  const ticket = (await attackerWechatUrl(browser, 'wx-new')).get('unionId')!;
  const victim = await registerByApi(request);
  const calls = bindCalls(page);

  await page.goto(`/#/mobileH5/home?unionId=${ticket}`);
  // The guard keeps the ticket for the bind screen, which the server refuses to fill in here.
  await expect(page).toHaveURL(/#\/mobileH5\/bindChoiceWx$/);
  await expect(page.getByText('绑定凭证无效或已过期，请重新登录')).toBeVisible();

  // A normal login that continues to 账号绑定, which offers what the guard stored: the server refuses it.
  await loginInBrowser(page, victim.phone, victim.password, '/user/bindings');
  await expect(userMenu(page)).toContainText(victim.userName);
  await expect(page.getByRole('dialog', { name: '确认绑定' })).toContainText('绑定凭证无效或已过期');
  expect(calls).toEqual([]);
  const me = await loginByApi(request, victim.phone, victim.password);
  expect((await bindingsOf(request, me)).wechat).toBe(false);
});

test("a logged-in victim opening the attacker's 之江汇 callback URL binds nothing", async ({
  page,
  browser,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(FAKE_PAGE_FAVICON_404);
  // The attacker logs in at 之江汇 and keeps the callback URL with its service ticket, unused.
  const attacker = await attackerPage(browser);
  let callback = '';
  // The provider's redirect to the callback is read off the persona form's answer (a route handler
  // never sees the redirected request itself).
  await attacker.route(
    (url) => url.pathname.startsWith('/fake-idp/zjer/login/'),
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      callback = new URL(response.headers()['location'] ?? '', route.request().url()).toString();
      await route.abort();
    },
  );
  await attacker.goto('/#/mobile/login');
  await choosePersona(attacker, 'zjer-verified');
  await expect.poll(() => callback).toContain('ticket=ST-');
  await attacker.context().close();

  const victim = await registerByApi(request);
  const me = await loginByApi(request, victim.phone, victim.password);
  const calls = bindCalls(page);
  await page.goto('/#/');
  await useSessionOf(page, me);
  await page.goto(callback);
  await expect(page.getByRole('heading', { name: '之江汇登录未完成' })).toBeVisible();
  expect(page.url()).not.toContain('ST-');
  expect(calls).toEqual([]);
  expect((await bindingsOf(request, me)).zjer).toBe(false);
});

test("a fresh browser opening the attacker's login URL (login CSRF) is not logged in", async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  // The one-time login code is refused in this browser (400), by design.
  allowConsoleErrors(/status of 400 \(Bad Request\)/, FAKE_PAGE_FAVICON_404);
  // The attacker's WeChat is bound to their own account (the demo student's persona).
  const params = await attackerWechatUrl(browser, 'wx-bound');
  expect(params.get('isBound')).toBe('true');
  expect(params.get('token')).toMatch(/^lc_/);

  const exchanges: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === ApiPaths.loginExchange) exchanges.push(r.status());
  });
  await page.goto(`/#/mobileH5/home?${params.toString()}`);
  await expect(page).toHaveURL(/#\/mobileH5\/login$/);
  expect(exchanges).toEqual([400]);
  expect(await storedUser(page)).toBeNull();
  await page.goto('/#/');
  await expect(userMenu(page)).toHaveCount(0);
});
