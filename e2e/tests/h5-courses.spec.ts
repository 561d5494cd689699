/**
 * The H5 home's 同步课程 and 联系我们 screens on a phone, against the shared e2e server (demo seed):
 * - the home links to 小学/初中/高中课程 (course3/4/5); each lists that stage's network-learning
 *   lessons with the server's total, narrows by 学科 to the server's count, and opens a lesson in the
 *   H5 player;
 * - 联系我们 shows the service hours, a tap-to-call hotline and the mailbox.
 * Axe checks these routes in the route sweep (routes.spec.ts). Screenshots: docs/screenshots/h5-*.
 */
import { ApiPaths, type DictEntry, type Paged, type Video } from '@eav/contract';
import { signedFetch } from '../support/api';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });

async function apiData<T>(pathWithQuery: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery);
  const json = (await res.json()) as { code: number; data: T };
  expect(json.code).toBe(200);
  return json.data;
}

const COURSES = [
  { route: 'course3', stage: '小学' },
  { route: 'course4', stage: '初中' },
  { route: 'course5', stage: '高中' },
] as const;

test('the H5 home links each stage course list, which shows the server’s lessons and narrows by subject', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stages = await apiData<DictEntry[]>(ApiPaths.dictStage);
  await page.goto('/#/mobileH5/home');
  const grid = page.getByTestId('course-grid');
  await expect(grid.getByRole('link')).toHaveText(['小学课程', '初中课程', '高中课程']);

  let opened = false;
  for (const { route, stage } of COURSES) {
    const stageId = stages.find((s) => s.name === stage)!.id;
    const all = await apiData<Paged<Video>>(`${ApiPaths.videos}?stageId=${stageId}&pageSize=20`);
    await page.goto('/#/mobileH5/home');
    await page
      .getByTestId('course-grid')
      .getByRole('link', { name: `${stage}课程` })
      .click();
    await expect(page).toHaveURL(new RegExp(`#/mobileH5/${route}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${stage}课程` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `共 ${all.total} 节课程` })).toBeVisible();
    const list = page.getByTestId('h5-stage-lessons');
    if (all.total === 0) {
      await expect(page.getByText('暂无课程')).toBeVisible();
      continue;
    }
    await expect(list.locator('.adm-list-item')).toHaveCount(Math.min(all.total, all.items.length));
    await expect(list).toContainText(all.items[0]!.title);

    // 学科 narrows to the server's count for that subject (the first subject with lessons).
    const subjects = await apiData<DictEntry[]>(ApiPaths.dictStageSubjects(stageId));
    let subject: DictEntry | undefined;
    let bySubject: Paged<Video> | undefined;
    for (const s of subjects) {
      const page1 = await apiData<Paged<Video>>(`${ApiPaths.videos}?stageId=${stageId}&subjectId=${s.id}&pageSize=20`);
      if (page1.total > 0) {
        subject = s;
        bySubject = page1;
        break;
      }
    }
    expect(subject, `a subject of ${stage} has lessons`).toBeDefined();
    const subjectId = subject!.id;
    const chip = page.getByRole('group', { name: '学科' }).getByRole('button', { name: subject!.name, exact: true });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`subjectId=${subjectId}$`));
    await expect(page.getByRole('heading', { level: 2, name: `共 ${bySubject!.total} 节课程` })).toBeVisible();
    await docScreenshot(page, `h5-${route}-375.png`, { fullPage: true });

    if (!opened) {
      // A lesson opens in the H5 network-learning player.
      const first = bySubject!.items[0]!;
      await list.getByText(first.title).first().click();
      await expect(page).toHaveURL(new RegExp(`#/mobileH5/networkLearning\\?id=${first.id}$`));
      opened = true;
    }
  }
  expect(opened, 'the demo seed has lessons in at least one stage').toBe(true);
});

test('联系我们 shows the service hours, a tap-to-call hotline and the mailbox', async ({ page }) => {
  await page.goto('/#/mobileH5/home');
  await page.getByTestId('area-grid').getByRole('link', { name: '联系我们' }).click();
  await expect(page).toHaveURL(/#\/mobileH5\/contactUs$/);
  await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();
  await expect(page.getByText('9:00-21:00')).toBeVisible();
  await expect(page.getByText('9:00-22:00')).toBeVisible();
  await expect(page.getByTestId('contact-status')).toHaveText(/客服在线|非服务时间/);
  await expect(page.getByTestId('contact-hotline')).toHaveAttribute('href', /^tel:\d{10,}$/);
  await expect(page.getByTestId('contact-email')).toHaveAttribute('href', /^mailto:[^@]+@[^?]+\?subject=/);
  await expect(page.getByText('建设中')).toHaveCount(0);
  await docScreenshot(page, 'h5-contact-us-375.png', { fullPage: true });
});
