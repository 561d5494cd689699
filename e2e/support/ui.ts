/** UI helpers shared by the journeys. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Clicks an item of a dropdown menu until the click takes, as a person clicks again when a click
 * seems lost. `open` opens the dropdown whenever the item is not visible (a hover, or a click on
 * the trigger that waits for the menu to show) and `took` asserts the click's effect, with a short
 * timeout of its own. On a loaded machine a click that reaches the popup while it is still opening
 * can miss the item (seen in CI: the item focused, the menu still open, nothing navigated).
 */
export async function chooseMenuItem(
  page: Page,
  name: string,
  open: () => Promise<void>,
  took: () => Promise<void>,
): Promise<void> {
  const item = page.getByRole('menuitem', { name });
  await expect(async () => {
    if (!(await item.isVisible())) await open();
    await item.click({ timeout: 3_000 });
    await took();
  }).toPass({ timeout: 25_000 });
}

/**
 * Serves the page without the first screen's answers the server puts into it (`<meta
 * name="eav-first-screen">`), so the page requests its carousel as it does when the server could
 * not read them: for journeys that watch or alter that request.
 */
export async function withoutInlinedAnswers(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/index.html',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const original = await route.fetch();
      const body = (await original.text()).replace(/<meta name="eav-first-screen" content="[^"]*" \/>/g, '');
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = original.headers();
      await route.fulfill({ status: original.status(), headers, body });
    },
  );
}

/**
 * Chooses the option containing `text` in the antd Select whose search input is `input`. The list is
 * opened only while it is closed (a click on an open list closes it again), and its options may still
 * be loading (a 年级 list after the 学段 is chosen): the option is clicked once it shows. Returns once
 * the list has closed, so that axe never reads its last frames.
 */
export async function chooseOption(page: Page, input: Locator, text: string): Promise<void> {
  const select = input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(input).toBeEnabled();
  await expect(async () => {
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click({ timeout: 5_000 });
    await expect(select).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}
