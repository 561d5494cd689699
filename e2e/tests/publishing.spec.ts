/**
 * 智慧出版 against the e2e server (demo seed): a visitor browses the showcase and an announcement;
 * the book page lists the edition history (newest labelled 最新) and the errata; the desktop and H5
 * readers mark a page with an erratum and show its notice there; axe finds no serious violation on
 * any of these pages. Screenshots: docs/screenshots/publishing-*.
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import {
  ApiPaths,
  type AnnouncementListItem,
  type Paged,
  type PublishingShowcase,
  type TextbookListItem,
  type TextbookPublishing,
} from '@eav/contract';
import type { Page } from '@playwright/test';
import { signedFetch } from '../support/api';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';

async function apiData<T>(pathWithQuery: string): Promise<T> {
  const res = await signedFetch('GET', pathWithQuery);
  const json = (await res.json()) as { code: number; data: T };
  expect(json.code).toBe(200);
  return json.data;
}

async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: SITE_FRAME });
}

/** A demo book with a file and seeded errata, its record and the page of its first erratum. */
async function bookWithErrata(): Promise<{ book: TextbookListItem; record: TextbookPublishing; page: number }> {
  const showcase = await apiData<PublishingShowcase>(ApiPaths.publishingShowcase);
  const digital = showcase.kinds.find((k) => k.kind === 'digital')!;
  for (const book of digital.items) {
    const record = await apiData<TextbookPublishing>(ApiPaths.publishingTextbook(book.id));
    if (record.errata.length && book.access === 'public') return { book, record, page: record.errata[0]!.page };
  }
  throw new Error('the demo seed has a public book with errata');
}

for (const width of [1440, 375]) {
  test(`a visitor browses the showcase and reads an announcement at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const showcase = await apiData<PublishingShowcase>(ApiPaths.publishingShowcase);
    const news = await apiData<Paged<AnnouncementListItem>>(`${ApiPaths.publishingAnnouncements}?pageSize=5`);
    expect(news.items.length).toBeGreaterThan(0);

    await page.goto('/#/smartPublishing');
    await expect(page.getByRole('heading', { level: 1, name: '智慧出版' })).toBeVisible();
    await expect(page.getByText('建设中')).toHaveCount(0);
    for (const k of showcase.kinds) {
      const section = page.getByTestId(`showcase-${k.kind}`);
      await expect(section.getByRole('heading', { level: 2 })).toContainText(k.name);
      await expect(section).toContainText(k.rule);
      await expect(section.getByTestId('textbook-card')).toHaveCount(k.items.length);
    }
    expect(showcase.kinds.find((k) => k.kind === 'digital')!.items.length).toBeGreaterThan(0);
    const list = page.getByTestId('publishing-news');
    await expect(list.getByRole('link')).toHaveCount(news.items.length);
    // Axe here at 375 px only: the route sweep checks this desktop page at 1440 px.
    if (width === 375) expect(await axeProblems(page)).toEqual([]);
    await docScreenshot(page, `publishing-home-${width}.png`, { fullPage: true });

    const first = news.items[0]!;
    await list.getByRole('link', { name: first.title }).click();
    await expect(page).toHaveURL(new RegExp(`#/smartPublishing/news\\?id=${first.id}$`));
    const article = page.getByTestId('announcement');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(first.title);
    // The Markdown body is rendered (strong text, list items), not shown as source.
    await expect(article.locator('.eav-rich-text strong').first()).toBeVisible();
    await expect(article).not.toContainText('**');
    // Axe here: an announcement, which the route sweep (no `id`) does not open.
    expect(await axeProblems(page)).toEqual([]);
    await docScreenshot(page, `publishing-news-${width}.png`, { fullPage: true });
  });
}

