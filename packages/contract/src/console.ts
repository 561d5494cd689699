/**
 * The operator console (运营管理后台, docs/console.md): its roles, its sections and which roles open
 * each section. Plain values (no zod): the server's role gate, the `/api/v1/admin/me` answer and the
 * web console's menu all read this one table, so a new section is one line here plus its pages.
 */
import { PROFILE_IDENTITY_LABELS } from './constants';

/** Server role names of the console. `admin` passes every gate and alone manages roles. */
export const CONSOLE_ROLES = ['admin', 'operator', 'reviewer', 'support', 'analyst'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** Chinese labels of the console roles. */
export const CONSOLE_ROLE_LABELS: Record<ConsoleRole, string> = {
  admin: '超级管理员',
  operator: '运营',
  reviewer: '审核',
  support: '客服',
  analyst: '数据',
};

/**
 * The Chinese name of any role a user holds (console roles and the identities 学生 / 教师 / 家长);
 * an unknown role shows as itself.
 */
export function roleLabel(role: string): string {
  if (isConsoleRole(role)) return CONSOLE_ROLE_LABELS[role];
  return (PROFILE_IDENTITY_LABELS as Record<string, string | undefined>)[role] ?? role;
}

/** True when `role` is one of the console roles. */
export function isConsoleRole(role: string): role is ConsoleRole {
  return (CONSOLE_ROLES as readonly string[]).includes(role);
}

/**
 * Roles of each group of console work (besides `admin`, which passes everything). Routes declare
 * `config: { roles: CONSOLE_ACCESS.x }`.
 */
export const CONSOLE_ACCESS = {
  /** Any console role: the home page and `/admin/me`. */
  any: CONSOLE_ROLES,
  /** Content: activation codes, catalogue import, banners, activities, question bank import. */
  content: ['admin', 'operator'],
  /** Resource review and errata. */
  review: ['admin', 'reviewer'],
  /** 出版管理: errata (review) and announcements and printings (content) share one section. */
  publishing: ['admin', 'operator', 'reviewer'],
  /** User look-up, unlocking, ending sessions, chat. */
  support: ['admin', 'support'],
  /** Read-only dashboards (大数据中心). */
  analytics: ['admin', 'analyst'],
  /** Roles, disabling accounts, platforms, the audit log. */
  admin: ['admin'],
} as const satisfies Record<string, readonly ConsoleRole[]>;

/** A section of the console's side menu. */
export interface ConsoleSection {
  /** Stable key; also the last part of the web path `/admin/<key>` (the home page is `overview`). */
  key: string;
  label: string;
  roles: readonly ConsoleRole[];
}

/**
 * The sections, in menu order; a section is one line here. 出版管理 opens to operators and reviewers:
 * its 勘误 tab is review work (`CONSOLE_ACCESS.review`), 出版动态 and 印次 are content work
 * (`CONSOLE_ACCESS.content`), and each tab shows only to the roles its endpoints accept.
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { key: 'overview', label: '概览', roles: CONSOLE_ACCESS.any },
  { key: 'users', label: '用户', roles: CONSOLE_ACCESS.support },
  { key: 'codes', label: '激活码', roles: CONSOLE_ACCESS.content },
  { key: 'catalogue', label: '目录导入', roles: CONSOLE_ACCESS.content },
  { key: 'question-import', label: '题库导入', roles: CONSOLE_ACCESS.content },
  { key: 'banners', label: '轮播图', roles: CONSOLE_ACCESS.content },
  { key: 'activities', label: '活动', roles: CONSOLE_ACCESS.content },
  { key: 'training', label: '研修课程', roles: CONSOLE_ACCESS.content },
  { key: 'review', label: '资源审核', roles: CONSOLE_ACCESS.review },
  { key: 'publishing', label: '出版管理', roles: CONSOLE_ACCESS.publishing },
  { key: 'chat', label: '在线客服', roles: CONSOLE_ACCESS.support },
  { key: 'audit', label: '审计日志', roles: CONSOLE_ACCESS.admin },
];

/** Keys of the sections a user with `roles` may open (`admin` opens all). */
export function consoleSectionsFor(roles: readonly string[]): string[] {
  return CONSOLE_SECTIONS.filter((s) => roles.includes('admin') || s.roles.some((r) => roles.includes(r))).map(
    (s) => s.key,
  );
}

/** Idle time after which a session with console access ends (server-enforced), ms. */
export const CONSOLE_IDLE_MS = 30 * 60_000;
/** Recovery codes issued at TOTP enrolment. */
export const CONSOLE_RECOVERY_CODES = 10;
/** Most rows one table export holds. */
export const CONSOLE_EXPORT_MAX_ROWS = 10_000;
/** File formats of table exports. */
export const TABLE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TableExportFormat = (typeof TABLE_EXPORT_FORMATS)[number];
