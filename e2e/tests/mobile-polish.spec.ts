/**
 * The portal on a phone (docs/mobile.md), against the shared e2e server (demo seed):
 * - a phone opening a shared desktop link (/detail, /digitalBook with filters, /preview) lands on the
 *   H5 page of the same book or with the same filters; desktop pages without an H5 page fit 375 px;
 * - the H5 bookstore's filter sheet (学科 … with counts) narrows the list to the server's count;
 * - a logged-in user on /mobileH5/login is sent on, and the H5 home shows no register card;
 * - leaving the H5 reader while its book is still arriving raises no page error;
 * - the H5 reader zooms with its buttons (re-rendered sharp) and is driven by the keyboard;
 * - the desktop reader is driven by the keyboard, announces page, total and chapter, and names its slider.
 * axe runs on the states the route sweep (routes.spec.ts) does not reach. Screenshots: docs/screenshots/mobile-*.
 */
import { axeFindings } from '../support/axe';
import { ApiPaths, type Paged, type TextbookFacets, type TextbookListItem } from '@eav/contract';
import type { Locator, Page, Route } from '@playwright/test';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';
import { useSessionAtStart } from '../support/session';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA };

async function apiData<T>(pathWithQuery: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery);
  const json = (await res.json()) as { code: number; data: T };
  expect(json.code).toBe(200);
  return json.data;
}

async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page);
}

