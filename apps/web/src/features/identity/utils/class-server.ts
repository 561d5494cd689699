/**
 * Class-server jump rules of docs/product.md §5, §7 that do not need the server: which key type to
 * ask for, whether to open a new window, and the stored `redirectUrl` the jump uses up.
 */

/** Local-storage key a class-server return address is kept under (removed after each jump). */
export const REDIRECT_URL_KEY = 'redirectUrl';

/** True inside WeChat's in-app browser, where new windows are not available. */
export function isWeChatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** The key type: `url` when a class-server return address is stored, else the default key. */
export function keyTypeFor(storedRedirectUrl: string | null): 'default' | 'url' {
  return storedRedirectUrl ? 'url' : 'default';
}

/** A new window unless the caller asked for the same one or the page runs inside WeChat. */
export function opensNewWindow(sameWindow: boolean, userAgent?: string): boolean {
  return !sameWindow && !isWeChatBrowser(userAgent);
}
