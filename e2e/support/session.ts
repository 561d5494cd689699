/** A logged-in browser session for the journeys, stored the way the web client stores it. */
import type { Page } from '@playwright/test';

/**
 * Puts a logged-in user into the page's browser as the web client does after a login (the `user`
 * entry of localStorage and the `token` cookie; docs/product.md §4, §9), then loads the page again,
 * because the app reads the stored user when it starts. A page not yet on the portal opens `/` first
 * (storage belongs to an origin); a page already on it stays on its route.
 */
export async function useSessionOf(page: Page, user: Record<string, unknown> & { token: string }): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.evaluate((u) => {
    localStorage.setItem('user', JSON.stringify(u));
    document.cookie = `token=${u.token}; path=/`;
  }, user);
  await page.reload();
}

/**
 * Stores the same session before the app's scripts run on every load of the page from now on, so
 * that each route opens as after a real login without a load of its own (the route sweep's walks).
 */
export async function useSessionAtStart(page: Page, user: Record<string, unknown> & { token: string }): Promise<void> {
  await page.addInitScript((u) => {
    localStorage.setItem('user', JSON.stringify(u));
    document.cookie = `token=${u.token}; path=/`;
  }, user);
}
