/**
 * 智慧教学 journey against the e2e server (demo seed with the real question bank and chapter trees):
 * - demo_teacher creates a class on the desktop and reads its join code;
 * - demo_student joins on the phone (H5, 375 px, mobile UA) with the code from 我的 → 加入班级;
 * - the teacher assigns five questions picked from the knowledge-point tree plus one 解答题, and a
 *   chapter to read;
 * - the student answers on the phone (one choice wrong on purpose, the open answer typed), submits
 *   and sees the choice questions graded at once;
 * - the teacher grades the open answer from the grading queue and sees the class report and the
 *   assignment's per-question chart;
 * - the student finds the wrongly answered question in 错题本.
 * Axe checks the states the route sweep (routes.spec.ts) does not reach (serious and critical violations fail).
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import { ApiPaths, type AssignmentDetail, type AssignmentList, type ClassList } from '@eav/contract';
import type { Browser, Page } from '@playwright/test';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';
import { useSessionOf } from '../support/session';
import { chooseOption } from '../support/ui';

// Two browsers, a dozen pages and formula rendering: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 600_000 });

const shot = (page: Page, name: string) => docScreenshot(page, `teaching-${name}.png`, { fullPage: true });

async function apiData<T>(pathWithQuery: string, token: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery, { token });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

/** Serious and critical axe violations (the shared header and footer and KaTeX's visual HTML excluded, as elsewhere). */
async function axeProblems(page: Page): Promise<string[]> {
  // An antd-mobile toast (提交成功 …) measured mid-fade reads as low contrast: let it go first.
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 10_000 });
  return axeFindings(page, { exclude: [...SITE_FRAME, '.katex-html'] });
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_UA,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

/** Chooses the option containing `text` in the antd Select labelled `label`. */
async function pick(page: Page, label: string, text: string): Promise<void> {
  await chooseOption(page, page.getByLabel(label, { exact: true }), text);
}

/** Longest run of Chinese characters in a Markdown + TeX text. */
function chineseRun(text: string): string {
  const runs = text.replace(/\$[^$]*\$/g, ' ').match(/[\u4e00-\u9fff]{2,}/g) ?? [];
  return runs.sort((a, b) => b.length - a.length)[0]?.slice(0, 8) ?? '';
}

