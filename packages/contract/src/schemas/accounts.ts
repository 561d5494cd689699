/**
 * Accounts API: request bodies, query strings and response `data` shapes shared by the
 * server routes and the web forms. Field limits come from LIMITS so both sides refuse the same input.
 * Rules enforced only on the server (common-password list, SMS send limits, lockout) are noted.
 */
import { z } from 'zod';
import { SMS_PURPOSES, USER_STATUSES } from '../vocabulary';
import { IDENTITIES, PLATFORM, PROFILE_IDENTITIES } from '../constants';
import { LIMITS } from '../limits';
import { GuardianMessages } from '../guardian';
import { birthYearField, consentVersionField } from './consent';
import { CONTROL_CHARS_MESSAGE, idField, isPlainText, plainText, safeLink } from './common';

export const phoneField = z.string().trim().regex(LIMITS.phone.pattern, LIMITS.phone.message);
export const smsCodeField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.smsCode.length}}$`), `请输入 ${LIMITS.smsCode.length} 位短信验证码`);
/**
 * The flow ticket the send answer gives (`smsTicket`): the verifying call presents it with the code,
 * so that only guesses made within the flow that asked for the code count against it (ADR 004).
 */
export const smsTicketField = z
  .string({ message: '请先获取短信验证码' })
  .regex(/^[1-9]\d{0,14}\.[A-Za-z0-9_-]{43}$/, '短信验证码已失效，请重新获取');
export const captchaKeyField = z
  .string()
  .min(LIMITS.captchaKey.min, '图形验证码标识无效')
  .max(LIMITS.captchaKey.max, '图形验证码标识无效')
  .regex(/^[A-Za-z0-9_-]+$/, '图形验证码标识无效');
export const captchaCodeField = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{${LIMITS.captchaCode.length}}$`), `请输入 ${LIMITS.captchaCode.length} 位图形验证码`);
export const userNameField = z
  .string()
  .trim()
  .min(LIMITS.userName.min, LIMITS.userName.message)
  .max(LIMITS.userName.max, LIMITS.userName.message)
  .regex(LIMITS.userName.pattern, LIMITS.userName.message)
  // A user name that looks like a phone number would make "account" logins ambiguous.
  .refine((v) => !/^\d+$/.test(v), '用户名不能为纯数字');

/**
 * A new password (register, reset, change): length and composition of LIMITS.password.
 * The server also refuses common passwords and ones containing the phone number (ADR 004).
 */
export const newPasswordField = z
  .string()
  .min(LIMITS.password.min, LIMITS.password.message)
  .max(LIMITS.password.max, LIMITS.password.message)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), LIMITS.password.message)
  .refine((v) => !/\s/.test(v), '密码不能包含空格')
  .refine(isPlainText, `密码${CONTROL_CHARS_MESSAGE}`);
/** A password being checked (login, old password): only bounded, never policy-checked. */
export const passwordField = z.string().min(1, '请输入密码').max(LIMITS.password.max, '密码不正确');

export const identityField = z.enum(IDENTITIES, { message: '请选择身份（学生或教师）' });
export const platformField = z.literal(PLATFORM, { message: '平台参数必须为 WEB' }).default(PLATFORM);

// ---- captcha and SMS ----

/** `GET /api/v{1,2}/pub/user/verificationCode?key=K` → image/png. */
export const captchaQuery = z.object({ key: captchaKeyField });

/** `GET /api/v1/pub/user/check/mobile?phone=P`. */
export const checkMobileQuery = z.object({ phone: phoneField });
export const checkMobileData = z.object({ registered: z.boolean() });
export type CheckMobileData = z.infer<typeof checkMobileData>;

/** `GET /api/v{1,2}/pub/user/mobile/code`: needs a valid image captcha. */
export const smsCodeQuery = z.object({
  phone: phoneField,
  purpose: z.enum(SMS_PURPOSES, { message: '验证码用途无效' }),
  captchaKey: captchaKeyField,
  captchaCode: captchaCodeField,
});
export type SmsCodeQuery = z.infer<typeof smsCodeQuery>;
/**
 * Seconds until the code expires and until the next send is allowed (for the countdown), and the
 * flow ticket to send back with the code.
 */
