/**
 * Schemas of the operator console (docs/console.md): the second factor, the console user, users,
 * the audit log and activation code batches. List queries extend `paginationQuery`; every list has
 * an export twin answering CSV or Excel with the same filters.
 */
import { z } from 'zod';
import { CONSOLE_ROLES, TABLE_EXPORT_FORMATS } from '../console';
import { paginationQuery } from '../envelope';
import { ADMIN_CODES_MAX } from '../vocabulary';
import { plainText } from './common';

const sortOrder = z.enum(['ascend', 'descend']).optional();
const optionalText = (max: number) =>
  plainText(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** `?format=csv|xlsx` of every export. */
export const exportQuery = z.object({
  format: z.enum(TABLE_EXPORT_FORMATS, { message: '导出格式只能是 csv 或 xlsx' }).default('xlsx'),
});

// --- second factor ---

/** `GET /api/v1/console/mfa`: where the session stands. */
export const consoleMfaState = z.object({
  /** The user has confirmed a TOTP enrolment. */
  enrolled: z.boolean(),
  /** This session passed the second factor (and is not idle). */
  verified: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
});
export type ConsoleMfaState = z.infer<typeof consoleMfaState>;

/** `POST /api/v1/console/mfa/enrol`: the secret to add to an authenticator app (shown only until confirmed). */
export const consoleMfaEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** PNG data URL of the QR code of `otpauthUri`. */
  qrDataUrl: z.string(),
});
export type ConsoleMfaEnrolment = z.infer<typeof consoleMfaEnrolment>;

const totpCode = z
  .string({ error: '请输入 6 位动态验证码' })
  .trim()
  .regex(/^\d{6}$/, '请输入 6 位动态验证码');

/** `POST /api/v1/console/mfa/confirm`. */
export const consoleMfaConfirmBody = z.object({ code: totpCode });
export type ConsoleMfaConfirmBody = z.input<typeof consoleMfaConfirmBody>;
/** Answer of the confirmation: the recovery codes, shown once. */
export const consoleRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type ConsoleRecoveryCodes = z.infer<typeof consoleRecoveryCodes>;

/** `POST /api/v1/console/mfa/verify`: a TOTP code or a recovery code. */
export const consoleMfaVerifyBody = z
  .object({
    code: totpCode.optional(),
    recoveryCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{10,24}$/, '恢复码格式不正确')
      .optional(),
  })
  .refine((b) => !!b.code !== !!b.recoveryCode, { message: '请输入动态验证码或恢复码（二选一）' });
export type ConsoleMfaVerifyBody = z.input<typeof consoleMfaVerifyBody>;

// --- console user ---

export const adminMe = z.object({
  userId: z.number().int(),
  userName: z.string(),
  roles: z.array(z.string()),
  /** Keys of CONSOLE_SECTIONS this user may open. */
  sections: z.array(z.string()),
  /** Idle time after which the console session ends, ms. */
  idleTimeoutMs: z.number().int(),
});
export type AdminMe = z.infer<typeof adminMe>;