/** A public demo book with a PDF of at least 3 pages (readable without login). */
/** Waits until the list's first covers are drawn (generated covers are rendered on first request). */
async function coversShown(list: Locator): Promise<void> {
  const covers = list.locator('img[loading="eager"]');
  await expect(covers.first()).toBeVisible();
  for (const img of await covers.all())
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

async function publicBook(): Promise<TextbookListItem> {
  const list = await apiData<Paged<TextbookListItem>>(`${ApiPaths.textbooks}?pageSize=100&readable=true`);
  const book = list.items.find((b) => b.access === 'public' && b.hasFile && (b.pageCount ?? 0) >= 3);
  expect(book, 'the demo seed has a public book with a file').toBeDefined();
  return book!;
}

/** The demo student's login answer, once per worker (login is rate-limited per address). */
let student: Promise<Record<string, unknown> & { token: string }> | undefined;
async function logIn(page: Page): Promise<void> {
  student ??= loginViaApi(DEMO.student);
  const user = await student;
  await useSessionAtStart(page, user);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('desktop links land on the H5 page with the same book and filters', async ({ page }) => {
    const book = await publicBook();
    await page.goto(`/#/detail?id=${book.id}`);
    await expect(page).toHaveURL(new RegExp(`#/mobileH5/browseBook\\?id=${book.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(book.title.split('·').pop()!);

    await page.goto(`/#/preview?id=${book.id}&page=2`);
    await expect(page).toHaveURL(new RegExp(`#/mobileH5/pdf\\?id=${book.id}&page=2$`));
    // Let the H5 reader finish opening the book before leaving: abandoning a pdf.js load midway
    // makes pdf.js reject with "Worker was terminated" (an upstream race, not this mapping).
    await expect(page.getByTestId('reader-page').locator('canvas').first()).toBeVisible({ timeout: 30_000 });

    const stageId = book.stage.id;
    const subjectId = book.subject.id;
    await page.goto(`/#/digitalBook?stageId=${stageId}&subjectId=${subjectId}&page=3`);
    await expect(page).toHaveURL(new RegExp(`#/mobileH5/textbook\\?stageId=${stageId}&subjectId=${subjectId}$`));
    const facets = await apiData<TextbookFacets>(
      `${ApiPaths.textbookFacets}?stageId=${stageId}&subjectId=${subjectId}`,
    );
    await expect(page.getByTestId('h5-book-list')).toContainText(`共 ${facets.total} 本教材`);
    await expect(page.getByTestId('h5-filter-button')).toHaveText('筛选 1');
  });

  test('desktop pages without an H5 page fit 375 px', async ({ page }) => {
    for (const route of ['/help', '/about']) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${route} scrolls sideways`).toBeLessThanOrEqual(376);
    }
  });

  test('the bookstore filter sheet narrows the list with counts', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/#/mobileH5/textbook');
    const list = page.getByTestId('h5-book-list');
    await expect(list).toContainText(/共 \d+ 本教材/);
    const all = Number((await list.textContent())!.match(/共 (\d+) 本教材/)![1]);

    await page.getByTestId('h5-filter-button').click();
    const sheet = page.getByRole('dialog', { name: '筛选教材' });
    await expect(sheet).toBeVisible();
    const subjects = sheet.getByRole('group', { name: '学科' });
    const math = subjects.getByRole('button', { name: /^数学，\d+ 本$/ });
    await expect(math).toBeVisible();
    const count = Number((await math.getAttribute('aria-label'))!.match(/(\d+) 本/)![1]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(all);
    await math.click();
    await expect(math).toHaveAttribute('aria-pressed', 'true');
    // The cascade: 版本 now counts only 数学 books.
    await expect(sheet.getByRole('group', { name: '版本' })).toBeVisible();
    await docScreenshot(page, 'mobile-filter-sheet-375.png');
    // Axe here: the filter sheet is open, a dialog the route sweep does not open.
    expect(await axeProblems(page)).toEqual([]);
    await sheet.getByRole('button', { name: /确\s*定/ }).click();

    await expect(page).toHaveURL(/subjectId=\d+/);
    await expect(list).toContainText(`共 ${count} 本教材`);
    await expect(page.getByTestId('h5-filter-button')).toHaveText('筛选 1');
    // Titles keep their volume (上册/下册) visible.
    const title = list.locator('h2').first();
    await expect(title).toHaveText(/册/);
    const clipped = await title.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
    expect(clipped).toBe(false);
    await coversShown(list);
    await docScreenshot(page, 'mobile-textbook-375.png');
  });

  test('a logged-in user skips the login form and the register card', async ({ page }) => {
    await logIn(page);
    await page.goto('/#/mobileH5/login?redirect=%2FmobileH5%2Ftextbook');
    await expect(page).toHaveURL(/#\/mobileH5\/textbook$/);
    await page.goto('/#/mobileH5/login');
    await expect(page).toHaveURL(/#\/mobileH5\/home$/);
    await expect(page.getByTestId('h5-featured')).toBeVisible();
    await expect(page.getByTestId('h5-register-card')).toHaveCount(0);
  });

  test('leaving the H5 reader while its book is still arriving raises no error', async ({ page }) => {
    // pdf.js ends the document in its worker when the reader closes, and load steps still pending
    // there reject. The book's file is held back until pdf.js has closed its worker, so the reader
    // always closes mid-load; the fixture fails the test on any page error.
    const book = await publicBook();
    const workerClosed = new Promise<void>((resolve) =>
      page.on('worker', (w) => /pdf[.-]worker/.test(w.url()) && w.on('close', () => resolve())),
    );
    const held: Route[] = [];
    await page.route(
      (url) => url.pathname.startsWith('/media/textbooks/'),
      (route) => void held.push(route),
    );
    await page.goto(`/#/mobileH5/pdf?id=${book.id}`);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.goto('/#/mobileH5/home');
    await workerClosed;
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('tablist')).first()).toBeAttached();
  });

  test('the H5 reader zooms sharp and turns pages by keyboard', async ({ page }) => {
    test.setTimeout(60_000);
    const book = await publicBook();
    await page.goto(`/#/mobileH5/pdf?id=${book.id}`);
    const sheet = page.getByTestId('reader-page');
    await expect(sheet).toHaveAttribute('data-page', '1');
    const canvas = sheet.locator('canvas');
    await expect(canvas).toBeVisible();
    const before = (await sheet.boundingBox())!.width;

    await page.getByRole('button', { name: '放大' }).click();
    await expect(sheet).toHaveAttribute('data-zoom', '1.25');
    await expect(page.getByTestId('reader-zoom-label')).toHaveText('125%');
    await expect.poll(async () => (await sheet.boundingBox())!.width).toBeGreaterThan(before * 1.2);
    // Sharp: the canvas holds devicePixelRatio device pixels per CSS pixel at the zoomed size.
    await expect
      .poll(async () =>
        canvas.evaluate((c: HTMLCanvasElement) => c.width / (c.getBoundingClientRect().width * devicePixelRatio)),
      )
      .toBeGreaterThan(0.97);
    await page.getByRole('button', { name: '缩小' }).click();
    await expect(sheet).toHaveAttribute('data-zoom', '1');

    await page
      .getByRole('region', { name: '教材页面' })
      .or(page.getByRole('main', { name: '教材页面' }))
      .focus();
    await page.keyboard.press('ArrowRight');
    await expect(sheet).toHaveAttribute('data-page', '2');
    await expect(page.getByTestId('reader-announcement')).toHaveText(new RegExp(`^第 2 页，共 ${book.pageCount} 页`));
    await expect(page.getByRole('progressbar', { name: '阅读进度' })).toHaveAttribute(
      'aria-valuetext',
      `第 2 页，共 ${book.pageCount} 页`,
    );
    await page.keyboard.press('End');
    await expect(sheet).toHaveAttribute('data-page', String(book.pageCount));
    // The page number changes before pdf.js has drawn the new page; its text layer (every demo page
    // has a running header) is laid out only once the page is loaded, so the screenshot shows it.
    await expect(sheet.locator('.react-pdf__Page__textContent span').first()).toBeVisible();
    await expect(canvas).toBeVisible();
    await docScreenshot(page, 'mobile-reader-375.png');
    // Axe here: the reader on its second page after zooming, a state the route sweep does not reach.
    expect(await axeProblems(page)).toEqual([]);
  });
});

