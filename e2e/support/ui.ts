/** UI helpers shared by the journeys. */
import type { Page } from '@playwright/test';
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
