/**
 * 题库导入 (docs/console-content.md, Question-bank import) against the e2e server (demo seed): the
 * administrator opens the section from the console menu, picks 知识点, sees the format described,
 * uploads a few lines of the real knowledge-point file (data/knowledge-points-math.jsonl) with one
 * broken line, watches the progress bar reach 100 % and reads the report with the bad line by number.
 * Axe finds no serious violation; a screenshot at 1440 px goes to docs/screenshots/console-question-import-1440.png.
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminConsoleLogin } from '../support/console';
import { REPO_ROOT } from '../support/env';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';
import { useSessionOf } from '../support/session';

/** Real knowledge points (already in the demo bank, so other journeys see no change) and a broken line 3. */
function knowledgePointsPart(): { text: string; lines: number } {
  const real = fs
    .readFileSync(path.join(REPO_ROOT, 'data', 'knowledge-points-math.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 12);
  const lines = [...real.slice(0, 2), '{"externalId": "e2e-broken", "stage": "小学"', ...real.slice(2)];
  return { text: lines.join('\n') + '\n', lines: lines.length };
}

// Axe on every console page the journey opens: the route sweep logs in as a student, who sees no console.
async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: SITE_FRAME });
}

test('an administrator imports knowledge points in 题库导入 and reads the report', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminConsoleLogin();
  await useSessionOf(page, admin);
  await page.goto('/#/admin');
  const nav = page.getByLabel('后台导航');
  await nav.getByRole('menuitem', { name: '题库导入' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '题库导入' })).toBeVisible();

  // Each kind describes its format; 知识点 is chosen.
  const kinds = page.getByRole('radiogroup', { name: '导入类型' });
  await expect(kinds.getByRole('radio')).toHaveCount(4);
  await kinds.getByText('知识点', { exact: true }).click();
  await expect(page.getByText(/每行一个知识点/)).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  const part = knowledgePointsPart();
  const file = testInfo.outputPath('knowledge-points-part.jsonl');
  fs.writeFileSync(file, part.text);
  await page.locator('input[type="file"]').setInputFiles(file);
  const bar = page.getByRole('progressbar', { name: '导入进度' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByText(/knowledge-points-part\.jsonl：已完成/)).toBeVisible();

  const report = page.locator('.ant-descriptions').filter({ hasText: '导入报告' });
  await expect(report.locator('.ant-descriptions-item-content').first()).toHaveText(String(part.lines));
  await expect(page.getByRole('heading', { name: '错误行（1）' })).toBeVisible();
  const bad = page.getByRole('row').filter({ hasText: '不是合法的 JSON' });
  await expect(bad.getByRole('cell').first()).toHaveText('3');
  // While a job runs the kind cannot change; once done it can again.
  await expect(kinds.getByRole('radio').first()).toBeEnabled();
  expect(await axeProblems(page)).toEqual([]);
  await docScreenshot(page, 'console-question-import-1440.png', { fullPage: true });
});
