/**
 * 智慧研修 journey against the e2e server (demo seed: training courses made of the demo lesson videos
 * with quizzes of real question-bank questions):
 * - a visitor sees the course list with its filters and a login prompt;
 * - demo_teacher opens a course, enrols, plays its lesson to the end (real playback; the server
 *   credits the time by its own clock from heartbeats every 5 s: the demo lessons last 9 s), passes
 *   the quiz, downloads the certificate (a PDF), finds the hours in 研修档案 and exports it;
 * - the certificate's code verifies on the public verify page; a forged code answers "not found".
 * Axe checks the states the route sweep (routes.spec.ts) does not reach (serious and critical
 * violations fail); `npm run screenshots` writes docs/screenshots/training-*.png at 1440 and 375 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { axeFindings, SITE_FRAME } from '../support/axe';
import { ApiPaths, type Paged, type TrainingCourseCard, type TrainingQuiz } from '@eav/contract';
import type { Page } from '@playwright/test';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { REPO_ROOT } from '../support/env';
import { expect, test } from '../support/fixtures';
import { TAKING_SCREENSHOTS, docScreenshot } from '../support/screenshots';
import { useSessionOf } from '../support/session';

// Real playback of a lesson, a quiz and downloads: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 240_000 });

/** Screenshots of the current page at 1440 px and 375 px wide (in the screenshots run only). */
async function shots(page: Page, name: string): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  await page.setViewportSize({ width: 1440, height: 900 });
  await docScreenshot(page, `training-${name}-1440.png`, { fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await docScreenshot(page, `training-${name}-375.png`, { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Serious and critical axe violations (the shared header and footer and KaTeX's visual HTML excluded, as elsewhere). */
async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: [...SITE_FRAME, '.katex-html'] });
}

async function apiData<T>(pathWithQuery: string, token?: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery, token ? { token } : {});
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

test('a visitor sees the courses and a login prompt', async ({ page }) => {
  await page.goto('/#/teachersTraining');
  await expect(page.getByRole('heading', { level: 1, name: '智慧研修' })).toBeVisible();
  await expect(page.getByTestId('training-login-prompt')).toBeVisible();
  await expect(page.getByTestId('training-course-card').first()).toBeVisible();
  // The 学段 filter narrows the list (小学 holds the science course only).
  await page.getByRole('group', { name: '学段' }).getByText('小学', { exact: true }).click();
  await expect(page).toHaveURL(/stageId=\d+/);
  await expect(page.getByTestId('training-course-card')).toHaveCount(1);
  await expect(page.getByTestId('training-course-card')).toContainText('小学科学');
  await page.goto('/#/teachersTraining');
  await expect(page.getByTestId('training-course-card').first()).toBeVisible();
  await shots(page, 'list-visitor');
});

test('a teacher enrols, watches, passes the quiz, downloads the certificate, and its code verifies', async ({
  page,
}) => {
  const teacher = await loginViaApi(DEMO.teacher);
  const courses = await apiData<Paged<TrainingCourseCard>>(`${ApiPaths.trainingCourses}?pageSize=50`);
  const course = courses.items.find((c) => c.code === 'demo-physics-lab');
  expect(course, 'the demo seed made the physics course').toBeDefined();

  await useSessionOf(page, teacher);
  await page.goto('/#/teachersTraining');
  await expect(page.getByTestId('training-mine-link')).toBeVisible();
  await page.getByTestId('training-course-card').filter({ hasText: course!.title }).click();
  await expect(page).toHaveURL(new RegExp(`#/teachersTraining/course\\?id=${course!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: course!.title })).toBeVisible();
  // Axe here: a course as a teacher before enrolling; the route sweep opens no course and logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);
  await shots(page, 'course-before-enrol');

  // Enrol, then open the lesson.
  await page.getByTestId('training-enrol').click();
  await expect(page.getByTestId('training-status')).toBeVisible();
  await page.getByTestId('training-lesson').first().click();
  const video = page.getByTestId('training-video');
  await expect(video).toBeVisible();

  // Play to the end (muted, which the autoplay policy allows); play again while the lesson is not
  // yet complete (the server credits whole seconds between heartbeats).
  const lesson = page.getByTestId('training-lesson').first();
  await expect(async () => {
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = 0;
      await v.play();
    });
    await expect(page.getByTestId('lesson-progress')).toContainText('计时中', { timeout: 5_000 });
    await expect(lesson.getByLabel('已完成')).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 90_000 });
  // Axe here: lessons watched to the end, a state the route sweep cannot reach.
  expect(await axeProblems(page)).toEqual([]);

  // The quiz: it names its questions by position and shows the options in this teacher's own order, and
  // the bank keeps the answers from a teacher who has not passed (docs/training.md). The right answers come
  // from the shipped data the quiz is drawn from, found again by stem and option text.
  type DataQuestion = { stem: string; options?: { key: string; text: string }[]; answer: string | string[] };
  const shipped = fs
    .readFileSync(path.join(REPO_ROOT, 'data/questions-training.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as DataQuestion);
  const quiz = await apiData<TrainingQuiz>(ApiPaths.trainingQuiz(course!.id), teacher.token);
  const form = page.getByTestId('training-quiz');
  await expect(form.getByTestId('quiz-question')).toHaveCount(quiz.questions.length);
  for (const [i, q] of quiz.questions.entries()) {
    const source = shipped.find((d) => d.stem === q.stem);
    expect(source, `quiz question ${q.stem}`).toBeDefined();
    const rightKeys = (Array.isArray(source!.answer) ? source!.answer.join('') : source!.answer)
      .toUpperCase()
      .match(/[A-Z]/g)!;
    const rightTexts = rightKeys.map((k) => source!.options!.find((o) => o.key === k)!.text);
    const shownKeys = q.options!.filter((o) => rightTexts.includes(o.text)).map((o) => o.key);
    expect(shownKeys).toHaveLength(rightKeys.length);
    const box = form.getByTestId('quiz-question').nth(i);
    for (const k of shownKeys) await box.locator(`input[value="${k}"]`).check({ force: true });
  }
  await page.getByTestId('quiz-submit').click();
  await expect(page.getByTestId('quiz-result')).toContainText('测验通过');
  await expect(page.getByTestId('training-status')).toContainText('已结业');
  const code = (await page.getByTestId('certificate-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  // Axe here: the passed quiz and its certificate, a result page the route sweep cannot reach.
  expect(await axeProblems(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shots(page, 'course-completed');

  // The certificate as a PDF.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('certificate-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^结业证书-.+\.pdf$/);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // 我的研修 and 研修档案 with its export.
  await page.goto('/#/teachersTraining/mine');
  await expect(page.getByRole('heading', { level: 1, name: '我的研修' })).toBeVisible();
  await expect(page.getByTestId('training-mine')).toContainText(course!.title);
  // Axe here: a teacher's enrolled courses; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);
  await shots(page, 'mine');
  await page.getByRole('tab', { name: '研修档案' }).click();
  await expect(page.getByTestId('archive-total')).toContainText(`${course!.creditHours} 学时`);
  await expect(page.getByTestId('training-archive')).toContainText(code);
  // Axe here: a teacher's 研修档案 with a certificate; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);
  await shots(page, 'archive');
  const exporting = page.waitForEvent('download');
  await page.getByTestId('archive-export').click();
  expect((await exporting).suggestedFilename()).toBe('研修档案.xlsx');

  // The public verify page, as a visitor.
  await page.evaluate(() => {
    localStorage.clear();
    document.cookie = 'token=; path=/; max-age=0';
  });
  await page.goto(`/#/teachersTraining/verify?code=${code}`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '结业证书验证' })).toBeVisible();
  await expect(page.getByTestId('verify-valid')).toContainText('证书真实有效');
  await expect(page.getByTestId('verify-result')).toContainText(course!.title);
  await expect(page.getByTestId('verify-result')).toContainText('*');
  // Axe here: a verified certificate, a result page the route sweep cannot reach.
  expect(await axeProblems(page)).toEqual([]);
  await shots(page, 'verify-valid');
  const forged = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`;
  const input = page.getByTestId('verify-input').locator('input');
  await input.fill(forged);
  await input.press('Enter');
  await expect(page.getByTestId('verify-unknown')).toContainText('未找到该证书');
  // Axe here: an unknown certificate, a result page the route sweep cannot reach.
  expect(await axeProblems(page)).toEqual([]);
  await shots(page, 'verify-forged');
});
