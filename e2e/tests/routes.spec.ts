/**
 * Every route of the web app (docs/accessibility.md): each path of the `paths` table, the desktop
 * routes at 1440 px and the H5 and mobile routes at 375 px with a phone's user agent, logged out and
 * logged in as the demo student. No page may show the 建设中 placeholder; each page must have exactly
 * one `h1` and one `main` landmark, and axe (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA rules and axe's experimental
 * rules) must find no serious or critical violation. The list is read from the `paths` table at run
 * time, so a new route is checked without editing this file; routes that show one item get the id
 * of a real item of the demo data. Each configuration's routes are cut into walks of a dozen routes, one test each, and a walk opens
 * its routes in one page and reports every problem at once; each route belongs to one viewport (desktop or phone) and is opened
 * once per walk, and each page is scanned by axe once per walk (a route that leads to a page already
 * scanned is not scanned again).
 */
import { axeFindings, settleMotion } from '../support/axe';
import { ApiPaths } from '@eav/contract';
import type { Page } from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { useSessionAtStart } from '../support/session';

/** Every path string of the table (nested groups flattened), plus an unknown path for the 404 page. */
function allPaths(table: Record<string, unknown>): string[] {
  return Object.values(table).flatMap((v) => (typeof v === 'string' ? [v] : allPaths(v as Record<string, unknown>)));
}
const ROUTES = [...new Set(allPaths(paths)), '/no-such-page', '/mobileH5/no-such-page'];

/** Routes the H5 site and the mobile pages own: checked at 375 px with a phone's user agent. */
const isPhoneRoute = (p: string) => p.startsWith('/mobileH5') || p.startsWith('/mobile/');

const desktopRoutes = ROUTES.filter((p) => !isPhoneRoute(p));
const phoneRoutes = ROUTES.filter(isPhoneRoute);

/** Ids of real demo items, fetched once per worker. */
interface DemoIds {
  textbook: number;
  video: number;
  resource: number;
  paper: number;
  activityCode: string | null;
}