test('a teacher runs a class: join by code on H5, homework from the knowledge-point tree, grading, report and 错题本', async ({
  page,
  browser,
}) => {
  const teacher = await loginViaApi(DEMO.teacher);
  const student = await loginViaApi(DEMO.student);
  const stamp = Date.now() % 100000;
  const className = `七年级（${stamp}）班 数学`;
  const homeworkTitle = `知识点练习 ${stamp}`;

  // ---- the teacher creates a class
  await useSessionOf(page, teacher);
  await page.goto('/#/WisdomTeaching');
  await expect(page.getByRole('heading', { level: 1, name: '智慧教学' })).toBeVisible();
  await page.getByTestId('create-class').click();
  const dialog = page.getByRole('dialog', { name: '创建班级' });
  await dialog.getByLabel('学校').fill('杭州市演示中学');
  await pick(page, '学段', '初中');
  await pick(page, '年级', '七年级');
  await pick(page, '学科', '数学');
  await dialog.getByLabel('班级名称').fill(className);
  // Axe here: the new-class dialog, which the route sweep does not open.
  expect(await axeProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: className })).toBeVisible();
  const code = (await page.getByTestId('class-code').innerText()).trim();
  expect(code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{6}$/);
  await expect(page.getByRole('img', { name: '班级二维码' })).toBeVisible();
  // Axe here: a teacher's class with its code; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'classes-1440');

  // ---- the student joins on the phone with the code
  const mobile = await phone(browser);
  await useSessionOf(mobile, student);
  await mobile.goto('/#/mobileH5/userCenter');
  await expect(mobile.getByTestId('uc-name')).toHaveText(student.userName);
  await expect(mobile.getByTestId('h5-tabbar')).toBeVisible();
  await shot(mobile, 'h5-user-center-375');
  await mobile.getByRole('link', { name: '+ 加入班级' }).click();
  await expect(mobile.getByRole('heading', { level: 1, name: '加入班级' })).toBeVisible();
  await mobile.getByTestId('join-code').locator('input').fill(code.toLowerCase());
  await mobile.getByTestId('join-submit').click();
  await expect(mobile.getByText('已加入班级')).toBeVisible();
  await shot(mobile, 'h5-join-375');
  await expect(mobile.getByText(className, { exact: false })).toBeVisible();

  // The teacher sees the new member.
  await page.reload();
  await expect(page.getByRole('cell', { name: student.userName as string })).toBeVisible();

  // ---- five questions from the knowledge-point tree, plus one 解答题 for the teacher to grade
  await page.getByRole('tab', { name: '布置作业' }).click();
  // The whole-paper picker offers the class's 学段 and 学科 only (no 高考 paper for 七年级) unless
  // widened, and finds papers by a year typed into it.
  await page.getByText('整套试卷', { exact: true }).click();
  const paperSelect = page.getByLabel('选择试卷', { exact: true });
  await paperSelect.click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('本学段、本学科暂无符合条件的试卷');
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: '不限学段和学科' }).check();
  await paperSelect.click();
  await paperSelect.fill('2010');
  const paperOptions = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(paperOptions.first()).toContainText('2010');
  await expect(paperOptions.filter({ hasNotText: '2010' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByText('从题库选题', { exact: true }).click();
  const tree = page.getByRole('tree', { name: '知识点' });
  await expect(tree).toBeVisible();
  const nodes = tree.locator('.ant-tree-node-content-wrapper');
  const titles = await nodes.allInnerTexts();
  const rich = titles.findIndex((t) => Number(/·\s*(\d+)/.exec(t)?.[1] ?? 0) >= 5);
  expect(rich, 'a knowledge point with at least five questions').toBeGreaterThanOrEqual(0);
  await nodes.nth(rich).click();
  const items = page.getByTestId('pick-item');
  await expect(items.first()).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await items.nth(i).getByRole('button', { name: /选入/ }).click();
    await expect(items.nth(i).getByRole('button', { name: /移除/ })).toBeVisible();
  }
  await page.getByText('按题型', { exact: true }).click();
  // 解答题 of the bank are 高中 questions: a 七年级 class reaches them by widening the stage.
  await page.getByRole('checkbox', { name: '不限学段' }).check();
  await expect(items.first()).toContainText('解答题');
  await items.first().getByRole('button', { name: /选入/ }).click();
  await expect(page.getByTestId('picked')).toContainText('已选 6 题');
  await page.getByLabel('标题', { exact: true }).fill(homeworkTitle);
  // Axe here: a teacher's homework builder; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'builder-1440');
  await page.getByTestId('assign-submit').click();
  await expect(page.getByText('已布置，学生现在就能看到').first()).toBeVisible();

  // ---- and a chapter to read (a new builder once the page has gone back to 班级管理)
  await expect(page.getByRole('tab', { name: '班级管理' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '布置作业' }).click();
  await expect(page.getByRole('tab', { name: '布置作业' })).toHaveAttribute('aria-selected', 'true');
  await page.getByText('阅读（教材章节）', { exact: true }).click();
  await page.getByLabel('教材', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  const chapters = page.getByRole('tree', { name: '教材章节' });
  await chapters.locator('.ant-tree-node-content-wrapper').first().click();
  const from = page.getByLabel('起始页');
  if (!(await from.inputValue())) {
    await from.fill('1');
    await page.getByLabel('结束页').fill('4');
  }
  await page.getByLabel('标题', { exact: true }).fill(`阅读第一章 ${stamp}`);
  // The homework's confirmation may still be showing: wait for this one to go out before reading back.
  await expect(page.getByText('已布置，学生现在就能看到')).toHaveCount(0, { timeout: 15_000 });
  await page.getByTestId('assign-submit').click();
  await expect(page.getByText('已布置，学生现在就能看到').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: '班级管理' })).toHaveAttribute('aria-selected', 'true');

  // The answers, as the teacher sees them.
  const classes = await apiData<ClassList>(ApiPaths.teachingClasses, teacher.token);
  const cls = classes.items.find((c) => c.name === className)!;
  const list = await apiData<AssignmentList>(ApiPaths.teachingClassAssignments(cls.id), teacher.token);
  expect(list.items.map((a) => a.kind).sort()).toEqual(['homework', 'reading']);
  const hw = list.items.find((a) => a.title === homeworkTitle)!;
  const detail = await apiData<AssignmentDetail>(ApiPaths.teachingAssignment(hw.id), teacher.token);
  const questions = [...detail.questions].sort((a, b) => a.position - b.position);
  expect(questions).toHaveLength(6);
  const keyOf = (q: (typeof questions)[number]) => (Array.isArray(q.answer) ? q.answer[0]! : q.answer!).trim();
  // The student sees the options in an order of their own (docs/teaching.md): the bank's key of an
  // option is found again in the student's view by the option's text.
  const shown = await apiData<AssignmentDetail>(ApiPaths.teachingAssignment(hw.id), student.token);
  const shownKey = (q: (typeof questions)[number], bankKey: string) => {
    const text = q.options!.find((o) => o.key === bankKey)!.text;
    return shown.questions.find((x) => x.itemId === q.itemId)!.options!.find((o) => o.text === text)!.key;
  };

  // ---- the student answers on the phone: the first choice wrong, the rest right, the open one typed
  await mobile.goto('/#/mobileH5/homework');
  await expect(mobile.getByRole('heading', { level: 1, name: '我的作业' })).toBeVisible();
  await mobile.getByTestId('homework-item').filter({ hasText: homeworkTitle }).click();
  const cards = mobile.getByTestId('work-question');
  await expect(cards).toHaveCount(6);
  // Axe here: an assignment being answered, which the route sweep has none of.
  expect(await axeProblems(mobile)).toEqual([]);
  let wrongStem = '';
  for (const [i, q] of questions.entries()) {
    const card = cards.nth(i);
    if (q.grading === 'choice') {
      const right = keyOf(q);
      const key = i === 0 ? q.options!.find((o) => o.key !== right)!.key : right;
      if (i === 0) wrongStem = chineseRun(q.stem);
      await card.getByTestId(`choice-${shownKey(q, key)}`).click();
    } else if (q.grading === 'fill') {
      await card.getByTestId('blank-0').locator('input').fill('1');
    } else {
      await card.locator('textarea:not([aria-hidden])').fill('设公差为 d，由题意列方程求解，得 d = 2。');
    }
  }
  await expect(mobile.getByText(/答案已自动保存/)).toBeVisible({ timeout: 20_000 });
  await mobile.getByTestId('work-submit').click();
  await mobile.getByRole('button', { name: '提交', exact: true }).click();
  await expect(mobile.getByTestId('work-status')).toContainText('已提交');
  const grades = mobile.getByTestId('item-grade');
  await expect(grades.first()).toContainText('回答错误');
  for (const [i, q] of questions.entries()) {
    if (q.grading === 'choice' && i > 0) await expect(grades.nth(i)).toContainText('回答正确');
    if (q.grading === 'open') await expect(grades.nth(i)).toContainText('待老师批改');
  }
  // Axe here: the graded answers after submitting, a result page the route sweep cannot reach.
  expect(await axeProblems(mobile)).toEqual([]);
  await shot(mobile, 'h5-answer-375');

  // ---- the teacher grades the open answer
  await page.getByRole('tab', { name: '批改' }).click();
  const row = page.locator('.ant-list-item').filter({ hasText: homeworkTitle });
  await row.getByTestId('queue-open').click();
  const openItem = page
    .getByTestId('grade-item')
    .filter({ has: page.getByLabel('得分') })
    .last();
  await openItem.getByLabel('得分').fill('8');
  await openItem.getByLabel('评语').fill('过程完整');
  await openItem.getByTestId('grade-save').click();
  await expect(page.getByText('已保存评分')).toBeVisible();
  await expect(openItem.getByTestId('grade-save')).not.toHaveClass(/ant-btn-loading/);
  // Axe here: a teacher's grading; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'grading-1440');

  // ---- and sees the class report
  await page.getByRole('tab', { name: '学情报告' }).click();
  await expect(page.getByTestId('class-report')).toContainText(student.userName as string);
  await pick(page, '选择作业', homeworkTitle);
  const report = page.getByTestId('assignment-report');
  await expect(report).toBeVisible();
  await expect(report.getByTestId('bar-chart')).toBeVisible();
  await expect(report).toContainText('已提交 1 / 1 人');
  // Axe here: a teacher's class report; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);
  await shot(page, 'report-1440');

  // ---- the student finds the wrong question in 错题本
  await mobile.goto('/#/mobileH5/wrongBook');
  await expect(mobile.getByRole('heading', { level: 1, name: '错题本' })).toBeVisible();
  const wrong = mobile.getByTestId('wrong-item').filter({ hasText: wrongStem });
  await expect(wrong.first()).toBeVisible();
  // Axe here: a 错题本 holding wrong answers, which the route sweep's student has none of.
  expect(await axeProblems(mobile)).toEqual([]);
  await shot(mobile, 'h5-wrong-book-375');
  await mobile.context().close();
});

test('a visitor sees what 智慧教学 offers and a login prompt, at 1440 and 375 px', async ({ page }) => {
  await page.goto('/#/WisdomTeaching');
  await expect(page.getByRole('heading', { level: 1, name: '智慧教学' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '班级管理' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录后使用' })).toBeVisible();
  await shot(page, 'visitor-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: '登录后使用' })).toBeVisible();
  await shot(page, 'visitor-375');

  // The H5 user centre asks a visitor to log in.
  await page.goto('/#/mobileH5/userCenter');
  await expect(page.getByRole('heading', { name: '登录后查看个人中心' })).toBeVisible();
});
