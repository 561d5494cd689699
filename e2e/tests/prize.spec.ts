/**
 * Prize reading activity journeys (docs/prize.md), against the shared e2e server (demo seed):
 * - H5: a visitor sees the activity and a login prompt; a fresh student opens a recommended book,
 *   reads for a minute (heartbeats every 30 s, on the page's clock and the server's test clock, both
 *   moved forward rather than waited for), comes back and sees the time and points, is in the
 *   ranking (own row pinned), draws a prize and finds it under 我的奖品;
 * - desktop: the activity page in the desktop shell, and an activity that has ended shows its
 *   countdown at 00 and no draw.
 *
 * Each run creates its own activities through the administrators' call (unique codes), so the
 * journeys do not depend on the demo activity or on other specs' users.
 */
import { randomInt } from 'node:crypto';
import { axeFindings } from '../support/axe';
import {
  ApiPaths,
  type ActivityDefinition,
  type Banner,
  type HeartbeatResult,
  type Paged,
  type TextbookListItem,
} from '@eav/contract';
import type { Page } from '@playwright/test';
import { loginViaApi, signedFetch } from '../support/api';
import { advanceServerClock } from '../support/clock';
import { adminConsoleLogin } from '../support/console';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { registerByApi } from './accounts-helpers';
import { useSessionOf } from '../support/session';

const RUN = `${Date.now().toString(36)}${randomInt(0, 1296).toString(36)}`;
const RUNNING = `E2E-RUN-${RUN}`;
const ENDED = `E2E-END-${RUN}`;
const PRIZE_NAME = '一等奖·书签';
const FALLBACK_NAME = '参与奖·贴纸';

/** The reader's heartbeat interval (HEARTBEAT_INTERVAL_MS of the web app). */
const HEARTBEAT_MS = 30_000;

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

async function apiData<T>(pathWithQuery: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery);
  const json = (await res.json()) as { code: number; data: T };
  expect(json.code).toBe(200);
  return json.data;
}

/** Creates (or updates, before its start) an activity as the seeded administrator. */
async function createActivity(def: ActivityDefinition): Promise<void> {
  const admin = await adminConsoleLogin();
  const res = await signedFetch('POST', ApiPaths.adminPrizeActivities, { token: admin.token, body: def });
  const json = (await res.json()) as { code: unknown; msg: string };
  expect(res.status, json.msg).toBe(200);
}

/** Serious and critical axe findings inside the activity page's own content. */
async function axeProblems(page: Page, include: string): Promise<string[]> {
  return axeFindings(page, { include });
}

/** The running activity's banner of `GET /prize/api/v1/banner` (its link leads to the activity page). */
async function activityBanner(): Promise<Banner> {
  const banners = await apiData<Banner[]>(ApiPaths.banner);
  const found = banners.find((x) => x.link?.startsWith('/activity?activityCode='));
  expect(found, 'the running activity has a banner').toBeDefined();
  return found!;
}

let book: TextbookListItem;

test.beforeAll(async () => {
  // A readable book that needs no activation, so a fresh student can read it at once.
  const list = await apiData<Paged<TextbookListItem>>(`${ApiPaths.textbooks}?pageSize=100&readable=true`);
  const found = list.items.find((b) => b.hasFile && b.access !== 'activation');
  expect(found, 'the demo catalogue has a readable book without activation').toBeDefined();
  book = found!;
  const now = Date.now();
  const base = {
    rules: '## 活动说明\n\n1. 阅读**推荐教材**累计时长；\n2. 积分可用于抽奖。',
    books: [book.externalId],
    dailyCapSeconds: 3600,
    perBookCapSeconds: 3600,
    pointsPerMinute: 10,
    drawCost: 5,
    perUserPrizeLimit: 3,
    prizeGroups: [
      { name: PRIZE_NAME, quantity: 5, weight: 1 },
      { name: FALLBACK_NAME, quantity: 1000, weight: 9, fallback: true },
    ],
    published: true,
  } satisfies Partial<ActivityDefinition>;
  await createActivity({
    ...base,
    code: RUNNING,
    title: `E2E 有奖阅读 ${RUN}`,
    startAt: iso(now - 3600_000),
    endAt: iso(now + 2 * 86_400_000 + 5 * 3600_000),
  });
  await createActivity({
    ...base,
    code: ENDED,
    title: `E2E 已结束活动 ${RUN}`,
    startAt: iso(now - 3 * 86_400_000),
    endAt: iso(now - 86_400_000),
  });
});

