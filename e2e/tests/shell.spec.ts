/**
 * Shell journeys: the shells of every route, the header menu and its highlight, redirects, the
 * mobile landing with the 375 px viewport, the footer, the logged-in header, and the HTTP client's
 * offline / 401 / unknown-path rules seen through the real UI.
 */
import { SIGN_HEADERS, signRequest } from '@eav/contract';
import type { Page } from '@playwright/test';
import { DEMO, loginViaApi } from '../support/api';
import { MOBILE_UA, SIGN_SECRET } from '../support/env';
import { expect, test } from '../support/fixtures';
import { chooseMenuItem, withoutInlinedAnswers } from '../support/ui';
import { useSessionOf } from '../support/session';

const DESKTOP_ROUTES = [
  '/',
  '/digitalBook',
  '/videoResource',
  '/videoOnlineLearning',
  '/material',
  '/detail',
  '/digitalResources/syncMaterial',
  '/digitalResources/paperCenter',
  '/digitalResources/cloudBase',
  '/help',
  '/WisdomTeaching',
  '/teachersTraining',
  '/smartPublishing',
  '/bigData',
  '/user',
  '/user/avatar',
  '/user/password',
  '/myBook',
  '/myDigitalBook',
  '/resource',
  '/loginRegistration?loginStep=1',
  '/loginRegistration?loginStep=0',
  '/about',
  '/copyRight',
  '/zjhAuth',
  '/no-such-page',
];
// `/mobile/login` is bare too, but leaves at once for 之江汇's login (identity-h5.spec.ts follows it).
const BARE_ROUTES = ['/preview', '/ossPreview', '/mobile/perview'];
const H5_ROUTES = [
  'login',
  'textbook',
  'register',
  'forget',
  'phoneLogin',
  'bind',
  'selectIdentity',
  'zjhAuth',
  'improveInformation',
  'downloadZone',
  'browse',
  'browseBook',
  'activation',
  'home',
  'prize',
  'bindChoice',
  'bindChoiceMf',
  'bindChoiceWx',
  'userCenter',
  'contactUs',
  'course3',
  'course4',
  'course5',
  'networkLearning',
  'pdf',
  'no-such-page',
].map((p) => `/mobileH5/${p}`);

/** Spec 2: the header entry each route highlights (null: none). */
const HIGHLIGHT: [string, string | null][] = [
  ['/', 'home'],
  ['/digitalBook', 'textbook'],
  ['/videoResource', 'textbook'],
  ['/videoOnlineLearning', 'textbook'],
  ['/material', 'textbook'],
  ['/detail', 'textbook'],
  ['/digitalResources/syncMaterial', 'resources'],
  ['/digitalResources/paperCenter', 'resources'],
  ['/digitalResources/cloudBase', 'resources'],
  ['/help', 'resources'],
  ['/WisdomTeaching', 'teaching'],
  ['/teachersTraining', 'training'],
  ['/smartPublishing', 'publishing'],
  ['/bigData', null],
  ['/about', null],
  ['/copyRight', null],
  ['/loginRegistration?loginStep=1', null],
];

const header = (page: Page) => page.getByTestId('site-header');
const footer = (page: Page) => page.getByTestId('site-footer');
const hashOf = (page: Page) => new URL(page.url()).hash;

