/**
 * Digital textbook journeys, against the shared e2e server (demo seed):
 * - a visitor filters 初中 → 数学 on /digitalBook (counts checked against the facets API, the view
 *   reproduced from its link) and opens a book's detail; a keyword search narrows the catalogue;
 * - a user activates a code, finds the book under 我的教材, reads to page 3, reloads and resumes on
 *   page 3; a code already used shows '激活码已被使用', a wrong one '激活码无效';
 * - a code of another book typed into a book's activation dialog (desktop) or page (H5) is not
 *   used but named, and activates that book only once the user confirms.
 *
 * Activation codes exist only as hashes in the database: the journeys get fresh ones from the
 * administrators' endpoint `POST /api/v1/admin/textbooks/{id}/codes` as the seeded admin.
 */
import {
  ApiPaths,
  formatActivationCode,
  type AdminCodesResult,
  type Paged,
  type TextbookFacets,
  type TextbookListItem,
} from '@eav/contract';
import { DEMO, loginViaApi, signedFetch } from '../support/api';
import { adminConsoleLogin } from '../support/console';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { useSessionOf } from '../support/session';

/** The seeded operator account (SEED_DEMO=true). */

async function apiData<T>(pathWithQuery: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery);
  const json = (await res.json()) as { code: number; data: T };
  expect(json.code).toBe(200);
  return json.data;
}