test.describe('H5 activity page', () => {
  test.use({ viewport: { width: 375, height: 812 }, userAgent: MOBILE_UA, isMobile: true, hasTouch: true });

  test('the H5 home banner of the running activity opens the H5 activity page', async ({ page }) => {
    const banner = await activityBanner();
    await page.goto('/#/mobileH5/home');
    // The slide is a button when it leads somewhere; slides out of view are inert, so the event is
    // dispatched rather than clicked (the carousel may show another banner first).
    const item = page.locator('.adm-swiper-item').filter({ hasText: banner.title }).first();
    await item.getByRole('button', { includeHidden: true }).dispatchEvent('click');
    const code = new URL(banner.link!, 'http://x').searchParams.get('activityCode');
    await expect(page).toHaveURL((url) => url.hash === `#/mobileH5/prize?activityCode=${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page keeps the code once the activity has loaded, which may be after its heading shows.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('activityCode'))).toBe(code);
  });

  test('a student reads a recommended book for a minute, earns points, ranks, draws and sees the prize', async ({
    page,
    request,
  }) => {
    const prizeUrl = `/#/mobileH5/prize?activityCode=${RUNNING}`;
    // The page's timers run on a clock the test moves (time flows as usual until then).
    await page.clock.install();

    // Logged out: everything is shown, with a prompt to log in and join.
    await page.goto(prizeUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E2E 有奖阅读 ${RUN}`);
    await expect(page.getByTestId('activity-status')).toHaveText('进行中');
    await expect(page.getByTestId('countdown-days')).toHaveText('02');
    await expect(page.getByTestId('countdown-hours')).toHaveText(/^0[45]$/);
    await expect(page.getByTestId('join-prompt')).toContainText('登录后即可参加活动');
    await expect(page.getByTestId('recommended-book')).toHaveCount(1);
    await expect(page.getByTestId('activity-rules')).toContainText('推荐教材');
    await expect(page.getByTestId('prize-group')).toHaveCount(2);
    await expect(page.getByTestId('ranking')).toContainText('还没有人上榜');
    expect(await page.evaluate(() => localStorage.getItem('activityCode'))).toBe(RUNNING);
    expect(await axeProblems(page, '#root')).toEqual([]);

    // A fresh student (nobody else reads in this activity).
    const fresh = await registerByApi(request);
    const student = await loginViaApi(fresh.phone, fresh.password);
    await useSessionOf(page, student);
    const progress = page.getByTestId('my-progress');
    await expect(progress.getByTestId('today-minutes')).toHaveText('0');
    await expect(progress.getByTestId('available-points')).toHaveText('0');
    await expect(page.getByTestId('draw-button')).toBeDisabled();
    await expect(page.getByTestId('draw-hint')).toContainText('积分不足');

    // Read the recommended book: a heartbeat at once, then one every 30 s until a minute is credited.
    // Each interval passes on the server's clock first, then on the page's, which fires the beat.
    const nextBeat = () =>
      page
        .waitForResponse((r) => r.url().includes('/heartbeat?'))
        .then(async (r) => ((await r.json()) as { data: HeartbeatResult }).data);
    const firstBeat = nextBeat();
    await page.getByTestId('recommended-book').first().click();
    await expect(page).toHaveURL(new RegExp(`#/mobileH5/pdf\\?id=${book.id}$`));
    await expect(page.getByTestId('h5-reader')).toBeVisible();
    await expect(page.getByTestId('reading-badge')).toContainText('计时中');
    let beat = await firstBeat;
    // Two intervals make the minute; another spec moving the server's clock meanwhile (a TOTP step)
    // can make one gap too long to credit, hence a few more.
    for (let i = 0; i < 5 && beat.secondsToday < 60; i++) {
      await advanceServerClock(HEARTBEAT_MS);
      const next = nextBeat();
      await page.clock.fastForward(HEARTBEAT_MS);
      beat = await next;
    }
    expect(beat.secondsToday).toBeGreaterThanOrEqual(60);
    expect(beat.points).toBeGreaterThanOrEqual(10);
    await expect(page.getByTestId('reading-badge')).toContainText('今日 1 分钟');

    // Back on the activity page: time and points rose, the student is in the ranking.
    await page.goto(prizeUrl);
    await expect(progress.getByTestId('today-minutes')).toHaveText(String(Math.floor(beat.secondsToday / 60)));
    await expect(progress.getByTestId('available-points')).toHaveText(String(beat.available));
    await expect(progress.getByTestId('my-rank')).toHaveText('1');
    const me = page.getByTestId('rank-row-me');
    await expect(me).toContainText('（我）');
    await expect(me).toContainText(`${beat.points} 分`);
    await expect(page.getByTestId('rank-pinned')).toContainText(`${beat.points} 分`);

    // Draw: the dialog shows the prize, which then appears under 我的奖品; 5 points were spent.
    await expect(page.getByTestId('draw-button')).toBeEnabled();
    await page.getByTestId('draw-button').click();
    const dialog = page.getByTestId('draw-dialog');
    const result = dialog.getByTestId('draw-result');
    await expect(result).toHaveText(new RegExp(`恭喜获得「(${PRIZE_NAME}|${FALLBACK_NAME})」`));
    const won = (await result.textContent())!.match(/「(.+)」/)![1]!;
    expect(await axeProblems(page, '[data-testid="draw-dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: '知道了' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('my-prize')).toHaveCount(1);
    await expect(page.getByTestId('my-prize')).toContainText(won);
    await expect(progress.getByTestId('available-points')).toHaveText(String(beat.available - 5));
    expect(await axeProblems(page, '#root')).toEqual([]);
  });
});

test.describe('desktop activity page', () => {
  test('the home banner of the running activity leads to its page', async ({ page }) => {
    const banner = await activityBanner();
    await page.goto('/');
    const slide = page.locator('.slick-slide:not(.slick-cloned)').filter({ hasText: banner.title });
    // The carousel shows one slide at a time; the click is the same whichever is in view.
    await slide.getByRole('button', { name: '立即进入' }).dispatchEvent('click');
    await expect(page).toHaveURL((url) => url.hash === `#${banner.link}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('countdown')).toBeVisible();
  });

  test('shows the running activity in the desktop shell with a login prompt', async ({ page }) => {
    await page.goto(`/#/activity?activityCode=${RUNNING}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E2E 有奖阅读 ${RUN}`);
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.getByTestId('join-prompt')).toBeVisible();
    const link = page.getByTestId('recommended-book').first();
    await expect(link).toHaveAttribute('href', `#/preview?id=${book.id}`);
    await expect(page.getByTestId('prize-group').first()).toContainText('剩余');
    // The 1,000 participation awards are not counted among the prizes left.
    await expect(page.getByTestId('prize-groups')).toContainText(/剩余奖品 [0-5] 件/);
    await expect(page.getByTestId('prize-group').filter({ hasText: FALLBACK_NAME })).toContainText('参与奖');
    expect(await axeProblems(page, '.eav-main')).toEqual([]);
  });

  test('an activity that has ended shows 00 on its countdown and offers no draw', async ({ page, request }) => {
    const fresh = await registerByApi(request);
    const student = await loginViaApi(fresh.phone, fresh.password);
    await page.goto(`/#/activity?activityCode=${ENDED}`);
    await useSessionOf(page, student);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E2E 已结束活动 ${RUN}`);
    await expect(page.getByTestId('activity-status')).toHaveText('已结束');
    await expect(page.getByTestId('countdown-days')).toHaveText('00');
    await expect(page.getByTestId('countdown-hours')).toHaveText('00');
    await expect(page.getByTestId('countdown-minutes')).toHaveText('00');
    await expect(page.getByTestId('draw-button')).toBeDisabled();
    await expect(page.getByTestId('draw-hint')).toHaveText('活动已结束，不能再抽奖');
    expect(await axeProblems(page, '.eav-main')).toEqual([]);
  });
});
