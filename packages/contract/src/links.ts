/**
 * The one rule for links that come from data and reach `href` or `window.open` (banner links, the
 * teaching back-office address, resource links): an `https://` URL or an in-app path. Plain code,
 * no zod, so the web's first chunk can use it (the schema is `safeLink` in schemas/common.ts).
 * Documented in docs/api.md, Banners.
 */

/** Shown when a link breaks the rule. */
export const SAFE_LINK_MESSAGE = '链接只能是 https:// 地址或站内路径';

/** Longest link accepted, in UTF-16 code units. */
export const SAFE_LINK_MAX = 500;

// Whitespace, C0/C1 controls and backslashes: browsers drop tabs and newlines and read `\` as `/`
// inside URLs, so `/\evil.example` or `/\t/evil.example` would leave the site.
// eslint-disable-next-line no-control-regex -- control characters are among what this refuses
const UNSAFE_CHARS = /[\s\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Whether `link` is an `https://` URL with a host, or an in-app path (`/…`, not `//…`).
 * Everything else is refused: `javascript:`, `data:`, `http:`, relative paths, protocol-relative
 * `//host`, and any link containing whitespace, control characters or a backslash.
 */
export function isSafeLink(link: string): boolean {
  if (link.length === 0 || link.length > SAFE_LINK_MAX || UNSAFE_CHARS.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  if (!/^https:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