test('the book page lists the edition history and the errata, and a page link opens the reader there', async ({
  page,
}) => {
  const { book, record, page: erratumPage } = await bookWithErrata();
  await page.goto(`/#/detail?id=${book.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);
  const panel = page.getByTestId('book-publishing');
  await expect(panel.getByRole('heading', { level: 2, name: '版次与勘误' })).toBeVisible();
  const printings = panel.getByTestId('printings').locator('li');
  await expect(printings).toHaveCount(record.printings.length);
  const newest = record.printings[0]!;
  await expect(printings.first()).toContainText(`第 ${newest.editionNo} 版第 ${newest.printingNo} 次印刷`);
  await expect(printings.first()).toContainText('最新');
  await expect(panel.getByText('最新')).toHaveCount(1);
  await expect(panel.getByTestId('erratum-row')).toHaveCount(record.errata.length);
  await expect(panel).toContainText(record.errata[0]!.correction);
  // Axe here: a book's printings and errata, which the route sweep's first book need not have.
  expect(await axeProblems(page)).toEqual([]);
  await docScreenshot(page, 'publishing-detail-1440.png', { fullPage: true });

  await panel
    .getByRole('button', { name: `第 ${erratumPage} 页` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`#/preview\\?id=${book.id}&page=${erratumPage}$`));
  await expect(page.getByTestId('reader-page')).toHaveAttribute('data-page', String(erratumPage));
});

test('the desktop reader marks the page with an erratum and shows its notice', async ({ page }) => {
  test.setTimeout(60_000);
  const { book, record, page: erratumPage } = await bookWithErrata();
  const onPage = record.errata.filter((e) => e.page === erratumPage);
  await page.goto(`/#/preview?id=${book.id}&page=${erratumPage}`);
  const sheet = page.getByTestId('reader-page');
  await expect(sheet).toHaveAttribute('data-page', String(erratumPage));
  await expect(sheet.locator('canvas')).toBeVisible();
  await expect(page.getByTestId('reader-page-mark')).toHaveText('勘误');
  const note = page.getByTestId('reader-page-note');
  await expect(note.getByTestId('erratum-note')).toHaveCount(onPage.length);
  await expect(note).toContainText(onPage[0]!.original);
  await expect(note).toContainText(onPage[0]!.correction);
  // The thumbnail of that page carries the mark too.
  await page.getByRole('tab', { name: '缩略图' }).click();
  await expect(page.getByRole('button', { name: `第 ${erratumPage} 页（勘误）` })).toBeVisible();
  // Axe here: the reader on a page with an erratum, thumbnails shown, a state the route sweep does not reach.
  expect(await axeProblems(page)).toEqual([]);
  await docScreenshot(page, 'publishing-reader-1440.png');

  // The page before (errata are sorted by page: it has none) has neither mark nor notice.
  expect(erratumPage).toBeGreaterThan(1);
  await page.getByRole('button', { name: '上一页' }).first().click();
  await expect(page.getByTestId('reader-page')).toHaveAttribute('data-page', String(erratumPage - 1));
  await expect(page.getByTestId('reader-page-mark')).toHaveCount(0);
  await expect(page.getByTestId('reader-page-note')).toHaveCount(0);
});

test.describe('on the H5 site', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });

  test('the H5 book page lists editions and errata, and the H5 reader marks the page', async ({ page }) => {
    test.setTimeout(60_000);
    const { book, record, page: erratumPage } = await bookWithErrata();
    await page.goto(`/#/mobileH5/browseBook?id=${book.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);
    const panel = page.getByTestId('book-publishing');
    await expect(panel.getByRole('heading', { level: 2, name: '版次与勘误' })).toBeVisible();
    await expect(panel.getByText('最新')).toHaveCount(1);
    await expect(panel.getByTestId('erratum-row')).toHaveCount(record.errata.length);
    // Axe here: a book's printings and errata, which the route sweep's first book need not have.
    expect(await axeProblems(page)).toEqual([]);
    await docScreenshot(page, 'publishing-h5-book-375.png', { fullPage: true });

    await page.goto(`/#/mobileH5/pdf?id=${book.id}&page=${erratumPage}`);
    const sheet = page.getByTestId('reader-page');
    await expect(sheet).toHaveAttribute('data-page', String(erratumPage));
    await expect(sheet.locator('canvas')).toBeVisible();
    await expect(page.getByTestId('reader-page-mark')).toHaveText('勘误');
    await expect(page.getByTestId('reader-page-note')).toContainText(record.errata[0]!.correction);
    // Axe here: the reader on a page with an erratum, a state the route sweep does not reach.
    expect(await axeProblems(page)).toEqual([]);
    await docScreenshot(page, 'publishing-reader-375.png');
  });
});
