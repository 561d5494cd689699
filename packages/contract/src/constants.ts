/**
 * Business constants of docs/product.md §9 and the shared client rules of §7-§8.
 * Plain values only: the web entry imports from here, and a zod schema built at module level would
 * pull zod into the first chunk every page loads.
 */

/** Success code in the body of every successful response (docs/api.md, Errors). */
export const OK_CODE = 200;

/** Default and largest `pageSize` of list endpoints (docs/api.md, Pagination). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Platform value sent with login and register payloads (docs/product.md §3, §9). */
export const PLATFORM = 'WEB' as const;

/**
 * The platform's name (header, footer, page title, certificates' issuer, documents' creator): one
 * value for every place that names the platform.
 */
export const PLATFORM_NAME = '之江数字教材服务平台';

/** Platform code of the teaching back-office permission check (docs/product.md §6, §9). */
export const TEACHING_PLATFORM_CODE = 'xh' as const;

/** Toast durations in seconds (docs/product.md §8, §9). */
export const TOAST_SECONDS = { error: 3, httpError: 5, offline: 3 } as const;

/** Delay before the 403 redirect to login, in ms (docs/product.md §4, §9). */
export const FORBIDDEN_REDIRECT_DELAY_MS = 1000;

/** Fixed mobile layout width in CSS px (docs/product.md §2, §9). */
export const MOBILE_LAYOUT_WIDTH = 375;

/** Lazy route chunk time-out in ms (docs/product.md §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Stored keys (docs/product.md §9). */
export const STORAGE_KEYS = {
  user: 'user',
  userInfo: 'userInfo',
  activityCode: 'activityCode',
  tokenCookie: 'token',
  commonNameCookie: 'commonName',
} as const;

/** Role name that makes a user a teacher (docs/product.md §5). */
export const TEACHER_ROLE = 'teacher';

/** Identities a person chooses at registration. */
export const IDENTITIES = ['student', 'teacher'] as const;
export type Identity = (typeof IDENTITIES)[number];
/**
 * Identities an account can hold: the two of the register form plus 家长 (parent), which a person
 * declares on the select-identity screen after a third-party login (docs/identity.md).
 */
export const PROFILE_IDENTITIES = ['student', 'teacher', 'parent'] as const;
export type ProfileIdentity = (typeof PROFILE_IDENTITIES)[number];
/** Chinese names of the identities (学生 / 教师 / 家长): one table for forms, profiles and the console. */
export const PROFILE_IDENTITY_LABELS: Record<ProfileIdentity, string> = {
  student: '学生',
  teacher: '教师',
  parent: '家长',
};
