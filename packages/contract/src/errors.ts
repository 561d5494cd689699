/**
 * Domain error codes (docs/api.md, Errors). HTTP-status codes are used as numbers; these are the
 * dotted codes for failures a client must tell apart. Each is documented with its HTTP status in
 * docs/api.md, Errors (a test keeps the two in step).
 */
export const ErrorCode = {
  SIGN_INVALID: 'SIGN.INVALID',
  SIGN_EXPIRED: 'SIGN.EXPIRED',
  RATE_LIMITED: 'RATE.LIMITED',
  AUTH_ACCOUNT_DISABLED: 'AUTH.ACCOUNT_DISABLED',
  AUTH_ACCOUNT_CANCELLED: 'AUTH.ACCOUNT_CANCELLED',
  AUTH_CAPTCHA_INVALID: 'AUTH.CAPTCHA_INVALID',
  AUTH_SMS_INVALID: 'AUTH.SMS_INVALID',
  AUTH_SMS_TOO_FREQUENT: 'AUTH.SMS_TOO_FREQUENT',
  AUTH_BAD_CREDENTIALS: 'AUTH.BAD_CREDENTIALS',
  AUTH_LOCKED: 'AUTH.LOCKED',
  AUTH_PHONE_TAKEN: 'AUTH.PHONE_TAKEN',
  AUTH_USERNAME_TAKEN: 'AUTH.USERNAME_TAKEN',
  AUTH_PHONE_NOT_REGISTERED: 'AUTH.PHONE_NOT_REGISTERED',
  AUTH_WEAK_PASSWORD: 'AUTH.WEAK_PASSWORD',
  EDU_ACCOUNT_NOT_BOUND: 'EDU.ACCOUNT_NOT_BOUND',
  FILE_STREAM: 'FILE.STREAM_ABNORMAL',
  FILE_TOO_LARGE: 'FILE.TOO_LARGE',
  FILE_TYPE: 'FILE.UNSUPPORTED_TYPE',
  CODE_INVALID: 'ACTIVATION.CODE_INVALID',
  CODE_USED: 'ACTIVATION.CODE_USED',
  CODE_EXPIRED: 'ACTIVATION.CODE_EXPIRED',
  /** The code belongs to another book than the one the user is activating (data: that book's card). */
  CODE_OTHER_BOOK: 'ACTIVATION.OTHER_BOOK',
  TEXTBOOK_NO_ACCESS: 'TEXTBOOK.NO_ACCESS',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** User-facing messages shared by server and web (Simplified Chinese, shown as-is). */
export const Messages = {
  offline: '请连接网络使用',
  notFoundRequest: '网络请求不存在',
  fileStream: '文件流异常',
  bindPhoneFirst: '请绑定手机号',
  signInvalid: '请求签名无效，请刷新页面后重试',
  signExpired: '请求已过期，请检查设备时间后重试',
  internal: '服务器开小差了，请稍后再试',
  rateLimited: '操作过于频繁，请稍后再试',
  authRequired: '请先登录',
  tokenInvalid: '登录已失效，请重新登录',
  accountDisabled: '账号已被停用，请联系客服',
  accountCancelled: '账号已注销',
} as const;