test.describe('catalogue (visitor)', () => {
  test('filters 初中 → 数学, the link reproduces the view, and a book opens', async ({ page }) => {
    await page.goto('/#/digitalBook');
    const cards = page.getByTestId('textbook-card');
    await expect(cards.first()).toBeVisible();

    // Options are named by value and count (初中468): the digit tells 初中 from 初中（五•四学制）.
    await page
      .getByRole('group', { name: '学段' })
      .getByRole('button', { name: /^初中\d/ })
      .click();
    await expect(page).toHaveURL(/stageId=\d+/);
    await page
      .getByRole('group', { name: '学科' })
      .getByRole('button', { name: /^数学\d/ })
      .click();
    await expect(page).toHaveURL(/stageId=\d+&subjectId=\d+/);

    // The shown total equals the server's count for exactly these filters.
    await expect(page.getByTestId('textbook-grid')).toHaveAttribute('aria-busy', 'false');
    const query = new URL(page.url().replace('#/digitalBook', 'digitalBook')).searchParams;
    const stageId = query.get('stageId')!;
    const subjectId = query.get('subjectId')!;
    const facets = await apiData<TextbookFacets>(
      `${ApiPaths.textbookFacets}?stageId=${stageId}&subjectId=${subjectId}`,
    );
    expect(facets.total).toBeGreaterThan(0);
    await expect(page.getByTestId('result-count')).toHaveText(`共 ${facets.total} 本教材`);
    const list = await apiData<Paged<TextbookListItem>>(
      `${ApiPaths.textbooks}?stageId=${stageId}&subjectId=${subjectId}&pageSize=20`,
    );
    await expect(cards).toHaveCount(list.items.length);
    for (const item of list.items) {
      expect(item.stage.name).toBe('初中');
      expect(item.subject.name).toBe('数学');
    }
    // Only values that still have books are offered: every 年级 option's count is positive.
    const gradeCounts = await page.getByRole('group', { name: '年级' }).locator('button span').allTextContents();
    expect(gradeCounts.length).toBeGreaterThan(0);
    for (const c of gradeCounts) expect(Number(c)).toBeGreaterThan(0);

    // A link reproduces the view.
    await page.reload();
    await expect(page.getByTestId('result-count')).toHaveText(`共 ${facets.total} 本教材`);
    await expect(page.getByRole('group', { name: '学科' }).getByRole('button', { name: /^数学\d/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Choosing another stage resets the subject (cascade).
    await page
      .getByRole('group', { name: '学段' })
      .getByRole('button', { name: /^高中\d/ })
      .click();
    await expect(page).toHaveURL(/stageId=\d+$/);

    await page.goBack();
    await expect(page).toHaveURL(/subjectId=/);
    const first = list.items[0]!;
    await cards
      .filter({ hasText: first.title })
      .filter({ hasText: first.publisher?.name ?? '' })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`#/detail\\?id=${first.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
    await expect(page.getByRole('heading', { name: '目录' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '相关教材' })).toBeVisible();
  });

  test('a keyword search narrows the catalogue and an unknown word shows the empty state', async ({ page }) => {
    await page.goto('/#/digitalBook');
    await page.getByRole('searchbox', { name: '搜索教材' }).or(page.getByLabel('搜索教材')).fill('七年级上册');
    await page
      .getByRole('button', { name: '搜 索' })
      .or(page.getByRole('button', { name: '搜索' }))
      .first()
      .click();
    await expect(page).toHaveURL(/keyword=/);
    const found = await apiData<Paged<TextbookListItem>>(
      `${ApiPaths.textbooks}?keyword=${encodeURIComponent('七年级上册')}`,
    );
    await expect(page.getByTestId('textbook-grid')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('result-count')).toHaveText(`共 ${found.total} 本教材`);
    const titles = await page.getByTestId('textbook-card').locator('h3').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t).toContain('七年级上册');

    await page.goto(`/#/digitalBook?keyword=${encodeURIComponent('不存在的教材名称')}`);
    await expect(page.getByText('没有找到与“不存在的教材名称”相关的教材')).toBeVisible();
  });

  test('可在线阅读 shows only books with an electronic edition, and only they carry an access badge', async ({
    page,
  }) => {
    const readable = await apiData<Paged<TextbookListItem>>(`${ApiPaths.textbooks}?readable=true&pageSize=100`);
    expect(readable.total).toBeGreaterThan(0);
    expect(readable.items.every((b) => b.hasFile)).toBe(true);
    const all = await apiData<Paged<TextbookListItem>>(`${ApiPaths.textbooks}?pageSize=20`);
    expect(all.total).toBeGreaterThan(readable.total);

    await page.goto('/#/digitalBook');
    const cards = page.getByTestId('textbook-card');
    await expect(cards).toHaveCount(all.items.length);
    // A card without an electronic edition promises no reading.
    const withoutFile = all.items.filter((b) => !b.hasFile);
    expect(withoutFile.length).toBeGreaterThan(0);
    await expect(cards.filter({ hasText: /免费阅读|登录阅读|激活阅读/ })).toHaveCount(
      all.items.length - withoutFile.length,
    );

    await page.getByTestId('readable-filter').click();
    await expect(page).toHaveURL(/readable=true/);
    await expect(page.getByTestId('result-count')).toHaveText(`共 ${readable.total} 本教材`);
    await expect(cards).toHaveCount(Math.min(readable.total, 20));

    // A book without a file says so and shows no file size or read button.
    const none = withoutFile[0]!;
    await page.goto(`/#/detail?id=${none.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(none.title);
    await expect(page.getByText('暂无电子版')).toBeVisible();
    await expect(page.getByText('文件大小')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /在线阅读|暂不可阅读/ })).toHaveCount(0);

    // The H5 bookstore offers the same filter with the same URL key.
    await page.goto('/#/mobileH5/textbook');
    await page.getByTestId('h5-readable-filter').click();
    await expect(page).toHaveURL(/readable=true/);
    await expect(page.getByTestId('h5-book-list')).toContainText(`共 ${readable.total} 本教材`);
  });
});

// ---------------------------------------------------------------- activation journeys

/** Fresh activation codes of a book, from the administrators' endpoint as the seeded admin. */
async function issueCodes(bookId: number, count: number): Promise<string[]> {
  const admin = await adminConsoleLogin();
  const res = await signedFetch('POST', ApiPaths.adminTextbookCodes(bookId), {
    token: admin.token,
    body: { count, batch: 'e2e' },
  });
  const json = (await res.json()) as { code: unknown; msg: string; data: AdminCodesResult };
  expect(res.status, json.msg).toBe(200);
  expect(json.data.textbookId).toBe(bookId);
  expect(json.data.codes).toHaveLength(count);
  return json.data.codes;
}

/**
 * Activation-only books of the demo catalogue: with `readable`, only those with a file (the demo books
 * with a PDF; the catalogue's first page holds real books without one).
 */
async function activationBooks(readable = false): Promise<TextbookListItem[]> {
  const list = await apiData<Paged<TextbookListItem>>(
    `${ApiPaths.textbooks}?pageSize=100${readable ? '&readable=true' : ''}`,
  );
  return list.items.filter((b) => b.access === 'activation');
}

test.describe('activation, my textbooks and the reader', () => {
  test.describe.configure({ mode: 'serial' });
  let book: TextbookListItem;
  let codes: string[] = [];

  test.beforeAll(async () => {
    const candidates = (await activationBooks(true)).filter((b) => b.hasFile && (b.pageCount ?? 0) >= 3);
    expect(candidates.length, 'the demo seed has an activation-only book with a file').toBeGreaterThan(0);
    book = candidates[0]!;
    codes = await issueCodes(book.id, 2);
  });

  test('a user activates a code, finds the book in 我的教材, reads to page 3 and resumes there after a reload', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(120_000);
    // The wrong code is answered 422, which Chromium logs as a failed resource.
    allowConsoleErrors(/status of 422/);
    const student = await loginViaApi(DEMO.student);
    await useSessionOf(page, student);
    await page.goto(`/#/detail?id=${book.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);

    // The reader is closed to this user: the page says how to get access.
    await page.goto(`/#/preview?id=${book.id}`);
    await expect(page.getByTestId('read-access-gate')).toContainText('激活后即可阅读');

    await page.goto(`/#/detail?id=${book.id}`);
    await page.getByRole('button', { name: /激\s*活/ }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.getByLabel('激活码');

    // A well-formed code that does not exist.
    await input.fill('ABCDEFGHJKMNPQRS');
    await dialog.getByRole('button', { name: /立即激活/ }).click();
    await expect(dialog.getByRole('alert')).toHaveText('激活码无效');

    // The real code typed in lower case without separators is shown grouped.
    await input.fill(codes[0]!.toLowerCase());
    await expect(input).toHaveValue(formatActivationCode(codes[0]!));
    await dialog.getByRole('button', { name: /立即激活/ }).click();
    await expect(dialog.getByText('激活成功')).toBeVisible();
    await dialog.getByRole('button', { name: /我的教材/ }).click();

    await expect(page).toHaveURL(/#\/myBook$/);
    const mine = page.getByTestId('my-textbook').filter({ hasText: book.title });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText('激活码激活');
    await expect(mine.getByTestId('my-progress')).toHaveText('尚未开始阅读');
    await mine.getByRole('button', { name: /开始阅读/ }).click();

    await expect(page).toHaveURL(new RegExp(`#/preview\\?id=${book.id}$`));
    const sheet = page.getByTestId('reader-page');
    await expect(sheet).toHaveAttribute('data-page', '1');
    await expect(sheet.locator('canvas')).toBeVisible();

    const saved = page.waitForResponse(
      (r) =>
        r.url().includes(`/textbooks/${book.id}/progress`) &&
        r.request().method() === 'PUT' &&
        r.request().postData()?.includes('"page":3') === true,
    );
    await page.keyboard.press('ArrowRight');
    await expect(sheet).toHaveAttribute('data-page', '2');
    await page.keyboard.press('PageDown');
    await expect(sheet).toHaveAttribute('data-page', '3');
    expect((await saved).status()).toBe(200);

    await page.reload();
    await expect(page.getByTestId('reader-page')).toHaveAttribute('data-page', '3');
    await expect(page.getByLabel('页码', { exact: true })).toHaveValue('3');

    // 继续阅读 from my textbooks resumes at the saved page too.
    await page.goto('/#/myBook');
    const again = page.getByTestId('my-textbook').filter({ hasText: book.title });
    await expect(again.getByTestId('my-progress')).toContainText('已读至第 3 页');
    await again.getByRole('button', { name: /继续阅读/ }).click();
    await expect(page.getByTestId('reader-page')).toHaveAttribute('data-page', '3');
  });

  test('a code that was already used shows 激活码已被使用', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 422/, /status of 409/);
    const teacher = await loginViaApi(DEMO.teacher);
    await useSessionOf(page, teacher);
    await page.goto('/#/myBook');
    await page.getByRole('button', { name: /激活教材/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('激活码').fill(formatActivationCode(codes[0]!));
    await dialog.getByRole('button', { name: /立即激活/ }).click();
    await expect(dialog.getByRole('alert')).toHaveText('激活码已被使用');
  });
});

test.describe('a code of another book', () => {
  test("in a book's dialog it is named, not used, and activates that book once confirmed", async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(120_000);
    // The code of another book is answered 409, which Chromium logs as a failed resource.
    allowConsoleErrors(/status of 409/);
    const [readable, books] = [await activationBooks(true), await activationBooks()];
    const user = await loginViaApi(DEMO.teacher);
    const owned = await apiOwned(user);
    // The dialog's book needs a file (the 激活 button is offered only then); the other need not.
    const mine = readable.find((b) => !owned.has(b.id) && b.hasFile);
    const other = books.find((b) => !owned.has(b.id) && b.id !== mine?.id);
    expect(other, 'two activation-only books the teacher does not own').toBeDefined();
    const [code] = await issueCodes(other!.id, 1);

    await useSessionOf(page, user);
    await page.goto(`/#/detail?id=${mine!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(mine!.title);
    await page.getByRole('button', { name: /激\s*活/ }).click();
    const dialog = page.getByRole('dialog');
    // The dialog zooms in; a click while it still moves can land outside the button.
    await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
    await dialog.getByLabel('激活码').fill(code!);
    await dialog.getByRole('button', { name: /立即激活/ }).click();

    const ask = dialog.getByTestId('activation-other-book');
    await expect(ask).toContainText(`该激活码不是《${mine!.title}》的激活码`);
    await expect(ask).toContainText(`《${other!.title}》`);
    // Nothing was activated yet.
    expect((await apiOwned(user)).has(other!.id)).toBe(false);

    await dialog.getByRole('button', { name: `激活《${other!.title}》` }).click();
    await expect(dialog.getByText('激活成功')).toBeVisible();
    await expect(dialog).toContainText(`《${other!.title}》已加入“我的教材”`);
    const after = await apiOwned(user);
    expect(after.has(other!.id)).toBe(true);
    expect(after.has(mine!.id)).toBe(false);
  });

  test.describe('on the H5 site', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });

    test('the activation page of a book asks before using a code of another book', async ({
      page,
      allowConsoleErrors,
    }) => {
      test.setTimeout(120_000);
      allowConsoleErrors(/status of 409/);
      const books = await activationBooks();
      const user = await loginViaApi(DEMO.student);
      const owned = await apiOwned(user);
      const [mine, other] = books.filter((b) => !owned.has(b.id)).slice(-2);
      expect(other, 'two activation-only books the student does not own').toBeDefined();
      const [code] = await issueCodes(other!.id, 1);

      await useSessionOf(page, user);
      await page.goto(`/#/mobileH5/activation?id=${mine!.id}`);
      await expect(page.getByText(`为《${mine!.title}》输入 16 位激活码`)).toBeVisible();
      await page.locator('input[aria-label="激活码"]').fill(code!);
      await page.getByRole('button', { name: '立即激活' }).click();

      const ask = page.getByTestId('activation-other-book');
      await expect(ask).toContainText(`该激活码不是《${mine!.title}》的激活码`);
      await expect(ask).toContainText(`《${other!.title}》`);
      expect((await apiOwned(user)).has(other!.id)).toBe(false);

      await ask.getByRole('button', { name: '激活这本教材' }).click();
      await expect(page.getByText('激活成功')).toBeVisible();
      await expect(page.getByText(`《${other!.title}》已加入“我的教材”`)).toBeVisible();
      expect((await apiOwned(user)).has(other!.id)).toBe(true);
    });
  });
});

/** Ids of the books a user owns, from the API. */
async function apiOwned(user: { userId: number; token: string }): Promise<Set<number>> {
  const res = await signedFetch('GET', `${ApiPaths.userTextbooks(user.userId)}?pageSize=100`, { token: user.token });
  const json = (await res.json()) as { data: Paged<{ textbook: TextbookListItem }> };
  return new Set(json.data.items.map((i) => i.textbook.id));
}