/** The URLs the served page names in `<link rel="modulepreload">` for a browser with `userAgent`. */
async function preloadedModules(page: Page, userAgent: string): Promise<string[]> {
  const res = await page.request.get('/', { headers: { 'user-agent': userAgent } });
  expect(res.status()).toBe(200);
  expect(res.headers()['vary']).toMatch(/User-Agent/i);
  return [...(await res.text()).matchAll(/<link rel="modulepreload" crossorigin[^>]* href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
}

test.describe('the page preloads the shell of the device', () => {
  test('a phone gets the H5 shell and fetches each preloaded file once', async ({ page }) => {
    const named = await preloadedModules(page, MOBILE_UA);
    expect(named.some((u) => /\/h5-shell-[\w-]+\.js$/.test(u))).toBe(true);
    expect(named.some((u) => /\/desktop-shell-/.test(u))).toBe(false);
    const fetched = new Map<string, number>();
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      fetched.set(p, (fetched.get(p) ?? 0) + 1);
    });
    await page.setExtraHTTPHeaders({ 'user-agent': MOBILE_UA });
    await page.goto('/#/mobileH5/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The module loads reuse the preloaded responses: a mismatch (crossorigin, URL) would fetch twice.
    for (const url of named) expect(fetched.get(url), url).toBe(1);
  });

  test('a desktop browser gets the desktop shell', async ({ page }) => {
    const named = await preloadedModules(
      page,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36',
    );
    expect(named.some((u) => /\/desktop-shell-[\w-]+\.js$/.test(u))).toBe(true);
    expect(named.some((u) => /\/h5-shell-/.test(u))).toBe(false);
  });
});

test.describe('desktop pages at 375 px in a desktop browser', () => {
  // A narrow desktop window (or 400 % zoom): no phone user agent, so no H5 redirect.
  test.use({ viewport: { width: 375, height: 800 } });

  test('the header fits in one row above the page title and its menu button opens the navigation', async ({ page }) => {
    const header = page.getByTestId('site-header');
    for (const route of ['/WisdomTeaching', '/digitalResources/cloudBase', '/digitalBook', '/help']) {
      await page.goto(`/#${route}`);
      const title = page.getByRole('heading', { level: 1 }).first();
      await expect(title).toBeVisible();
      // Measured together, and again while the page is still rendering (the title may be replaced).
      await expect
        .poll(
          () =>
            title.evaluate((h1) => {
              const bar = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect();
              return h1.getBoundingClientRect().top - bar.bottom;
            }),
          { message: `${route}: the header covers the page title` },
        )
        .toBeGreaterThanOrEqual(0);
      const sideways = await header.evaluate((el) => el.scrollWidth - document.documentElement.clientWidth);
      expect(sideways, `${route}: the header runs off the screen`).toBeLessThanOrEqual(0);
      const button = header.getByRole('button', { name: '打开导航菜单' });
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, `${route}: the menu button is cut off`).toBeLessThanOrEqual(375);
    }
    // Axe here: a desktop page at 375 px, which the route sweep sees at 1440 px only.
    expect(await axeProblems(page)).toEqual([]);

    // By keyboard: the button opens the drawer with the current page marked; Escape returns focus.
    await page.goto('/#/WisdomTeaching');
    await expect(header.getByRole('navigation', { name: '主导航' })).toBeHidden();
    const button = header.getByRole('button', { name: '打开导航菜单' });
    await button.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: '导航菜单' });
    await expect(drawer).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const nav = drawer.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '智慧教学' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: '登录' })).toBeVisible();
    // Axe here: the navigation drawer is open, a dialog the route sweep does not open.
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    // A link navigates and closes the drawer.
    await button.click();
    await nav.getByRole('link', { name: '智慧出版' }).click();
    await expect(page).toHaveURL(/#\/smartPublishing$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('pages reflow at 320 px: nothing scrolls sideways (WCAG 2.2 SC 1.4.10)', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const pages: [string, string][] = [
      ['/', 'area-grid'],
      ['/digitalBook', 'textbook-grid'],
      ['/digitalResources/cloudBase', 'digital-resources-nav'],
      ['/digitalResources/paperCenter', 'digital-resources-nav'],
    ];
    for (const [route, testId] of pages) {
      await page.goto(`/#${route}`);
      await expect(page.getByTestId(testId)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
      // Lists and trees load after the first paint; their widths count too.
      await page.waitForLoadState('networkidle');
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `${route}: the page is wider than the window`).toBeLessThanOrEqual(0);
    }
    // Axe here: a desktop page at 320 px, which the route sweep sees at 1440 px only.
    expect(await axeProblems(page)).toEqual([]);
  });

  test('logged in, the drawer holds the account menu', async ({ page }) => {
    await logIn(page);
    await page.goto('/#/help');
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '导航菜单' });
    const account = drawer.getByRole('menu', { name: '账号菜单' });
    await expect(account.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
    // Axe here: the drawer's account menu of a logged-in user, which the route sweep does not open.
    expect(await axeProblems(page)).toEqual([]);
    await account.getByRole('menuitem', { name: '我的教材' }).click();
    await expect(page).toHaveURL(/#\/myBook$/);
    await expect(drawer).toBeHidden();
  });
});

