/**
 * 大数据中心 against the e2e server (demo seed): the page's totals are the API's numbers, its charts
 * are named images with the same numbers as text, withheld counts read 不公开, and axe finds no
 * serious violation, at 1440 and 375 px. Screenshots: docs/screenshots/big-data-*.
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { ApiPaths, type BigDataOverview } from '@eav/contract';
import type { Page } from '@playwright/test';
import { signedFetch } from '../support/api';
import { REPO_ROOT } from '../support/env';
import { expect, test } from '../support/fixtures';

const SHOTS = path.join(REPO_ROOT, 'docs', 'screenshots');

async function overview(): Promise<BigDataOverview> {
  const res = await signedFetch('GET', ApiPaths.bigDataOverview);
  const json = (await res.json()) as { code: number; data: BigDataOverview };
  expect(json.code).toBe(200);
  return json.data;
}

async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).exclude('header').exclude('footer').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const width of [1440, 375]) {
  test(`the big data centre shows the API's figures as named charts at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const data = await overview();
    await page.goto('/#/bigData');
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
    await expect(page.getByTestId('day-chart')).toHaveCount(2);
    await expect(page.getByText('少于 5 人的统计显示为“不公开”')).toBeVisible();
    await expect(page.getByText('建设中')).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `big-data-${width}.png`), fullPage: true });
  });
}
