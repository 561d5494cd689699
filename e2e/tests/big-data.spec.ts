/**
 * 大数据中心 against the e2e server (demo seed): the page's totals are the API's numbers, its charts
 * (registered and active users per city among them) are named images with the same numbers as
 * text, withheld counts read 不公开, and axe finds no serious violation, at 1440 and 375 px; the
 * figures are asked for again every minute without a reload; a logged-in operator sees the
 * operators' figures (nothing withheld) and can switch to the public ones.
 * Screenshots: docs/screenshots/big-data-*.
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import { ApiPaths, type BigDataOverview } from '@eav/contract';
import type { Page } from '@playwright/test';
import { adminConsoleLogin } from '../support/console';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';
import { useSessionOf } from '../support/session';

/**
 * The overview the page itself received from `apiPath` while `act` ran: the figures it must show.
 * Journeys running beside this one register users, so an overview fetched apart from the page's
 * own request may already count differently.
 */
async function overviewSeenBy(page: Page, apiPath: string, act: () => Promise<unknown>): Promise<BigDataOverview> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === apiPath && r.request().method() === 'GET');
  await act();
  const json = (await (await answered).json()) as { code: number; data: BigDataOverview };
  expect(json.code).toBe(200);
  return json.data;
}

async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: SITE_FRAME });
}

for (const width of [1440, 375]) {
  test(`the big data centre shows the API's figures as named charts at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const data = await overviewSeenBy(page, ApiPaths.bigDataOverview, () => page.goto('/#/bigData'));
    await expect(page.getByRole('heading', { level: 1, name: '大数据中心' })).toBeVisible();
    const totals = page.getByTestId('big-data-totals');
    const shown = (n: number | null) => (n == null ? '不公开' : n.toLocaleString('zh-CN'));
    await expect(totals.locator('[data-key="textbooks"]')).toContainText(shown(data.totals.textbooks));
    await expect(totals.locator('[data-key="questions"]')).toContainText(shown(data.totals.questions));
    await expect(totals.locator('[data-key="papers"]')).toContainText(shown(data.totals.papers));
    await expect(totals.locator('[data-key="users"]')).toContainText(shown(data.totals.users));
    expect(data.totals.textbooks).toBeGreaterThan(0);

    // Every chart is drawn, named, and its numbers are on the page as text.
    const stageCard = page.getByRole('region', { name: '教材覆盖：学段' });
    await expect(stageCard.getByRole('img', { name: '各学段教材数量条形图' })).toBeVisible();
    await expect(stageCard.locator('svg').first()).toBeVisible();
    for (const s of data.booksByStage) await expect(stageCard).toContainText(`${s.name}：${shown(s.count)} 册`);
    const cities = page.getByRole('region', { name: '注册用户：浙江 11 市' });
    for (const c of data.usersByCity) {
      await expect(cities).toContainText(c.count == null ? `${c.name}：不公开` : `${c.name}：${shown(c.count)} 人`);
    }
    const active = page.getByRole('region', { name: '活跃用户：浙江 11 市' });
    await expect(active.getByRole('img', { name: '浙江各市近 30 天活跃用户数条形图' })).toBeVisible();
    for (const c of data.activeUsersByCity) {
      await expect(active).toContainText(c.count == null ? `${c.name}：不公开` : `${c.name}：${shown(c.count)} 人`);
    }
    await expect(page.getByTestId('day-chart')).toHaveCount(2);
    await expect(page.getByText('少于 5 人的统计显示为“不公开”')).toBeVisible();
    await expect(page.getByText('建设中')).toHaveCount(0);
    // Axe here at 375 px only: the route sweep checks this desktop page at 1440 px.
    if (width === 375) expect(await axeProblems(page)).toEqual([]);
    await docScreenshot(page, `big-data-${width}.png`, { fullPage: true });
  });
}

test('the figures are asked for again every minute without a reload', async ({ page }) => {
  await page.clock.install();
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes(ApiPaths.bigDataOverview)) asked++;
  });
  await page.goto('/#/bigData');
  await expect(page.getByTestId('big-data-totals')).toBeVisible();
  const first = asked;
  expect(first).toBeGreaterThan(0);
  let navigated = false;
  page.on('framenavigated', () => (navigated = true));
  await page.clock.runFor(61_000);
  await expect.poll(() => asked).toBeGreaterThan(first);
  expect(navigated).toBe(false);
});

test('an operator sees the operators’ figures and can switch to the public ones', async ({ page }) => {
  const admin = await adminConsoleLogin();
  // The app starts with the session (useSessionOf reloads), so the route asks for the operators' figures.
  await useSessionOf(page, admin);
  const full = await overviewSeenBy(page, ApiPaths.adminBigDataOverview, () => page.goto('/#/bigData'));
  expect(full.suppressed).toBe(false);
  await expect(page.getByTestId('big-data-privacy')).toContainText('运营视图');
  const totals = page.getByTestId('big-data-totals');
  await expect(totals.locator('[data-key="users"]')).toContainText(full.totals.users!.toLocaleString('zh-CN'));
  const cities = page.getByRole('region', { name: '注册用户：浙江 11 市' });
  for (const c of full.usersByCity)
    await expect(cities).toContainText(`${c.name}：${c.count!.toLocaleString('zh-CN')} 人`);
  await expect(page.getByText('不公开', { exact: false }).first()).toBeHidden();
  // Axe here: the operators' figures; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);

  const pub = await overviewSeenBy(page, ApiPaths.bigDataOverview, () =>
    page.getByText('公开视图', { exact: true }).click(),
  );
  await expect(page.getByTestId('big-data-privacy')).toContainText('少于 5 人的统计显示为“不公开”');
  for (const c of pub.usersByCity) {
    await expect(cities).toContainText(
      c.count == null ? `${c.name}：不公开` : `${c.name}：${c.count.toLocaleString('zh-CN')} 人`,
    );
  }
});