export const adminOverview = z.object({
  users: z.number().int(),
  lockedUsers: z.number().int(),
  codeBatches: z.number().int(),
  codesIssued: z.number().int(),
  codesRedeemed: z.number().int(),
  auditToday: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverview>;

// --- users ---

export const ADMIN_USER_SORTS = ['id', 'userName', 'createdAt'] as const;
export const adminUsersQuery = paginationQuery.extend({
  /** Phone (digits), user name or real name, partial. */
  q: optionalText(64),
  status: z.enum(['active', 'disabled', 'cancelled']).optional(),
  role: optionalText(32),
  sort: z.enum(ADMIN_USER_SORTS).optional(),
  order: sortOrder,
});
/** As the web builds it (every key optional; the server fills the defaults). */
export type AdminUsersQuery = Partial<z.infer<typeof adminUsersQuery>>;

export const adminUserRow = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** Masked phone (138****0001). */
  phone: z.string().nullable(),
  realName: z.string().nullable(),
  identity: z.string(),
  roles: z.array(z.string()),
  status: z.string(),
  /** Locked by wrong passwords until this instant (ISO), or null. */
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUserDetail = adminUserRow.extend({
  school: z.string().nullable(),
  /** Third-party logins bound to the account: provider and when (never the identifiers' secrets). */
  bindings: z.array(z.object({ provider: z.string(), boundAt: z.string() })),
  activeSessions: z.number().int(),
  /** The console's second factor is enrolled. */
  mfaEnrolled: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminUserRolesBody = z.object({
  roles: z.array(z.enum(CONSOLE_ROLES, { message: '未知的后台角色' })).max(CONSOLE_ROLES.length),
});
export type AdminUserRolesBody = z.input<typeof adminUserRolesBody>;

export const adminBulkStatusBody = z.object({
  userIds: z.array(z.number().int().positive()).min(1, '请选择用户').max(100, '一次最多 100 个用户'),
  status: z.enum(['active', 'disabled'], { message: '状态只能是 active 或 disabled' }),
});
export type AdminBulkStatusBody = z.input<typeof adminBulkStatusBody>;
export const adminBulkResult = z.object({ changed: z.number().int(), skipped: z.number().int() });

// --- audit log ---

const isoInstant = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(Date.parse(s)), '时间格式不正确')
  .optional();

export const adminAuditQuery = paginationQuery.extend({
  /** The operator (user id) or the account concerned. */
  user: z.coerce.number().int().positive('用户编号不正确').optional(),
  event: optionalText(40),
  ip: optionalText(64),
  from: isoInstant,
  to: isoInstant,
  order: sortOrder,
});
/** As the web builds it (every key optional; the server fills the defaults). */
export type AdminAuditQuery = Partial<z.infer<typeof adminAuditQuery>>;

const jsonRecord = z.record(z.string(), z.unknown()).nullable();
export const adminAuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  event: z.string(),
  result: z.string(),
  /** The operator who acted (console writes), or null. */
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  /** The account concerned, or null. */
  userId: z.number().int().nullable(),
  target: z.string().nullable(),
  subject: z.string().nullable(),
  ip: z.string().nullable(),
  before: jsonRecord,
  after: jsonRecord,
  detail: jsonRecord,
});
export type AdminAuditRow = z.infer<typeof adminAuditRow>;

// --- activation code batches ---

export const adminCodeBatchBody = z.object({
  /** Numeric id or externalId of the book. */
  textbook: plainText(128, '教材标识过长').min(1, '请指定教材'),
  count: z
    .number({ error: (iss) => (iss.input === undefined ? '请填写数量' : '数量必须是整数') })
    .int('数量必须是整数')
    .min(1, `数量必须在 1 到 ${ADMIN_CODES_MAX} 之间`)
    .max(ADMIN_CODES_MAX, `数量必须在 1 到 ${ADMIN_CODES_MAX} 之间`),
  /** Last valid day, Beijing time. */
  expiresAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '有效期格式应为 YYYY-MM-DD')
    .optional(),
  name: plainText(64, '批次名不能超过 64 个字').min(1, '请填写批次名'),
  format: z.enum(TABLE_EXPORT_FORMATS, { message: '导出格式只能是 csv 或 xlsx' }).default('xlsx'),
});
export type AdminCodeBatchBody = z.input<typeof adminCodeBatchBody>;

export const adminCodeBatchesQuery = paginationQuery.extend({
  textbook: optionalText(128),
  status: z.enum(['active', 'voided']).optional(),
  sort: z.enum(['createdAt', 'count']).optional(),
  order: sortOrder,
});
/** As the web builds it (every key optional; the server fills the defaults). */
export type AdminCodeBatchesQuery = Partial<z.infer<typeof adminCodeBatchesQuery>>;

export const adminCodeBatchRow = z.object({
  id: z.number().int(),
  name: z.string(),
  textbookId: z.number().int(),
  textbookTitle: z.string(),
  count: z.number().int(),
  redeemed: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  voidedAt: z.string().nullable(),
});
export type AdminCodeBatchRow = z.infer<typeof adminCodeBatchRow>;

export const adminBatchCodesQuery = paginationQuery.extend({
  status: z.enum(['unused', 'redeemed']).optional(),
});
/** As the web builds it (every key optional; the server fills the defaults). */
export type AdminBatchCodesQuery = Partial<z.infer<typeof adminBatchCodesQuery>>;

/** One code of a batch: only a short hash prefix identifies it (codes are stored hashed). */
export const adminBatchCodeRow = z.object({
  id: z.number().int(),
  /** First 8 hex digits of the code's SHA-256. */
  hashPrefix: z.string(),
  redeemedAt: z.string().nullable(),
  redeemedBy: z.string().nullable(),
  redeemedById: z.number().int().nullable(),
});
export type AdminBatchCodeRow = z.infer<typeof adminBatchCodeRow>;
