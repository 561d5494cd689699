/**
 * Helpers of the third-party login journeys (docs/identity.md): the fake providers' persona
 * pickers (`button[data-persona=…]` on the server-rendered fake pages), the account's bindings
 * through the signed API, a logged-in browser session, and axe checks of the portal's own pages.
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ApiPaths, type BindingsData, type LoginData } from '@eav/contract';
import { api } from './accounts-helpers';

/** Clicks a persona on a fake provider's page (which stands for scanning, or logging in there). */
export async function choosePersona(page: Page, key: string): Promise<void> {
  const button = page.locator(`button[data-persona="${key}"]`);
  await expect(button).toBeVisible();
  await button.click();
}

/** The account's bindings (WeChat, 之江汇, 教育魔方) as the server answers them. */
export async function bindingsOf(request: APIRequestContext, user: Pick<LoginData, 'userId' | 'token'>) {
  const r = await api<BindingsData>(request, 'GET', ApiPaths.userBindings(user.userId), { token: user.token });
  expect(r.status, r.msg).toBe(200);
  return Object.fromEntries(r.data.items.map((i) => [i.provider, i.bound])) as Record<string, boolean>;
}

/** The stored user of the page (null when logged out). */
export async function storedUser(page: Page): Promise<{ userId: number; userName: string; token: string } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as never);
}

/**
 * Serious and critical axe findings of the page's own content: the shared header, footer, chat
 * button and the user centre's side menu (frames these pages sit in, not part of them) are excluded.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: [...SITE_FRAME, '.eav-chat', 'nav[aria-label="个人中心菜单"]'] });
}

/** The address bar holds no credential or single-use value. */
export function expectNoSecretsInUrl(page: Page): void {
  expect(page.url()).not.toMatch(/[?&](code|state|ticket|sessionId|unionId|token|userId)=/);
}

/**
 * The fake provider pages carry no icon, so Chromium's own `/favicon.ico` request there answers 404
 * and logs it; console errors name no URL, so the journeys allow that one message and instead check
 * every failed API answer of the portal with `apiFailures`.
 */
export const FAKE_PAGE_FAVICON_404 = /status of 404 \(Not Found\)/;

/** Collects `METHOD status path` of every failed `/api` answer the page receives. */
export function apiFailures(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.status() >= 400 && url.pathname.startsWith('/api/'))
      seen.push(`${r.request().method()} ${r.status()} ${url.pathname}`);
  });
  return seen;
}
