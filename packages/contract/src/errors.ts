/**
 * Domain error codes (docs/api.md, Errors). HTTP-status codes are used as numbers; these are the
 * dotted codes for failures a client must tell apart. Each is documented with its HTTP status in
 * docs/api.md, Errors (a test keeps the two in step).
 */
import { LIMITS } from './limits';

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
  /** The user has not accepted the current 《用户服务协议》/《隐私政策》 (docs/privacy.md). */
  AUTH_CONSENT_REQUIRED: 'AUTH.CONSENT_REQUIRED',
  /** A pupil under 14 without a guardian's consent may only browse (docs/privacy.md, Guardians). */
  AUTH_GUARDIAN_REQUIRED: 'AUTH.GUARDIAN_REQUIRED',
  EDU_ACCOUNT_NOT_BOUND: 'EDU.ACCOUNT_NOT_BOUND',
  /** The external identity is bound to another portal account (docs/identity.md). */
  BIND_ALREADY_BOUND: 'BIND.ALREADY_BOUND',
  /** Unbinding would leave the account without a way to log in. */
  BIND_LAST_METHOD: 'BIND.LAST_METHOD',
  /** Bad, missing, replayed or expired OAuth state, code or ticket. */
  OAUTH_INVALID: 'OAUTH.INVALID',
  FILE_STREAM: 'FILE.STREAM_ABNORMAL',
  FILE_TOO_LARGE: 'FILE.TOO_LARGE',
  FILE_TYPE: 'FILE.UNSUPPORTED_TYPE',
  CODE_INVALID: 'ACTIVATION.CODE_INVALID',
  CODE_USED: 'ACTIVATION.CODE_USED',
  CODE_EXPIRED: 'ACTIVATION.CODE_EXPIRED',
  /** The code belongs to another book than the one the user is activating (data: that book's card). */
  CODE_OTHER_BOOK: 'ACTIVATION.OTHER_BOOK',
  TEXTBOOK_NO_ACCESS: 'TEXTBOOK.NO_ACCESS',
  /** The basket (试题篮) already holds the most questions allowed. */
  QUESTION_BASKET_FULL: 'QUESTION.BASKET_FULL',
  /** A composed paper is refused: too many questions or papers, a question twice, or an unknown question. */
  QUESTION_PAPER_INVALID: 'QUESTION.PAPER_INVALID',
  /** The activity has not started, has ended or is not published (docs/prize.md). */
  PRIZE_NOT_RUNNING: 'PRIZE.NOT_RUNNING',
  /** The book is not one of the activity's recommended books. */
  PRIZE_BOOK_NOT_RECOMMENDED: 'PRIZE.BOOK_NOT_RECOMMENDED',
  /** Not enough points for a draw. */
  PRIZE_POINTS_INSUFFICIENT: 'PRIZE.POINTS_INSUFFICIENT',
  /** The user has won the most prizes the activity allows. */
  PRIZE_LIMIT_REACHED: 'PRIZE.LIMIT_REACHED',
  /** The drawn prize and the fallback prize have run out; no points were spent. */
  PRIZE_SOLD_OUT: 'PRIZE.SOLD_OUT',
  /** The activity has started: its definition can no longer change. */
  PRIZE_ACTIVITY_STARTED: 'PRIZE.ACTIVITY_STARTED',
  /** The user may not open or download the resource; data.need is login or activation. */
  RESOURCE_NO_ACCESS: 'RESOURCE.NO_ACCESS',
  /** The resource was reviewed already (review is single-use). */
  RESOURCE_REVIEWED: 'RESOURCE.REVIEWED',
  /** Unknown join code, joining closed, or the class archived. */
  TEACHING_CODE_INVALID: 'TEACHING.CODE_INVALID',
  /** A count limit: classes of a teacher or student, members of a class. */
  TEACHING_LIMIT: 'TEACHING.LIMIT',
  /** The assignment is past due and late work is not allowed. */
  TEACHING_CLOSED: 'TEACHING.CLOSED',
  /** The work was submitted and is not returned for correction: answers can no longer change. */
  TEACHING_SUBMITTED: 'TEACHING.SUBMITTED',
  /** The class is archived: read-only. */
  TEACHING_ARCHIVED: 'TEACHING.ARCHIVED',
  /** The user keeps the most reader marks allowed in this book (LIMITS.readerMarks.perBook). */
  READER_MARKS_FULL: 'READER.MARKS_FULL',
  /** A console call on a session without a verified second factor (docs/console.md). */
  CONSOLE_MFA_REQUIRED: 'CONSOLE.MFA_REQUIRED',
  /** A wrong, expired or replayed TOTP code, or an unknown or used recovery code. */
  CONSOLE_MFA_INVALID: 'CONSOLE.MFA_INVALID',
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
  /** A database or cache outage: the request can be repeated shortly. */
  unavailable: '服务繁忙，请稍后再试',
  rateLimited: '操作过于频繁，请稍后再试',
  authRequired: '请先登录',
  tokenInvalid: '登录已失效，请重新登录',
  accountDisabled: '账号已被停用，请联系客服',
  accountCancelled: '账号已注销',
  accountNotBound: '该账号尚未绑定平台账号',
  /** AUTH.GUARDIAN_REQUIRED: every write of a pupil under 14 awaiting a guardian's consent. */
  guardianRequired: '你未满 14 周岁，需监护人同意后才能使用此功能。请家长通过短信验证完成监护人同意。',
  chatEmpty: '请输入消息内容',
  chatTooLong: '消息不能超过 500 个字',
  chatTooFrequent: '发送过于频繁，请稍后再试',
  chatClosedHours: '当前为非服务时间，您的留言已收到，客服将在服务时间内回复',
  /** READER.MARKS_FULL: a new bookmark, highlight or note in a book that holds the most allowed. */
  readerMarksFull: `本书的书签、划线和笔记已达 ${LIMITS.readerMarks.perBook} 条上限，请删除一些后再添加`,
  readerNoteTooLong: `笔记不能超过 ${LIMITS.readerMarks.noteMax} 个字`,
  readerQuoteTooLong: `划线文字不能超过 ${LIMITS.readerMarks.quoteMax} 个字`,
  /** An unknown mark id, one of another book, or another user's mark (hidden as unknown). */
  readerMarkNotFound: '书签、划线或笔记不存在',
  /** A mark on a page past the book's page count. */
  readerMarkPage: '页码超出了本书的页数',
  readerMarksExportTooMany: `笔记超过 ${LIMITS.readerMarks.exportMax} 条，请按教材或类型筛选后分别导出`,
} as const;
