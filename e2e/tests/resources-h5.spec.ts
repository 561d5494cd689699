/**
 * H5 下载专区 and 浏览 with real content (demo seed): a visitor sees the most downloaded resources in
 * 下载专区 and an invitation to log in; 浏览 lists resources of 初中 数学 and the 高考 papers of 高中
 * 数学; the mobile preview of a resource enforces its access rule. axe checks every page.
 */
import { axeFindings } from '../support/axe';
import { ApiPaths, type Paged, type ResourceListItem } from '@eav/contract';
import type { Page } from '@playwright/test';
import { signedFetch } from '../support/api';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });

async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page);
}

test('H5 下载专区 and 浏览 show real resources and papers', async ({ page, allowConsoleErrors }) => {
  test.setTimeout(60_000);
  allowConsoleErrors(/Failed to load resource/);
  await page.goto('/#/mobileH5/downloadZone');
  await expect(page.getByRole('heading', { level: 1, name: '下载专区' })).toBeVisible();
  await expect(page.getByText('登录后查看我的教材资源')).toBeVisible();
  await expect(page.getByTestId('mobile-resource-item').first()).toBeVisible();

  await page.goto('/#/mobileH5/browse');
  await expect(page.getByRole('heading', { level: 1, name: '资源浏览' })).toBeVisible();
  await page.getByText('初中', { exact: true }).click();
  await page.getByText('数学', { exact: true }).click();
  await expect(page).toHaveURL(/stageId=\d+&subjectId=\d+/);
  const items = page.getByTestId('mobile-resource-item');
  await expect(items.first()).toBeVisible();
  const first = (await items.first().locator('h3').innerText()).trim();
  expect(first.length).toBeGreaterThan(0);

  await page.getByText('高中', { exact: true }).click();
  await page.getByText('数学', { exact: true }).click();
  await page.getByRole('tab', { name: '试卷' }).click();
  await expect(page.getByTestId('h5-paper-list').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('h5-paper-list')).toContainText('数学');

  // The mobile preview: a resource that needs a login asks for it.
  const res = await signedFetch('GET', `${ApiPaths.resourceSearch}?pageSize=50`);
  const list = ((await res.json()) as { data: Paged<ResourceListItem> }).data;
  const guarded = list.items.find((r) => r.access !== 'public');
  if (guarded) {
    await page.goto(`/#/mobile/perview?id=${guarded.id}`);
    await expect(page.getByRole('heading', { level: 1, name: guarded.title })).toBeVisible();
    await expect(page.getByText('登录后即可预览')).toBeVisible();
    // Axe here: a guarded item's login prompt, which the route sweep (its first resource) need not show.
    expect(await axeProblems(page)).toEqual([]);
  }
});