export const smsCodeData = z.object({ expiresIn: z.number().int(), resendIn: z.number().int(), smsTicket: z.string() });
export type SmsCodeData = z.infer<typeof smsCodeData>;

// ---- register, login, logout, password ----

/** `POST /api/v1/pub/user`. */
export const registerBody = z
  .object({
    phone: phoneField,
    smsCode: smsCodeField,
    smsTicket: smsTicketField.optional(),
    password: newPasswordField,
    userName: userNameField,
    identity: identityField.default('student'),
    /** The version of 《用户服务协议》/《隐私政策》 the user ticked (POLICY_VERSION), else 400. */
    consentVersion: consentVersionField,
    /** Students only, and required of them (docs/privacy.md, Guardians); teachers send none. */
    birthYear: birthYearField.optional(),
    platform: platformField,
  })
  .refine((b) => b.identity !== 'student' || b.birthYear !== undefined, {
    message: GuardianMessages.birthYear,
    path: ['birthYear'],
  });
export type RegisterBody = z.input<typeof registerBody>;

/** `POST /api/v1/pub/login` by account (phone or user name), password and image captcha. */
export const passwordLoginBody = z.object({
  account: plainText(64, '账号不正确').min(1, '请输入手机号或用户名'),
  password: passwordField,
  captchaKey: captchaKeyField,
  captchaCode: captchaCodeField,
  platform: platformField,
});
export type PasswordLoginBody = z.input<typeof passwordLoginBody>;
/** `POST /api/v1/pub/login` by phone and SMS code (purpose `login`). */
export const smsLoginBody = z.object({
  phone: phoneField,
  smsCode: smsCodeField,
  smsTicket: smsTicketField.optional(),
  platform: platformField,
});
export type SmsLoginBody = z.input<typeof smsLoginBody>;
export const loginBody = z.union([passwordLoginBody, smsLoginBody]);
export type LoginBody = z.input<typeof loginBody>;

/** The logged-in user as login and register answer it (docs/product.md §3: the stored `user`). */
export const loginData = z.object({
  userId: z.number().int(),
  token: z.string(),
  userName: z.string(),
  /** Same as userName (the spec says the user name is also seen as `name`). */
  name: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  avatar: z.string().nullable(),
  identity: z.enum(PROFILE_IDENTITIES),
  personId: z.string().nullable(),
  zsVerified: z.boolean(),
  /** Whether the profile is complete (`POST /api/v1/user/complete`). */
  completed: z.boolean(),
  /** True when the user has not consented to the current 《用户服务协议》/《隐私政策》: ask before going on. */
  consentRequired: z.boolean(),
  /** True for a pupil under 14 awaiting a guardian's consent: the account may only browse (docs/privacy.md). */
  guardianRequired: z.boolean(),
  /** ISO time the token expires if unused (it slides on use). */
  expiresAt: z.string(),
});
export type LoginData = z.infer<typeof loginData>;