async function getData<T>(path: string): Promise<T> {
  const res = await signedFetch('GET', path);
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

let ids: Promise<DemoIds> | undefined;
function demoIds(): Promise<DemoIds> {
  ids ??= (async () => {
    type Page_<T> = { items: T[] };
    const [textbooks, videos, resources, papers, activity] = await Promise.all([
      getData<Page_<{ id: number }>>(`${ApiPaths.textbooks}?pageSize=1`),
      getData<Page_<{ id: number }>>(`${ApiPaths.videos}?pageSize=1`),
      getData<Page_<{ id: number }>>(`${ApiPaths.resourceSearch}?pageSize=1`),
      getData<Page_<{ id: number }>>(`${ApiPaths.papers}?pageSize=1`),
      getData<{ activityCode?: string } | null>(ApiPaths.prizeActivityCurrent).catch(() => null),
    ]);
    const first = (list: Page_<{ id: number }>, what: string) => {
      const item = list.items[0];
      if (!item) throw new Error(`the demo data holds no ${what}`);
      return item.id;
    };
    return {
      textbook: first(textbooks, 'textbook'),
      video: first(videos, 'video'),
      resource: first(resources, 'resource'),
      paper: first(papers, 'paper'),
      activityCode: activity?.activityCode ?? null,
    };
  })();
  return ids;
}

/** The query a route needs to show a real item (docs/product.md §2), or '' for routes without one. */
function queryFor(route: string, d: DemoIds): string {
  const byRoute: Record<string, string> = {
    [paths.detail]: `id=${d.textbook}`,
    [paths.material]: `id=${d.textbook}`,
    [paths.preview]: `id=${d.textbook}`,
    [paths.mobile.browseBook]: `id=${d.textbook}`,
    [paths.mobile.pdf]: `id=${d.textbook}`,
    [paths.videoOnlineLearning]: `id=${d.video}`,
    [paths.mobile.networkLearning]: `id=${d.video}`,
    [paths.ossPreview]: `id=${d.resource}`,
    [paths.mobilePerview]: `id=${d.resource}`,
    [paths.paperDetail]: `id=${d.paper}`,
    [paths.paperPrint]: `id=${d.paper}`,
    [paths.loginRegistration]: 'loginStep=1',
    ...(d.activityCode
      ? { [paths.activity]: `activityCode=${d.activityCode}`, [paths.mobile.prize]: `activityCode=${d.activityCode}` }
      : {}),
  };
  return byRoute[route] ?? '';
}

/** Indicators that a page is still loading its content (antd, antd-mobile, the app's own). */
const LOADING = ['.ant-spin-spinning', '.ant-skeleton', '.adm-skeleton', '.eav-app-loading', '[aria-busy="true"]'].join(
  ', ',
);

/** Requests each walk's page has sent and not yet seen answered (or failed). */
const pending = new WeakMap<Page, Set<unknown>>();

/** Starts counting the page's requests in flight (for openAndSettle's quiet wait). */
function countRequests(page: Page): void {
  const inFlight = new Set<unknown>();
  pending.set(page, inFlight);
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
}

/** Resolves once the page has had no request in flight for `ms`, or after `bound` ms (polled every 50 ms). */
async function quietFor(page: Page, ms: number, bound: number): Promise<void> {
  const inFlight = pending.get(page);
  if (!inFlight) throw new Error('countRequests(page) was not called');
  const start = Date.now();
  let since = start;
  while (Date.now() - start < bound) {
    if (inFlight.size) since = Date.now();
    else if (Date.now() - since >= ms) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens the route and waits for its content: the previous route's page gone (the router renders the
 * new route once its chunk and data loaders are in, and a guarded route then sends a visitor on to
 * the login page), the `main` landmark, then no visible loading indicator (an endless one, e.g. of a
 * list that loads more on scroll, ends the wait after 15 s rather than failing: axe checks what is
 * shown).
 */
async function openAndSettle(page: Page, url: string): Promise<void> {
  // The walk changes only the hash, so the document (and its `main`) stays: the previous page's
  // title is marked with its text, and the new page counts as shown once no title is left with the
  // text it was marked with, or once the router has sent the visitor on elsewhere (to the login page
  // that is shown already, say). A new route may show the same title (a guard's 无权访问 page on
  // every console route): then the page counts as shown once it has made no request for 2 s
  // (the route's chunk and data are in), instead of at the 5 s bound.
  const target = `#${url}`;
  const fresh = page.url() === 'about:blank';
  if (new URL(page.url()).hash !== target) {
    await page.evaluate(() =>
      document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-eav-left', h.textContent ?? '')),
    );
    await page.goto(`/${target}`);
    const left = page
      .waitForFunction(
        (wanted) =>
          location.hash !== wanted ||
          ![...document.querySelectorAll('h1[data-eav-left]')].some(
            (h) => h.textContent === h.getAttribute('data-eav-left'),
          ),
        target,
        { timeout: 5_000, polling: 50 },
      )
      .then(() => undefined);
    await Promise.race([left, quietFor(page, 2_000, 5_000)]).catch(() => undefined);
  }
  await expect(page.locator('main, [role="main"]').first()).toBeAttached({ timeout: 20_000 });
  // The first route loads the whole app, its chunks and data; later routes change only the hash
  // (the page has been at rest before, so this returns at once).
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // On the walk's first, fresh load only: the home banner's looping copies are made \`inert\` by the
  // app only after the carousel's first re-render, and axe reading them before that finds focusable
  // content in hidden slides. The 400 ms the walk waited after every route is kept for this one load.
  if (fresh) await page.waitForTimeout(400);
  // Most pages title themselves once their data is in: the page is measured once it shows one title
  // and one main landmark, or after 15 s as it is (and then fails below).
  await expect
    .poll(
      async () => (await page.locator('h1').count()) === 1 && (await page.locator('main, [role="main"]').count()) === 1,
      { timeout: 15_000 },
    )
    .toBe(true)
    .catch(() => undefined);
  await expect(page.locator(LOADING).filter({ visible: true }))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  // Entering animations (fades of antd and antd-mobile) and transitions end before axe measures colours.
  await settleMotion(page);
}

/** Serious and critical violations of the WCAG 2.x A/AA rules, axe's experimental ones too, on the whole page. */
async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'], experimental: true });
}

/** The route the page shows now (the hash's path, without its query). */
function shownRoute(page: Page): string {
  return new URL(page.url()).hash.slice(1).split('?')[0] || '/';
}

/**
 * Everything wrong with the route, each line prefixed by the route. `checked` holds the routes whose
 * page this walk has already measured: a route that sends the visitor on to one of them (a guarded
 * route to the login page, `/mobileH5` to the H5 home) is checked for its title and landmark but not
 * measured by axe again.
 */
async function routeProblems(page: Page, route: string, checked: Set<string>): Promise<string[]> {
  const query = queryFor(route, await demoIds());
  await openAndSettle(page, query ? `${route}?${query}` : route);
  const problems: string[] = [];
  if (await page.getByText('建设中').count()) problems.push('shows the 建设中 placeholder');
  // A guarded route may still be on its way to the login page (its chunk loading, no title yet): the
  // count is read again until it is one, for up to 15 s, and a page without one title still fails.
  await expect
    .poll(() => page.locator('h1').count(), { timeout: 15_000 })
    .toBe(1)
    .catch(() => undefined);
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) problems.push(`${h1} h1 elements (one wanted)`);
  const main = await page.locator('main, [role="main"]').count();
  if (main !== 1) problems.push(`${main} main landmarks (one wanted)`);
  const shown = shownRoute(page);
  if (!checked.has(shown)) {
    checked.add(shown);
    problems.push(...(await axeProblems(page)));
  }
  return problems.map((p) => `${route}: ${p}`);
}

