/**
 * Links from data (banner links, the teaching back-office address, resource links) are checked
 * here before they reach `href` or `window.open`: only `https://` URLs and in-app paths pass, the
 * rule the server applies when the data is written (contract `isSafeLink`, docs/api.md, Banners).
 */
import { isSafeLink } from '@eav/contract';

/**
 * `url` when it is an `https://` URL or an in-app path (`/…`, not `//…`), else null: never a
 * `javascript:`, `data:` or `http:` link, whatever the server sent.
 */
export function safeHref(url: string | null | undefined): string | null {
  return typeof url === 'string' && isSafeLink(url) ? url : null;
}

/** Opens a safe link in a new window without giving it this window (`noopener`); unsafe links do nothing. */
export function openSafe(url: string | null | undefined): boolean {
  const href = safeHref(url);
  if (!href) return false;
  window.open(href, '_blank', 'noopener,noreferrer');
  return true;
}
