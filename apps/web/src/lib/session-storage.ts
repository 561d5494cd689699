/**
 * Where the session lives in the browser (docs/product.md §3, §4, §9): local storage `user` (and
 * `userInfo`, the fuller profile), the `token` cookie, and the shared-domain `commonName` cookie
 * that other portals of the same domain read to recognise the user.
 */
import { STORAGE_KEYS } from '@eav/contract';
import Cookies from 'js-cookie';

/** The stored user (docs/product.md §3, User). */
export interface SessionUser {
  userId: number;
  userName: string;
  phone?: string | null;
  token: string;
  roles: string[];
  personId?: string | null;
  zsVerified?: boolean;
  avatar?: string | null;
  identity?: string;
  [extra: string]: unknown;
}

/**
 * Cookie domain for the shared login cookie (docs/product.md §9: `{host}`). Browsers refuse a Domain attribute
 * of `localhost` or an IP address, so none is set there (host-only cookie).
 */
export function cookieDomain(hostname: string = window.location.hostname): string | undefined {
  if (hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  return hostname;
}

/**
 * Attributes of the session cookies on a page at `loc`: site-wide, SameSite=Lax, the shared domain
 * when there is one, and `Secure` on https so that the token never travels over plain http (the
 * flag is left off on http pages, intranet and tests, where a browser would refuse the cookie).
 */
export function cookieOptions(
  loc: Pick<Location, 'hostname' | 'protocol'> = window.location,
): Cookies.CookieAttributes {
  const domain = cookieDomain(loc.hostname);
  return {
    path: '/',
    sameSite: 'lax',
    ...(domain ? { domain } : {}),
    ...(loc.protocol === 'https:' ? { secure: true } : {}),
  };
}

function parseUser(raw: string | null | undefined): SessionUser | null {
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as Partial<SessionUser>;
    if (u && typeof u === 'object' && u.userId != null && typeof u.token === 'string') return u as SessionUser;
  } catch {
    // A damaged value is treated as logged out.
  }
  return null;
}

/** The user at app start: local storage `user`, else the shared cookie `commonName` (docs/product.md §4). */
export function loadStoredUser(): SessionUser | null {
  return parseUser(localStorage.getItem(STORAGE_KEYS.user)) ?? parseUser(Cookies.get(STORAGE_KEYS.commonNameCookie));
}

/** Persists a logged-in user: local storage, token cookie and the shared `commonName` cookie. */
export function storeUser(user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  Cookies.set(STORAGE_KEYS.tokenCookie, user.token, cookieOptions());
  const { userId, userName, token, roles, avatar } = user;
  Cookies.set(
    STORAGE_KEYS.commonNameCookie,
    JSON.stringify({ userId, userName, token, roles, avatar }),
    cookieOptions(),
  );
}

/** Token for the Authorization header: the `token` cookie, else the stored user's (docs/product.md §7). */
export function storedToken(): string {
  return Cookies.get(STORAGE_KEYS.tokenCookie) || loadStoredUser()?.token || '';
}

/** 401 rule (docs/product.md §4): clears the user, the token cookie and the local token and user. */
export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.user);
  Cookies.remove(STORAGE_KEYS.tokenCookie, cookieOptions());
  Cookies.remove(STORAGE_KEYS.tokenCookie, { path: '/' });
}

/** Log-out rule (docs/product.md §4): also clears the user info and the shared-domain login cookie. */
export function clearSession(): void {
  clearToken();
  localStorage.removeItem(STORAGE_KEYS.userInfo);
  Cookies.remove(STORAGE_KEYS.commonNameCookie, cookieOptions());
  Cookies.remove(STORAGE_KEYS.commonNameCookie, { path: '/' });
}

/** Saves the full profile fetched after login or an edit as local `userInfo` (docs/product.md §3, §7). */
export function storeUserInfo(info: object): void {
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
}

/** The saved `userInfo`, or null when absent or damaged. */
export function loadUserInfo<T extends object = Record<string, unknown>>(): T | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.userInfo);
    const v: unknown = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' ? (v as T) : null;
  } catch {
    return null;
  }
}
