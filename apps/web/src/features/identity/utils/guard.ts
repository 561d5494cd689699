/**
 * The route guards of docs/product.md §4, as a pure decision over the current route: which query
 * parameter triggers which flow, and the address to show once the sensitive parameters are gone
 * (they leave the address bar at once, by a replace navigation; docs/identity.md, Route guards).
 *
 * - `sessionId` → education-cube login;
 * - `code` (not on /mobileH5/login or the certificate verification page) → WeChat H5 login, then the
 *   answered in-app URL;
 * - `unionId` (not on login, bindChoiceWx, bind, register, the desktop bindAccount) → stored, then: a
 *   local user continues; `isBound` with `token` and `userId` logs in; otherwise the bind screen of
 *   the site (`bindScreenFor`). On the excluded pages the value is only stored, for the page to use.
 */
import { paths } from '@/config/paths';

/** Query parameters that carry credentials or single-use values; never left in the address bar. */
export const SENSITIVE_PARAMS = ['sessionId', 'code', 'state', 'unionId', 'isBound', 'token', 'userId'] as const;

/**
 * `code` is not a WeChat code here: the login page uses it itself, and the certificate verification
 * page's `?code=` is a certificate number printed on paper (docs/training.md).
 */
const CODE_EXCLUDED = new Set<string>([paths.mobile.login, paths.teachersTrainingVerify]);
const UNION_ID_EXCLUDED = new Set<string>([
  paths.bindAccount,
  paths.mobile.login,
  paths.mobile.bindChoiceWx,
  paths.mobile.bind,
  paths.mobile.register,
]);

export type UnionIdBranch = 'store-only' | 'continue' | 'login' | 'bind-choice';

export type GuardAction =
  | { kind: 'educube'; sessionId: string; rest: string }
  | { kind: 'wechat'; code: string; state: string; rest: string }
  | {
      kind: 'unionId';
      unionId: string;
      branch: UnionIdBranch;
      token: string | null;
      userId: number | null;
      rest: string;
    };

/** `pathname?search` without the sensitive parameters (other parameters keep their order). */
export function withoutSensitive(pathname: string, search: URLSearchParams): string {
  const q = new URLSearchParams(search);
  for (const k of SENSITIVE_PARAMS) q.delete(k);
  const s = q.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/** What the guards do on `pathname?search`; null when no guard applies. */
export function decideGuard(pathname: string, search: URLSearchParams, hasLocalUser: boolean): GuardAction | null {
  const rest = withoutSensitive(pathname, search);
  const sessionId = search.get('sessionId');
  if (sessionId) return { kind: 'educube', sessionId, rest };

  const code = search.get('code');
  if (code && !CODE_EXCLUDED.has(pathname)) return { kind: 'wechat', code, state: search.get('state') ?? '', rest };

  const unionId = search.get('unionId');
  if (unionId) {
    const token = search.get('token') || null;
    const rawUserId = search.get('userId');
    const userId = rawUserId && /^[1-9]\d{0,15}$/.test(rawUserId) ? Number(rawUserId) : null;
    let branch: UnionIdBranch;
    if (UNION_ID_EXCLUDED.has(pathname)) branch = 'store-only';
    else if (hasLocalUser) branch = 'continue';
    else if (search.get('isBound') === 'true' && token && userId != null) branch = 'login';
    else branch = 'bind-choice';
    return { kind: 'unionId', unionId, branch, token, userId, rest };
  }
  return null;
}

/**
 * An in-app route from a URL the server answered (`/#/path?x`, `#/path?x` or `/path?x`), or null
 * when it is not one (another origin, `//host`, a backslash): the browser never leaves the site on
 * the strength of an answer.
 */
export function inAppRoute(url: string): string | null {
  let route = url.trim();
  if (route.startsWith('/#/')) route = route.slice(2);
  else if (route.startsWith('#/')) route = route.slice(1);
  else if (/^https?:/i.test(route)) {
    try {
      const u = new URL(route);
      if (u.origin !== window.location.origin || !u.hash.startsWith('#/')) return null;
      route = u.hash.slice(1);
    } catch {
      return null;
    }
  }
  // eslint-disable-next-line no-control-regex -- a route with control characters is refused: browsers drop tabs and newlines inside URLs
  if (!route.startsWith('/') || route[1] === '/' || route[1] === '\\' || /[\u0000-\u001f\u007f\\]/.test(route))
    return null;
  return route;
}

/** The home of the site a route belongs to: the H5 home for H5 routes, else the desktop home. */
export function homeFor(pathname: string): string {
  return pathname.startsWith('/mobileH5') || pathname.startsWith('/mobile/') ? paths.mobile.home : paths.home;
}

/** The login page of the site a route belongs to. */
export function loginFor(pathname: string): string {
  return pathname.startsWith('/mobileH5') || pathname.startsWith('/mobile/')
    ? paths.mobile.login
    : `${paths.loginRegistration}?loginStep=1`;
}

/** True for the login pages of either site, where nobody returns to after logging in. */
export function isLoginPage(route: string): boolean {
  const path = route.split('?')[0] ?? '';
  return path === paths.loginRegistration || path === paths.mobile.login;
}

/**
 * The bind screen for an unbound third-party login that came back to `rest`: on the H5 site
 * bindChoiceWx / bindChoiceMf, on the desktop the desktop bind screen, which returns to `rest` (the
 * home instead of a login page) once bound.
 */
export function bindScreenFor(provider: 'wechat' | 'educube', rest: string): string {
  if (homeFor(rest) === paths.mobile.home)
    return provider === 'wechat' ? paths.mobile.bindChoiceWx : paths.mobile.bindChoiceMf;
  const redirect = isLoginPage(rest) ? paths.home : rest;
  return `${paths.bindAccount}?${new URLSearchParams({ provider, redirect }).toString()}`;
}

/** Where a third-party login that came back to `rest` continues: `rest`, or the site's home for a login page. */
export function afterLogin(rest: string): string {
  return isLoginPage(rest) ? homeFor(rest) : rest;
}
