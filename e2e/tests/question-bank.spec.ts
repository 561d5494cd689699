/**
 * Paper centre and cloud question bank journeys, against the shared e2e server (demo seed with the
 * real 高考 papers and maths questions):
 * - a visitor filters the paper centre to 2016 数学 (count checked against the facets API), opens a
 *   paper whose formulas render with KaTeX, shows all answers, and opens the print view;
 * - a user picks a knowledge point in the cloud bank, adds three questions to the 试题篮, composes a
 *   paper, downloads its DOCX (the file opens: its word/document.xml holds the questions' text),
 *   and 我的资源 lists the paper.
 * Axe checks the states the route sweep (routes.spec.ts) does not reach (serious and critical violations fail).
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import fs from 'node:fs/promises';
import JSZip from 'jszip';
import {
  ApiPaths,
  type ComposedPaperDetail,
  type ComposedPaperItem,
  type Paged,
  type PaperFacets,
  type PaperListItem,
} from '@eav/contract';
import type { Page } from '@playwright/test';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { expect, test } from '../support/fixtures';
import { useSessionOf } from '../support/session';

// Pages full of formulas and an export: more than the default 30 s on a loaded two-core CI machine.
test.describe.configure({ timeout: 240_000 });

async function apiData<T>(pathWithQuery: string, token?: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery, { token });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

/**
 * Serious and critical axe violations of the page. The shared header and footer are not ours; KaTeX's
 * visual HTML is aria-hidden (its MathML twin is what assistive technology reads) and, being thousands
 * of spans on a paper, would make the scan take many seconds.
 */
async function axeProblems(page: Page, only?: string): Promise<string[]> {
  return axeFindings(page, { ...(only ? { include: only } : {}), exclude: [...SITE_FRAME, '.katex-html'] });
}

/** Longest run of Chinese characters in a Markdown + TeX text (what any export keeps verbatim). */
function chineseRun(text: string): string {
  const runs = text.replace(/\$[^$]*\$/g, ' ').match(/[\u4e00-\u9fff]{2,}/g) ?? [];
  return runs.sort((a, b) => b.length - a.length)[0]?.slice(0, 8) ?? '';
}

test('a visitor filters the paper centre to 2016 数学 and opens a paper with rendered formulas', async ({ page }) => {
  await page.goto('/#/digitalResources/paperCenter');
  await expect(page.getByRole('heading', { level: 1, name: '试卷中心' })).toBeVisible();
  await expect(page.getByTestId('paper-item').first()).toBeVisible();

  await page.getByRole('group', { name: '学科' }).getByRole('button', { name: /^数学/ }).click();
  await expect(page).toHaveURL(/subjectId=\d+/);
  await page.getByRole('group', { name: '年份' }).getByRole('button', { name: /^2016/ }).click();
  await expect(page).toHaveURL(/year=2016/);
  await expect(page.getByTestId('paper-list')).toHaveAttribute('aria-busy', 'false');

  // The count and the list are the server's for exactly these filters.
  const subjectId = new URL(page.url().replace('/#/', '/')).searchParams.get('subjectId')!;
  const facets = await apiData<PaperFacets>(`${ApiPaths.paperFacets}?subjectId=${subjectId}&year=2016`);
  expect(facets.total).toBeGreaterThan(0);
  await expect(page.getByTestId('result-count')).toHaveText(`共 ${facets.total} 份试卷`);
  const list = await apiData<Paged<PaperListItem>>(`${ApiPaths.papers}?subjectId=${subjectId}&year=2016&pageSize=20`);
  await expect(page.getByTestId('paper-item')).toHaveCount(list.items.length);
  for (const title of await page.getByTestId('paper-item').locator('h2').allTextContents()) {
    expect(title).toContain('2016');
    expect(title).toContain('数学');
  }

  const first = list.items[0]!;
  await page.getByRole('link', { name: first.title }).click();
  await expect(page).toHaveURL(new RegExp(`paperCenter/paper\\?id=${first.id}`));
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page.getByTestId('paper-question')).toHaveCount(first.questionCount);
  await expect(page.locator('.katex').first()).toBeVisible();
  if (first.partial) await expect(page.getByText('本卷为节选', { exact: false })).toBeVisible();

  // Answers: one question's on demand, then all at once.
  await expect(page.getByTestId('answer-block')).toHaveCount(0);
  await page.getByRole('button', { name: '查看答案解析' }).first().click();
  await expect(page.getByTestId('answer-block')).toHaveCount(1);
  // Axe here: a paper with a question's answer opened, a state the route sweep does not reach.
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('显示全部答案解析').click();
  await expect(page.getByTestId('answer-block')).toHaveCount(first.questionCount);

  // The print view: the paper alone, answers after the questions.
  const [print] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /打印/ }).click()]);
  await expect(print.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(print.getByRole('heading', { name: '参考答案与解析' })).toBeVisible();
  await expect(print.locator('.katex').first()).toBeVisible();
  await expect(print.locator('header')).toHaveCount(0);
  await print.close();
});

