/**
 * Plain values the contract's schemas are built from (enumerations, labels, codes, sizes) and the
 * activation-code text helpers. No zod here, so web code that needs only these (badges, the code
 * input, permission checks) does not load zod with them.
 */

// ---- accounts ----

/** SMS code purposes; a code is bound to one phone and one purpose. */
/**
 * What an SMS code is for; a code checks only for its own purpose. `guardian` codes go to a pupil's
 * guardian and are sent only through the pupil's session (never the public send); `guardian_access`
 * codes open the guardian page (docs/privacy.md, Guardians).
 */
export const SMS_PURPOSES = ['register', 'login', 'reset', 'bind', 'cancel', 'guardian', 'guardian_access'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Code in `data.code` of the permission check when the user may not enter the platform. */
export const PERMISSION_DENIED_CODE = 40301;

/** Account states an operator can set. */
export const USER_STATUSES = ['active', 'disabled'] as const;

// ---- dictionary ----

/** Dictionary kinds stored in the `dictionary` table. */
export const DICT_KINDS = ['stage', 'subject', 'grade', 'edition', 'publisher', 'volume'] as const;
export type DictKind = (typeof DICT_KINDS)[number];

// ---- textbooks ----

/** Who may read a textbook (or play a video): anyone, logged-in users, or users who activated it. */
export const TEXTBOOK_ACCESS = ['public', 'login', 'activation'] as const;
export type TextbookAccess = (typeof TEXTBOOK_ACCESS)[number];

/** Chinese labels of the access levels, for badges. */
export const TEXTBOOK_ACCESS_LABELS: Record<TextbookAccess, string> = {
  public: '免费阅读',
  login: '登录阅读',
  activation: '激活阅读',
};

/**
 * Chinese labels of a lesson the current user may not play yet (login or activation needed): lessons
 * are watched, not read.
 */
export const VIDEO_LOCK_LABELS: Record<Exclude<TextbookAccess, 'public'>, string> = {
  login: '登录观看',
  activation: '激活观看',
};

/**
 * What a lesson's badge says to the current user: 免费观看 (anyone), 可观看 (they may watch it now),
 * or what they still need (登录观看 / 激活观看), from the server's `canWatch`.
 */
export function videoAccessLabel(v: { access: TextbookAccess; canWatch: boolean }): string {
  if (v.access === 'public') return '免费观看';
  return v.canWatch ? '可观看' : VIDEO_LOCK_LABELS[v.access];
}

/**
 * Activation code alphabet: digits and capitals without the look-alikes 0/O, 1/I/L
 * (31 symbols; 16 of them carry about 79 bits).
 */
export const ACTIVATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Normalises typed input: upper case, without spaces and hyphens (codes are shown as XXXX-XXXX-XXXX-XXXX). */
export function normalizeActivationCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** Formats a 16-character code in groups of four for display and printing. */
export function formatActivationCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * Kinds of a reader mark (docs/reader.md, Marks): 书签 a page, 划线 a passage in a colour, 笔记 a note on
 * a page or a passage.
 */
export const READER_MARK_KINDS = ['bookmark', 'highlight', 'note'] as const;
export type ReaderMarkKind = (typeof READER_MARK_KINDS)[number];

/** Chinese labels of the reader mark kinds (我的笔记, the exports). */
export const READER_MARK_KIND_LABELS: Record<ReaderMarkKind, string> = {
  bookmark: '书签',
  highlight: '划线',
  note: '笔记',
};

/** Colours of a highlight (划线); bookmarks and notes have none. */
export const READER_MARK_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type ReaderMarkColor = (typeof READER_MARK_COLORS)[number];

/** Chinese names of the highlight colours. */
export const READER_MARK_COLOR_LABELS: Record<ReaderMarkColor, string> = {
  yellow: '黄色',
  green: '绿色',
  blue: '蓝色',
  pink: '粉色',
};

/** What a user's 浏览记录 lists: textbooks read, resources previewed, lesson videos played, papers opened. */
export const BROWSE_KINDS = ['textbook', 'resource', 'video', 'paper'] as const;
export type BrowseKind = (typeof BROWSE_KINDS)[number];

/** Chinese labels of the 浏览记录 kinds. */
export const BROWSE_KIND_LABELS: Record<BrowseKind, string> = {
  textbook: '教材',
  resource: '资源',
  video: '视频',
  paper: '试卷',
};

/** The facet dimensions of the catalogue filter bar, in display order. */
export const FACET_DIMENSIONS = ['stage', 'subject', 'edition', 'grade', 'volume', 'publisher'] as const;
export type FacetDimension = (typeof FACET_DIMENSIONS)[number];

/** Most codes one `POST /api/v1/admin/textbooks/{id}/codes` creates (the CLI makes larger batches). */
export const ADMIN_CODES_MAX = 1000;