test.describe('shells', () => {
  test('every route renders inside the right shell', async ({ page, allowConsoleErrors }) => {
    test.setTimeout(120_000);
    // Guarded pages answer 401 when logged out; that is expected here.
    allowConsoleErrors(/Failed to load resource/);
    for (const route of DESKTOP_ROUTES) {
      await page.goto(`/#${route}`);
      await expect(page.locator('[data-shell]'), route).toHaveAttribute('data-shell', 'desktop');
      await expect(header(page), route).toBeVisible();
      await expect(footer(page), route).toBeVisible();
      await expect(page.getByTestId('chat-button'), route).toBeVisible();
    }
    for (const route of BARE_ROUTES) {
      await page.goto(`/#${route}`);
      await expect(page.locator('[data-shell]'), route).toHaveAttribute('data-shell', 'bare');
      await expect(header(page), route).toHaveCount(0);
      await expect(footer(page), route).toHaveCount(0);
      await expect(page.getByTestId('chat-button'), route).toHaveCount(0);
    }
    for (const route of H5_ROUTES) {
      await page.goto(`/#${route}`);
      await expect(page.locator('[data-shell]'), route).toHaveAttribute('data-shell', 'h5');
      await expect(header(page), route).toHaveCount(0);
      await expect(footer(page), route).toHaveCount(0);
    }
    await expect(page).toHaveTitle('之江数字教材服务平台');
  });

  test('unknown routes show 页面不存在 inside the shell', async ({ page }) => {
    await page.goto('/#/no-such-page');
    const status = page.getByTestId('status-page');
    await expect(status.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await expect(page.locator('[data-shell]')).toHaveAttribute('data-shell', 'desktop');
    await status.getByRole('link', { name: '返回首页' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/');
  });

  test('navigation scrolls back to the top', async ({ page }) => {
    await page.goto('/#/about');
    await expect(page.getByRole('heading', { name: '平台介绍', level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await footer(page)
      .getByRole('link', { name: /版权所有/ })
      .click();
    await expect(page.getByRole('heading', { name: '版权声明', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('header', () => {
  test('menu entries in the spec order, highlight per route', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource/);
    await page.goto('/#/about');
    await expect(header(page).locator('.eav-nav__item')).toHaveText([
      '首页',
      '数字教材',
      '数字资源',
      '智慧教学',
      '智慧研修',
      '智慧出版',
    ]);
    for (const [route, key] of HIGHLIGHT) {
      await page.goto(`/#${route}`);
      const active = header(page).locator('.eav-nav__item[aria-current="page"]');
      if (key) await expect(active, route).toHaveAttribute('data-menu-key', key);
      else await expect(active, route).toHaveCount(0);
    }
  });

  test('clicking the selected entry does nothing; the dropdown and the logo navigate', async ({ page }) => {
    await page.goto('/#/digitalResources/paperCenter');
    const nav = header(page).getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '数字资源' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/digitalResources/paperCenter');

    await chooseMenuItem(
      page,
      '网络学习',
      () => nav.getByRole('link', { name: '数字教材' }).hover(),
      () => expect.poll(() => hashOf(page), { timeout: 2_000 }).toBe('#/videoResource'),
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('data-menu-key', 'textbook');

    await nav.getByRole('link', { name: '智慧研修' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/teachersTraining');
    await header(page).getByRole('link', { name: '返回首页' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/');
  });

  test('logged out: 登录 and 注册 links', async ({ page }) => {
    await page.goto('/#/about');
    await expect(header(page).getByRole('link', { name: '登录' })).toHaveAttribute(
      'href',
      '#/loginRegistration?loginStep=1',
    );
    await expect(header(page).getByRole('link', { name: '注册' })).toHaveAttribute(
      'href',
      '#/loginRegistration?loginStep=0',
    );
  });

  test('logged in teacher: avatar, name, dropdown with 教学后台, closes on outside click, logs out', async ({
    page,
  }) => {
    const user = await loginViaApi(DEMO.teacher);
    await page.goto('/#/about');
    await useSessionOf(page, user);
    const menu = header(page).getByTestId('user-menu');
    await expect(menu).toContainText(DEMO.teacher);
    await expect(menu.locator('img')).toHaveAttribute('src', '/avatar-default.svg');
    await menu.click();
    for (const item of ['个人中心', '我的教材', '我的资源', '教学后台', '退出登录'])
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeHidden();

    const openMenu = async () => {
      await menu.click();
      await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible({ timeout: 2_000 });
    };
    const windows = () => page.context().pages();
    await chooseMenuItem(page, '教学后台', openMenu, () =>
      expect.poll(() => windows().length, { timeout: 2_000 }).toBeGreaterThan(1),
    );
    // The jump lands on the fake back-office (TEACHING_BACKOFFICE_URL unset), which greets the teacher.
    const backOffice = windows().at(-1)!;
    await expect.poll(() => new URL(backOffice.url()).pathname).toBe('/fake-idp/teaching/');
    await expect(backOffice.getByTestId('teaching-welcome')).toHaveText(`已进入教学后台：${DEMO.teacher}`);
    // The new window takes the foreground; close it and come back to the portal, as a person would.
    await backOffice.close();
    await page.bringToFront();

    await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeHidden();
    await chooseMenuItem(page, '退出登录', openMenu, () =>
      expect(header(page).getByRole('link', { name: '登录' })).toBeVisible({ timeout: 5_000 }),
    );
    await expect.poll(() => hashOf(page)).toBe('#/');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('logged in student: no 教学后台', async ({ page }) => {
    const user = await loginViaApi(DEMO.student);
    await page.goto('/#/about');
    await useSessionOf(page, user);
    await header(page).getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: '我的资源' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '教学后台' })).toHaveCount(0);
  });
});

test.describe('footer', () => {
  test('links, organisers, contact and filing from the site config', async ({ page }) => {
    await page.goto('/#/WisdomTeaching');
    const f = footer(page);
    await expect(f.getByRole('link', { name: '平台介绍' })).toHaveAttribute('href', '#/about');
    const aid = f.getByRole('link', { name: '抗疫助学' });
    await expect(aid).toHaveAttribute('target', '_blank');
    await expect(aid).toHaveAttribute('href', /^https?:\/\//);
    for (const text of [
      '业务指导',
      '主办单位',
      '承办单位',
      '工作日 9:00-21:00',
      '周末 9:00-22:00',
      '客服热线',
      '客服邮箱',
      '浙ICP备',
      '浙公网安备',
      '网络出版服务许可证',
    ]) {
      await expect(f.getByText(text).first()).toBeVisible();
    }
    for (const name of ['数字教材', '数字资源', '智慧教学', '智慧研修', '智慧出版'])
      await expect(f.getByRole('link', { name, exact: true })).toBeVisible();
    await f.getByRole('button', { name: '在线客服' }).click();
    await expect(page.getByTestId('chat-panel')).toContainText('客服热线');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('chat-panel')).toBeHidden();
    await page.getByTestId('chat-button').click();
    await expect(page.getByTestId('chat-panel')).toBeVisible();
  });
});

test.describe('home', () => {
  test('desktop home: banner carousel from the server and entry cards to every area', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByRole('heading', { name: '数字教材 随时随地' }).first()).toBeAttached();
    const cards = page.getByTestId('area-grid').getByRole('link');
    await expect(cards).toHaveText([
      /数字教材/,
      /网络学习/,
      /同步资源/,
      /试卷中心/,
      /云题库/,
      /智慧教学/,
      /智慧研修/,
      /智慧出版/,
      /大数据中心/,
    ]);
    await cards.filter({ hasText: '试卷中心' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/digitalResources/paperCenter');
  });

  test('H5 home: banners, entry grid and the tab bar', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      userAgent: MOBILE_UA,
    });
    const page = await context.newPage();
    await page.goto('/#/mobileH5/home');
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('area-grid').getByRole('link')).toHaveCount(8);
    const tabs = page.getByTestId('h5-tabbar');
    await expect(tabs).toContainText('首页');
    await tabs.getByText('激活').click();
    await expect.poll(() => hashOf(page)).toBe('#/mobileH5/activation');
    await context.close();
  });
});

test.describe('redirects and devices', () => {
  test('redirects of docs/product.md §2', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource/);
    await page.goto('/#/digitalResources');
    await expect.poll(() => hashOf(page)).toBe('#/digitalResources/syncMaterial');
    await page.goto('/#/mobileH5');
    await expect.poll(() => hashOf(page)).toBe('#/mobileH5/home');
    // /myBook and /resource may in turn ask a logged-out visitor to log in, carrying the target.
    await page.goto('/#/allResource');
    await expect
      .poll(() => decodeURIComponent(hashOf(page)))
      .toMatch(/^#\/(myBook$|loginRegistration\?.*redirect=\/myBook)/);
    await page.goto('/#/myResource');
    await expect
      .poll(() => decodeURIComponent(hashOf(page)))
      .toMatch(/^#\/(resource$|loginRegistration\?.*redirect=\/resource)/);
  });

  test('a mobile device on / lands on /mobileH5/home with the 375 px viewport, loading no desktop code', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 414, height: 896 },
      isMobile: true,
      hasTouch: true,
      userAgent: MOBILE_UA,
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    await page.goto('/');
    await expect.poll(() => hashOf(page)).toBe('#/mobileH5/home');
    await expect(page.locator('[data-shell]')).toHaveAttribute('data-shell', 'h5');
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /width=375/);
    expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(375);
    // The redirect happens before the router starts: the desktop home and its shell are never fetched.
    await expect(page.getByRole('tab', { name: '小学' })).toBeVisible();
    expect(scripts.some((s) => /\/assets\/h5-shell-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(home|desktop-shell)-[\w-]+\.js$/.test(s))).toEqual([]);
    await context.close();
  });

  test('a phone paints the carousel from the page: its chunk and lead picture preloaded, the banners never requested', async ({
    browser,
  }) => {
    const context = await browser.newContext({ isMobile: true, hasTouch: true, userAgent: MOBILE_UA });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => void requests.push(new URL(r.url()).pathname));
    await page.goto('/#/mobileH5/home');
    const carousel = page.getByTestId('banner-carousel');
    await expect(carousel).toBeVisible();
    const lead = await carousel.locator('img').first().getAttribute('src');
    expect(await page.locator('link[rel="preload"][as="image"]').getAttribute('href')).toBe(lead);
    expect(requests).toContain(lead);
    expect(requests.filter((p) => p.startsWith('/prize/api/v1/banner'))).toEqual([]);
    // The home's own chunk is preloaded once: by the route hint, or by the router if the hint came late.
    await expect(page.locator('link[rel="modulepreload"][href^="/assets/mobile-home-"]')).toHaveCount(1);
    await context.close();
  });
});

test.describe('HTTP client rules through the UI', () => {
  test("offline: '请连接网络使用'", async ({ page, context, allowConsoleErrors }) => {
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED/);
    // The first banner load fails (no network answer), leaving the retry button of the carousel.
    await withoutInlinedAnswers(page);
    await page.route('**/prize/api/v1/banner*', (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    const retry = page.getByRole('button', { name: /点击重试/ });
    await expect(retry).toBeVisible();
    await page.unroute('**/prize/api/v1/banner*');
    await context.setOffline(true);
    await retry.click();
    await expect(page.locator('.ant-message').getByText('请连接网络使用')).toBeVisible();
    await context.setOffline(false);
    await retry.click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
  });

  test('401 logs out silently', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/401/);
    await page.goto('/#/about');
    await page.evaluate(() =>
      localStorage.setItem(
        'user',
        JSON.stringify({ userId: 424242, userName: '过期用户', token: 'bogus-token', roles: ['teacher'] }),
      ),
    );
    const permission = page.waitForResponse((r) => r.url().includes('/api/v1/users/424242/xh'));
    await page.reload();
    expect((await permission).status()).toBe(401);
    await expect(header(page).getByRole('link', { name: '登录' })).toBeVisible();
    await expect(header(page).getByTestId('user-menu')).toHaveCount(0);
    expect(hashOf(page)).toBe('#/about');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
  });

  test("an unknown API path shows '网络请求不存在'", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/404/);
    // The home page's banner call is sent, correctly signed, to a path the server does not have.
    await withoutInlinedAnswers(page);
    const unknown = '/prize/api/v1/banner-that-does-not-exist';
    await page.route('**/prize/api/v1/banner*', async (route) => {
      const req = route.request();
      const ts = Date.now();
      const token = (req.headers()['authorization'] ?? '').replace(/^Bearer /, '');
      const sign = signRequest(
        { method: req.method(), path: unknown, query: {}, body: '', token, timestamp: ts },
        SIGN_SECRET,
      );
      await route.continue({
        url: new URL(unknown, req.url()).toString(),
        headers: {
          ...req.headers(),
          [SIGN_HEADERS.timestamp.toLowerCase()]: String(ts),
          [SIGN_HEADERS.sign.toLowerCase()]: sign,
        },
      });
    });
    const answer = page.waitForResponse((r) => r.url().includes(unknown));
    await page.goto('/');
    const res = await answer;
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, msg: '网络请求不存在' });
    await expect(page.locator('.ant-message').getByText('网络请求不存在')).toBeVisible();
    // The home page still stands: the carousel falls back to the platform's own hero.
    await expect(page.getByTestId('banner-empty')).toBeVisible();
  });
});