test('the desktop reader is driven by keyboard and announces page, total and chapter', async ({ page }) => {
  test.setTimeout(90_000);
  const book = await publicBook();
  await page.goto(`/#/preview?id=${book.id}`);
  const sheet = page.getByTestId('reader-page');
  // The first open of the book loads pdf.js and the file: slow on a loaded machine.
  await expect(sheet).toHaveAttribute('data-page', '1', { timeout: 30_000 });
  await expect(sheet.locator('canvas')).toBeVisible();
  const live = page.getByTestId('reader-announcement');
  await expect(live).toHaveAttribute('role', 'status');
  await expect(live).toHaveText(new RegExp(`^第 1 页，共 ${book.pageCount} 页`));

  await page.getByRole('region', { name: '教材页面' }).focus();
  await page.keyboard.press('PageDown');
  await expect(sheet).toHaveAttribute('data-page', '2');
  await page.keyboard.press('End');
  await expect(sheet).toHaveAttribute('data-page', String(book.pageCount));
  await page.keyboard.press('Home');
  await expect(sheet).toHaveAttribute('data-page', '1');

  // Jumping into a chapter names it.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(live).toHaveText(new RegExp(`^第 3 页，共 ${book.pageCount} 页，.+`));

  // The slider is named and moves by its own arrow keys without the reader's shortcut firing twice.
  const slider = page.getByRole('slider', { name: '翻到页码' });
  await expect(slider).toHaveAttribute('aria-valuetext', `第 3 页，共 ${book.pageCount} 页`);
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(sheet).toHaveAttribute('data-page', '4');

  // Zoom keys.
  const width = (await sheet.boundingBox())!.width;
  await page.getByRole('region', { name: '教材页面' }).focus();
  await page.keyboard.press('+');
  await expect.poll(async () => (await sheet.boundingBox())!.width).toBeGreaterThan(width);
  await page.keyboard.press('0');
  await expect.poll(async () => Math.round((await sheet.boundingBox())!.width)).toBe(Math.round(width));

  // Every toolbar control has a name.
  for (const name of ['返回', '目录与缩略图', '上一页', '下一页', '缩小', '放大', '整页', '适合宽度', '全屏']) {
    await expect(page.getByRole('button', { name, exact: true }).first()).toBeVisible();
  }
  await docScreenshot(page, 'mobile-desktop-reader-1440.png');
  // Axe here: an H5 reader at 1440 px, which the route sweep sees at 375 px only.
  expect(await axeProblems(page)).toEqual([]);
});

test('the H5 bookstore at 1440 px', async ({ page }) => {
  await page.goto('/#/mobileH5/textbook');
  await expect(page.getByTestId('h5-book-list')).toBeVisible();
  await coversShown(page.getByTestId('h5-book-list'));
  await docScreenshot(page, 'mobile-textbook-1440.png');
  // Axe here: an H5 list at 1440 px, which the route sweep sees at 375 px only.
  expect(await axeProblems(page)).toEqual([]);
});
