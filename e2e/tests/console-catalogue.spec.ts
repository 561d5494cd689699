/**
 * The console's chapter tree editor (docs/console-content.md, Chapter tree editor) against the e2e
 * server: the administrator opens a book's 目录 from the book list, adds a chapter with its start
 * page, saves, and the public book detail lists it. Axe finds no serious violation in the drawer.
 * The book's tree is put back as it was at the end, so the journeys running alongside see the seed.
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import { ApiPaths, type AdminTextbookRow, type ConsoleChapterTree, type Paged } from '@eav/contract';
import type { Page } from '@playwright/test';
import { signedFetch } from '../support/api';
import { adminConsoleLogin } from '../support/console';
import { expect, test } from '../support/fixtures';
import { useSessionOf } from '../support/session';

// Axe on every console page the journey opens: the route sweep logs in as a student, who sees no console.
async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: SITE_FRAME });
}

test('an administrator adds a chapter to a book and the public detail lists it', async ({ page }) => {
  test.setTimeout(240_000);
  const admin = await adminConsoleLogin();
  // The newest book of the catalogue: the other journeys open the first ones.
  const listed = await signedFetch('GET', `${ApiPaths.adminCatalogueTextbooks}?page=1&pageSize=1&sort=id&order=desc`, {
    token: admin.token,
  });
  const book = ((await listed.json()) as { data: Paged<AdminTextbookRow> }).data.items[0]!;
  const before = (
    (await (
      await signedFetch('GET', ApiPaths.adminCatalogueTextbookChapters(book.id), { token: admin.token })
    ).json()) as { data: ConsoleChapterTree }
  ).data;
  const title = `e2e 新章节 ${Date.now()}`;

  try {
    await useSessionOf(page, admin);
    await page.goto('/#/admin/catalogue');
    const search = page.getByRole('searchbox', { name: '搜索标题或 externalId' });
    await search.fill(book.externalId);
    await search.press('Enter');
    await page
      .getByRole('button', { name: `目录 ${book.title}`, exact: true })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: `目录：${book.title}` });
    await expect(drawer.getByRole('toolbar', { name: '章节操作' })).toBeVisible();

    await drawer.getByRole('button', { name: /添加章节/ }).click();
    const input = drawer.getByRole('textbox', { name: '章节标题：新章节' });
    await expect(input).toBeFocused();
    await input.fill(title);
    await input.press('Enter');
    await expect(drawer.getByRole('tree').getByText(title)).toBeVisible();
    await drawer.getByLabel('起始页码').fill('3');
    await expect(drawer.getByText('有未保存的修改')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    await drawer.getByRole('button', { name: '保存目录' }).click();
    await expect(page.getByText('目录已保存')).toBeVisible();
    await expect(drawer.getByText('有未保存的修改')).toBeHidden();
    await expect(page.getByText('目录已保存')).toBeHidden();
    expect(await axeProblems(page)).toEqual([]);

    await page.goto(`/#/detail?id=${book.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: '目录', exact: true })).toBeVisible();
    await expect(page.getByRole('tree').getByText(title)).toBeVisible();
  } finally {
    const restore = (nodes: ConsoleChapterTree['chapters']): unknown[] =>
      nodes.map((n) => ({
        id: n.id,
        title: n.title,
        page: n.page,
        pageKind: n.pageKind,
        pageInferred: n.pageInferred,
        starred: n.starred,
        children: restore(n.children),
      }));
    await signedFetch('PUT', ApiPaths.adminCatalogueTextbookChapters(book.id), {
      token: admin.token,
      body: { chapters: restore(before.chapters) },
    });
  }
});