/** `POST /api/v1/pub/user/restPassword`: ends every session of the user. */
export const resetPasswordBody = z.object({
  phone: phoneField,
  smsCode: smsCodeField,
  smsTicket: smsTicketField.optional(),
  password: newPasswordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** `PUT /api/v1/users/{userId}/password`: ends the user's other sessions. */
export const changePasswordBody = z.object({ oldPassword: passwordField, newPassword: newPasswordField });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

// ---- profile ----

/** `GET /api/v1/users/{userId}` (owner only). */
export const userProfile = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  identity: z.enum(PROFILE_IDENTITIES),
  roles: z.array(z.string()),
  realName: z.string().nullable(),
  school: z.string().nullable(),
  region: z.string().nullable(),
  stageId: z.number().int().nullable(),
  stageName: z.string().nullable(),
  gradeId: z.number().int().nullable(),
  gradeName: z.string().nullable(),
  subjectId: z.number().int().nullable(),
  subjectName: z.string().nullable(),
  personId: z.string().nullable(),
  zsVerified: z.boolean(),
  completed: z.boolean(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/**
 * `POST /api/v1/user/complete`: the profile form. Students give a grade, teachers a subject;
 * the grade must belong to the stage and the subject must be taught in it (checked on the server).
 */
export const completeProfileBody = z.object({
  userName: userNameField.optional(),
  realName: plainText(LIMITS.realName.max, `姓名最多 ${LIMITS.realName.max} 个字`).min(1, '请输入真实姓名'),
  school: plainText(LIMITS.school.max, `学校名称最多 ${LIMITS.school.max} 个字`).min(1, '请输入学校'),
  region: plainText(LIMITS.region.max, `地区最多 ${LIMITS.region.max} 个字`).min(1, '请选择地区'),
  stageId: idField('请选择学段'),
  gradeId: idField('请选择年级').nullable().optional(),
  subjectId: idField('请选择学科').nullable().optional(),
});
export type CompleteProfileBody = z.input<typeof completeProfileBody>;

/** `GET /api/v1/users/{userId}/completed`: `missing` names the fields still to fill. */
export const completedData = z.object({ completed: z.boolean(), missing: z.array(z.string()) });
export type CompletedData = z.infer<typeof completedData>;

/** `GET /api/v2/userConfig`: the user's settings and what the UI may offer. */
export const userConfigData = z.object({
  userId: z.number().int(),
  identity: z.enum(PROFILE_IDENTITIES),
  roles: z.array(z.string()),
  isTeacher: z.boolean(),
  completed: z.boolean(),
  /** Platform codes granted to the user (e.g. `xh`, the teaching back-office). */
  platforms: z.array(z.string()),
  /** Free-form per-user settings (activeConfig and the like). */
  settings: z.record(z.string(), z.unknown()),
});
export type UserConfigData = z.infer<typeof userConfigData>;

// ---- files and avatar ----

/** `POST /api/v{1,2}/files/uploadFile` (multipart field `file`) → the stored, re-encoded image. */
export const uploadFileData = z.object({
  fileId: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type UploadFileData = z.infer<typeof uploadFileData>;

/** `POST /api/v1/users/{userId}/avatars`. */
export const setAvatarBody = z.object({ fileId: z.string().uuid('文件标识无效') });
export type SetAvatarBody = z.input<typeof setAvatarBody>;
export const avatarData = z.object({ avatar: z.string() });
export type AvatarData = z.infer<typeof avatarData>;

// ---- cancellation ----

/** `POST /api/v1/pub/client/cancel`: confirmed by an SMS code (purpose `cancel`) or the password. */
export const cancelAccountBody = z
  .object({
    smsCode: smsCodeField.optional(),
    smsTicket: smsTicketField.optional(),
    password: passwordField.optional(),
  })
  .refine((b) => (b.smsCode ? 1 : 0) + (b.password ? 1 : 0) === 1, {
    message: '请输入短信验证码或登录密码以确认注销',
    path: ['smsCode'],
  });
export type CancelAccountBody = z.input<typeof cancelAccountBody>;

// ---- teaching back-office permission ----

/** Platform code path segment (e.g. `xh`). */
export const platformCodeField = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, '平台编码无效');
/**
 * `GET /api/v1/users/{userId}/{platformCode}`: HTTP 200 in both cases; `data.code` is 200 with
 * `autoAddress` when allowed, PERMISSION_DENIED_CODE otherwise (the web reads data.code).
 */
export const permissionData = z.object({
  code: z.number().int(),
  msg: z.string(),
  autoAddress: z.string().nullable(),
});
export type PermissionData = z.infer<typeof permissionData>;

// ---- operator endpoints (role `admin`) ----

/** `PUT /api/v1/admin/users/{userId}/status`. */
export const userStatusBody = z.object({ status: z.enum(USER_STATUSES, { message: '状态只能是 active 或 disabled' }) });
export type UserStatusBody = z.input<typeof userStatusBody>;
/** `POST /api/v1/admin/users/{userId}/platforms`. */
export const grantPlatformBody = z.object({
  platformCode: platformCodeField,
  /** Opened by the web in a new window: an https:// URL (or an in-app path), never javascript: or data:. */
  autoAddress: safeLink,
});
export type GrantPlatformBody = z.input<typeof grantPlatformBody>;
export const adminUserData = z.object({ userId: z.number().int(), status: z.string(), platforms: z.array(z.string()) });
export type AdminUserData = z.infer<typeof adminUserData>;