/** Opens every route of `routes` in one page and returns every problem found, in route order. */
async function walk(page: Page, routes: readonly string[]): Promise<string[]> {
  const checked = new Set<string>();
  const problems: string[] = [];
  for (const route of routes) problems.push(...(await routeProblems(page, route, checked)));
  return problems;
}

test('the route list covers the paths table', () => {
  // Guards the flattening itself: a nested group added to the table is walked too.
  expect(ROUTES).toContain(paths.mobile.home);
  expect(ROUTES).toContain(paths.paperPrint);
  expect(ROUTES.length).toBeGreaterThan(60);
  // The walks together open every route of a configuration once.
  expect(walks(desktopRoutes).flat()).toEqual(desktopRoutes);
  expect(walks(phoneRoutes).flat()).toEqual(phoneRoutes);
});

test.describe.configure({ mode: 'parallel' });

/**
 * What one route may take in a walk: its page shown (a lazy chunk and its data, a few seconds on a
 * busy machine), an endless loading indicator waited out (15 s, see openAndSettle), then one axe scan.
 */
const ROUTE_LIMIT = 20_000;

/**
 * Routes per walk: each walk is its own test with its own page, so the walks share the run's workers
 * instead of one worker walking every route of a configuration while the others wait.
 */
const ROUTES_PER_WALK = 12;

/** `routes` cut into walks of at most ROUTES_PER_WALK, in order, of about equal length. */
function walks(routes: readonly string[]): string[][] {
  const count = Math.ceil(routes.length / ROUTES_PER_WALK);
  const size = Math.ceil(routes.length / count);
  return Array.from({ length: count }, (_, i) => routes.slice(i * size, (i + 1) * size));
}

for (const loggedIn of [false, true]) {
  const who = loggedIn ? 'logged in' : 'logged out';

  test.describe(`desktop 1440, ${who}`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    for (const [i, part] of walks(desktopRoutes).entries()) {
      test(`desktop routes, walk ${i + 1}: ${part[0]} to ${part.at(-1)}`, async ({ page, allowConsoleErrors }) => {
        test.setTimeout(part.length * ROUTE_LIMIT);
        // Guarded and item routes answer 401/404 to visitors; this walk checks the pages only.
        allowConsoleErrors(/Failed to load resource/);
        if (loggedIn) await logIn(page);
        countRequests(page);
        expect(await walk(page, part)).toEqual([]);
      });
    }
  });

  test.describe(`H5 375, ${who}`, () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });
    for (const [i, part] of walks(phoneRoutes).entries()) {
      test(`H5 routes, walk ${i + 1}: ${part[0]} to ${part.at(-1)}`, async ({ page, allowConsoleErrors }) => {
        test.setTimeout(part.length * ROUTE_LIMIT);
        allowConsoleErrors(/Failed to load resource/);
        if (loggedIn) await logIn(page);
        countRequests(page);
        expect(await walk(page, part)).toEqual([]);
      });
    }
  });
}

/** The demo student's login answer, once per worker (login is rate-limited per address). */
let student: Promise<Record<string, unknown> & { token: string }> | undefined;

/** Stores the demo student's session in the browser the way the web client does after a login. */
async function logIn(page: Page): Promise<void> {
  student ??= loginViaApi(DEMO.student);
  const user = await student;
  await useSessionAtStart(page, user);
}
