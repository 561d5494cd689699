/**
 * 浏览记录 on the desktop (docs/api.md, 浏览记录): the demo student reads two books (their read grants
 * write the history), finds them on the user centre's 浏览记录 page (the menu entry), newest first, opens
 * one again from its title, and clears the list. axe finds no serious issue on the page.
 */
import { ApiPaths, type Paged, type TextbookListItem } from '@eav/contract';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { axeFindings, SITE_FRAME } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { useSessionOf } from '../support/session';

async function apiData<T>(pathWithQuery: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery);
  const json = (await res.json()) as { code: number; data: T };
  expect(json.code).toBe(200);
  return json.data;
}

test('the desktop user centre lists what the user opened, reopens it and clears it', async ({ page }) => {
  const student = await loginViaApi(DEMO.student);
  // Readable books only: the whole catalogue's first pages hold real books without a file.
  const list = await apiData<Paged<TextbookListItem>>(`${ApiPaths.textbooks}?pageSize=100&readable=true`);
  // Readable books that need no activation: the student may read them at once.
  const [older, newer] = list.items.filter((b) => b.hasFile && b.access !== 'activation');
  expect(newer, 'two readable demo books without activation').toBeDefined();
  for (const book of [older!, newer!]) {
    const res = await signedFetch('GET', ApiPaths.textbookRead(book.id), { token: student.token });
    expect(res.status).toBe(200);
  }

  await useSessionOf(page, student);
  await page.goto('/#/user');
  await page.getByRole('navigation', { name: '个人中心菜单' }).getByRole('menuitem', { name: '浏览记录' }).click();
  await expect(page).toHaveURL(/#\/user\/history$/);
  const table = page.getByTestId('history-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(newer!.title);
  await expect(rows.nth(1)).toContainText(older!.title);
  await expect(rows.nth(0)).toContainText('教材');
  expect(await axeFindings(page, { exclude: SITE_FRAME })).toEqual([]);

  // The title opens the desktop reader of that book.
  await rows.nth(1).getByRole('link', { name: older!.title }).click();
  await expect(page).toHaveURL(new RegExp(`#/preview\\?id=${older!.id}$`));

  await page.goto('/#/user/history');
  await page.getByTestId('history-clear').click();
  await page.getByRole('button', { name: '确认清空' }).click();
  await expect(page.getByText('浏览记录已清空')).toBeVisible();
  await expect(table.getByText('暂无浏览记录')).toBeVisible();
});