test('a user adds three questions of a knowledge point to the basket, composes a paper and downloads the DOCX', async ({
  page,
}) => {
  const user = await loginViaApi(DEMO.student);
  // Start from an empty basket (the journey may have run before against the same server).
  const cleared = await signedFetch('DELETE', ApiPaths.userBasket(user.userId), { token: user.token });
  expect(cleared.status).toBe(200);
  await useSessionOf(page, user);

  await page.goto('/#/digitalResources/cloudBase');
  await expect(page.getByRole('heading', { level: 1, name: '云题库' })).toBeVisible();
  await page.getByRole('group', { name: '学段' }).getByRole('button', { name: /^初中/ }).click();
  await page.getByRole('group', { name: '学科' }).getByRole('button', { name: /^数学/ }).click();
  await expect(page).toHaveURL(/stageId=\d+&subjectId=\d+/);

  // The knowledge-point tree is one way in: its first point filters the questions.
  const tree = page.getByRole('tree', { name: '知识点' });
  await tree.locator('.ant-tree-node-content-wrapper').first().click();
  await expect(page).toHaveURL(/knowledgePointId=\d+/);
  const list = page.getByTestId('question-list');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  const cards = page.getByTestId('question-card');
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  await expect(cards.first().locator('.katex, p, div').first()).toBeVisible();

  for (let i = 0; i < 3; i++) {
    await cards
      .nth(i)
      .getByRole('button', { name: /加入试题篮/ })
      .click();
    await expect(cards.nth(i).getByRole('button', { name: /移出试题篮/ })).toBeVisible();
  }
  await expect(page.getByTestId('basket-button')).toHaveAccessibleName('试题篮，3 道题');

  // Answers on demand.
  await cards.first().getByRole('button', { name: '答案解析' }).click();
  await expect(cards.first().getByTestId('answer-block')).toBeVisible();

  await page.getByTestId('basket-button').click();
  const drawer = page.getByRole('dialog', { name: /试题篮/ });
  await expect(drawer.getByTestId('basket-list').locator('li')).toHaveCount(3);
  await drawer.getByRole('button', { name: /组卷/ }).click();

  const compose = page.getByRole('dialog', { name: '组卷' });
  const title = `期中练习 ${Date.now()}`;
  await compose.getByLabel('试卷标题').fill(title);
  await expect(compose.getByTestId('compose-total')).toContainText('共 3 题');
  // Axe here: the 组卷 dialog, which the route sweep does not open.
  expect(await axeProblems(page, '.ant-modal')).toEqual([]);
  await compose.getByRole('button', { name: '保存试卷' }).click();

  const done = page.getByRole('dialog', { name: '组卷完成' });
  await expect(done.getByText(`“${title}”已保存`)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('button', { name: /下载 Word/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  expect(download.suggestedFilename()).toContain('期中练习');

  // The file opens and holds the title and the questions' text.
  const zip = await JSZip.loadAsync(await fs.readFile((await download.path())!));
  const xml = await zip.file('word/document.xml')!.async('string');
  const text = xml.replace(/<[^>]+>/g, '');
  expect(text).toContain(title);
  const papers = await apiData<Paged<ComposedPaperItem>>(ApiPaths.userPapers(user.userId), user.token);
  const saved = papers.items.find((p) => p.title === title);
  expect(saved, 'the composed paper is kept under 我的资源').toBeDefined();
  expect(saved!.questionCount).toBe(3);
  const detail = await apiData<ComposedPaperDetail>(ApiPaths.userPaper(user.userId, saved!.id), user.token);
  const stems = detail.sections.flatMap((s) => s.questions.map((q) => chineseRun(q.question.stem)));
  expect(stems.filter(Boolean).length).toBeGreaterThan(0);
  for (const run of stems.filter(Boolean)) expect(text).toContain(run);

  // The basket was emptied by composing.
  await expect(page.getByTestId('basket-button')).toHaveAccessibleName('试题篮，0 道题');

  // 我的资源 lists the paper.
  await done.getByRole('link', { name: '去我的资源' }).click();
  await expect(page).toHaveURL(/#\/resource\?tab=papers/);
  await expect(page.getByTestId('my-paper').filter({ hasText: title })).toBeVisible();
});
