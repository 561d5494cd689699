/**
 * Prize reading activity (有奖阅读活动, docs/prize.md): the running activity and its countdown, the
 * recommended books, reading heartbeats, points (积分), the ranking, prize groups and draws, and the
 * operators' activity definition (`npm run activity:create -- <activity.json>` and
 * `POST /api/v1/admin/prize/activities`). Times are ISO 8601 with offset (`+08:00`), durations are
 * seconds, points are integers. Request schemas coerce query strings, so the server validates with
 * them and the web client builds typed requests from the same definitions.
 */
import { z } from 'zod';
import { idField, idQueryField, isPlainText, jsonInt, plainText, safeLink } from './common';
import { textbookListItem } from './textbooks';

/** Letters, digits, `_` and `-`, 1–64 characters: it travels in URLs and local storage. */
export const ACTIVITY_CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;
const ACTIVITY_CODE_MESSAGE = '活动编码只能包含字母、数字、下划线和短横线，最多 64 位';

/** An activity code (`activityCode` query, `{code}` path segment, definition `code`). */
export const activityCode = z
  .string({ error: '请指定活动编码' })
  .trim()
  .min(1, '请指定活动编码')
  .regex(ACTIVITY_CODE_RE, ACTIVITY_CODE_MESSAGE);

/** upcoming: before `startAt`; running: `startAt` ≤ now < `endAt`; ended: from `endAt` on. */
export const ACTIVITY_STATUS = ['upcoming', 'running', 'ended'] as const;
export const activityStatus = z.enum(ACTIVITY_STATUS);
export type ActivityStatus = z.infer<typeof activityStatus>;

/** Points of the activity's tasks besides reading time. */
export const taskPoints = z.object({
  /** First activation of a recommended book during the activity (once per book). */
  activation: z.number().int(),
  /** Reading a recommended book to its last page during the activity (once per book). */
  finishBook: z.number().int(),
});
export type TaskPoints = z.infer<typeof taskPoints>;

/**
 * `GET /prize/api/v1/activity/current` (the running activity or `null`) and
 * `GET /prize/api/v1/activity?activityCode=`. Time the countdown from `serverTime`, never from the
 * device clock: `endAt - serverTime` is the time left when the answer was made.
 */
export const prizeActivity = z.object({
  activityCode: z.string(),
  title: z.string(),
  /** Rules in Markdown (render as text, never as raw HTML). */
  rules: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** The server's clock when it answered. */
  serverTime: z.string(),
  status: activityStatus,
  /** Banner image (https URL or in-app path), or null for the generated default. */
  bannerImage: z.string().nullable(),
  /** Reading seconds credited per user per day (all books together). */
  dailyCapSeconds: z.number().int(),
  /** Reading seconds credited per user per day for one book. */
  perBookCapSeconds: z.number().int(),
  /** Points per full minute of credited reading time. */
  pointsPerMinute: z.number().int(),
  taskPoints,
  /** Points one draw costs. */
  drawCost: z.number().int(),
  /** Prizes one user may win in the activity. */
  perUserPrizeLimit: z.number().int(),
  /** Recommended books of the activity. */
  bookCount: z.number().int(),
});
export type PrizeActivity = z.infer<typeof prizeActivity>;

/** `GET /prize/api/v1/activity?activityCode=`. */
export const activityQuery = z.object({ activityCode });
/** `{code}` of `/prize/api/v1/activity/{code}/recommendBook`. */
export const activityCodeParams = z.object({ code: activityCode });

/** `GET /prize/api/v1/activity/{code}/recommendBook`: catalogue cards, in the activity's order. */
export const recommendBooks = z.array(textbookListItem);

/** `{userId}` of the heartbeat and points paths (the logged-in user's own id, else 404). */
export const prizeUserParams = z.object({ userId: idField('用户编号无效') });

/** Opaque id of one reading page instance (a tab, a phone): 8–64 letters, digits, `_` or `-`. */
export const readingSessionId = z
  .string({ error: '缺少阅读会话编号' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '阅读会话编号格式不正确');

/**
 * `GET /prize/api/v1/action/{userId}/heartbeat?activityCode&textbookId&sessionId`: sent every
 * `HEARTBEAT_INTERVAL_SECONDS` while a recommended book (or one of its lesson videos) is open and
 * the page is visible.
 */
export const heartbeatQuery = z.object({
  activityCode,
  textbookId: idField('请指定教材'),
  sessionId: readingSessionId,
});
export type HeartbeatQuery = z.infer<typeof heartbeatQuery>;

/** How often the reader sends a heartbeat. */
export const HEARTBEAT_INTERVAL_SECONDS = 30;
/** Longest gap between two heartbeats of a session that is still credited. */
export const HEARTBEAT_MAX_GAP_SECONDS = 60;

export const heartbeatResult = z.object({
  /** Reading seconds credited today (Beijing day), all books. */
  secondsToday: z.number().int(),
  /** Reading seconds credited today for this book. */
  bookSecondsToday: z.number().int(),
  /** Seconds this heartbeat credited. */
  creditedSeconds: z.number().int(),
  /** Points earned in the activity (the ranking's score). */
  points: z.number().int(),
  /** Points left to spend on draws. */
  available: z.number().int(),
  /** False when another reading session of the user took over: this one earns nothing. */
  active: z.boolean(),
  serverTime: z.string(),
});
export type HeartbeatResult = z.infer<typeof heartbeatResult>;

/** Why points moved: reading time, a task, or a draw (negative). */
export const LEDGER_REASONS = ['reading', 'activation', 'finishBook', 'draw'] as const;
export const ledgerReason = z.enum(LEDGER_REASONS);
export type LedgerReason = z.infer<typeof ledgerReason>;

/** One line of the points statement; reading points are summed per day. */
export const ledgerEntry = z.object({
  reason: ledgerReason,
  /** The day (`2026-11-23`, reading), the book title (tasks) or the prize name (draws). */
  detail: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** `GET /prize/api/v1/integral/userId/{userId}/get?activityCode=` (current activity when omitted). */
export const integralQuery = z.object({ activityCode: activityCode.optional() });
export const integralResult = z.object({
  activityCode: z.string(),
  /** Points earned (never lowered by draws). */
  total: z.number().int(),
  /** Points left to spend. */
  available: z.number().int(),
  /** Newest first, at most 100 lines. */
  ledger: z.array(ledgerEntry),
});
export type IntegralResult = z.infer<typeof integralResult>;

/** `GET /prize/api/v1/rank/user?activityCode&userId`: `userId`, when given, must be the caller's. */
export const rankQuery = z.object({ activityCode, userId: idQueryField('用户编号无效') });
export const rankEntry = z.object({
  rank: z.number().int(),
  /** Masked name (张*明). */
  name: z.string(),
  points: z.number().int(),
  isMe: z.boolean(),
});
export type RankEntry = z.infer<typeof rankEntry>;
export const RANK_TOP = 50;
export const rankResult = z.object({
  activityCode: z.string(),
  /** The activity has ended: the ranking no longer changes. */
  frozen: z.boolean(),
  participants: z.number().int(),
  /** The caller's row (rank null before earning any point), or null when logged out. */
  me: z.object({ rank: z.number().int().nullable(), points: z.number().int(), name: z.string() }).nullable(),
  /** The first RANK_TOP; equal points rank whoever reached them first higher. */
  top: z.array(rankEntry),
});
export type RankResult = z.infer<typeof rankResult>;

/** A prize group as published with the rules. */
export const prizeGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Published quantity. */
  quantity: z.number().int(),
  /** Quantity left. */
  left: z.number().int(),
  /** Published weight; the chance of drawing the group is weight / totalWeight. */
  weight: z.number().int(),
  /** Awarded instead when the drawn group has run out. */
  fallback: z.boolean(),
});
export type PrizeGroup = z.infer<typeof prizeGroup>;

/** `GET /prize/api/v1/prizeGroup?activityCode`. */
export const prizeGroupQuery = z.object({ activityCode });
export const prizeGroupsResult = z.object({
  activityCode: z.string(),
  drawCost: z.number().int(),
  perUserPrizeLimit: z.number().int(),
  totalWeight: z.number().int(),
  groups: z.array(prizeGroup),
  /** Draws the caller has left under the per-user limit; null when logged out. */
  myDrawsLeft: z.number().int().nullable(),
});
export type PrizeGroupsResult = z.infer<typeof prizeGroupsResult>;

/** `POST /prize/api/v1/prizeGroup/draw`. `requestId` makes a retried draw answer the first result. */
export const drawBody = z.object({
  activityCode,
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号格式不正确')
    .optional(),
});
export type DrawBody = z.input<typeof drawBody>;

/** A prize the user won. */
export const myPrize = z.object({
  drawId: z.number().int(),
  groupId: z.number().int(),
  name: z.string(),
  /** The drawn group had run out and the fallback group was awarded. */
  fallback: z.boolean(),
  drawnAt: z.string(),
});
export type MyPrize = z.infer<typeof myPrize>;

export const drawResult = z.object({
  prize: myPrize,
  pointsSpent: z.number().int(),
  /** Points left after the draw. */
  available: z.number().int(),
  drawsLeft: z.number().int(),
});
export type DrawResult = z.infer<typeof drawResult>;

/** `GET /prize/api/v1/prizeGroup/mine?activityCode`: newest first. */
export const myPrizesQuery = z.object({ activityCode });
export const myPrizes = z.array(myPrize);

// ---- operators ----

const instant = z.iso.datetime({ offset: true, error: '时间格式应为 ISO 8601，例如 2026-11-23T09:00:00+08:00' });
const count = (max: number, message: string) => jsonInt(0, max, message);
/** Longest activity: the ranking encodes reach times in seconds since the start (docs/prize.md). */
export const ACTIVITY_MAX_DAYS = 366;

/** An activity definition (the file of `npm run activity:create` and the admin call's body). */
export const activityDefinition = z
  .object({
    code: activityCode,
    title: plainText(60, '活动名称不能超过 60 个字').min(1, '请输入活动名称'),
    rules: z
      .string({ error: '请输入活动规则' })
      .trim()
      .min(1, '请输入活动规则')
      .max(20000, '活动规则不能超过 20000 个字')
      .refine(isPlainText, '活动规则不能包含控制字符'),
    startAt: instant,
    endAt: instant,
    bannerImage: safeLink.nullable().optional(),
    books: z
      .array(plainText(128, '教材编号不能超过 128 个字').min(1, '教材编号不能为空'), { error: '请列出推荐教材' })
      .min(1, '请至少推荐一本教材')
      .max(200, '推荐教材最多 200 本'),
    dailyCapSeconds: count(86400, '每日时长上限必须是 0 到 86400 之间的整数（秒）'),
    perBookCapSeconds: count(86400, '单本时长上限必须是 0 到 86400 之间的整数（秒）'),
    pointsPerMinute: count(1000, '每分钟积分必须是 0 到 1000 之间的整数'),
    taskPoints: z
      .object({
        activation: count(100000, '激活积分必须是 0 到 100000 之间的整数'),
        finishBook: count(100000, '读完积分必须是 0 到 100000 之间的整数'),
      })
      .optional(),
    drawCost: jsonInt(1, 1_000_000, '每次抽奖消耗的积分必须是 1 到 1000000 之间的整数'),
    perUserPrizeLimit: jsonInt(1, 1000, '每人中奖次数上限必须是 1 到 1000 之间的整数'),
    prizeGroups: z
      .array(
        z.object({
          name: plainText(40, '奖项名称不能超过 40 个字').min(1, '请输入奖项名称'),
          quantity: count(1_000_000, '奖品数量必须是 0 到 1000000 之间的整数'),
          weight: jsonInt(0, 1_000_000, '权重必须是 0 到 1000000 之间的整数'),
          fallback: z.boolean().optional(),
        }),
        { error: '请设置奖项' },
      )
      .min(1, '请至少设置一个奖项')
      .max(20, '奖项最多 20 个'),
    /** Unpublished activities are never current and are hidden from users. */
    published: z.boolean().optional(),
  })
  .refine((d) => Date.parse(d.startAt) < Date.parse(d.endAt), { message: '结束时间必须晚于开始时间', path: ['endAt'] })
  .refine((d) => Date.parse(d.endAt) - Date.parse(d.startAt) <= ACTIVITY_MAX_DAYS * 86400_000, {
    message: `活动时长不能超过 ${ACTIVITY_MAX_DAYS} 天`,
    path: ['endAt'],
  })
  .refine((d) => d.prizeGroups.filter((g) => g.fallback).length <= 1, {
    message: '最多只能有一个兜底奖项',
    path: ['prizeGroups'],
  })
  .refine((d) => d.prizeGroups.some((g) => g.weight > 0), {
    message: '至少一个奖项的权重大于 0',
    path: ['prizeGroups'],
  })
  .refine((d) => new Set(d.books.map((b) => b.trim())).size === d.books.length, {
    message: '推荐教材不能重复',
    path: ['books'],
  });
export type ActivityDefinition = z.input<typeof activityDefinition>;

/** What operators see of an activity (`GET`/`POST /api/v1/admin/prize/activities`). */
export const adminActivity = prizeActivity.extend({
  id: z.number().int(),
  published: z.boolean(),
  /** externalIds of the recommended books, in order. */
  books: z.array(z.string()),
  prizeGroups: z.array(prizeGroup),
  participants: z.number().int(),
});
export type AdminActivity = z.infer<typeof adminActivity>;

/** One audit line of a draw (`GET /api/v1/admin/prize/activities/{code}/draws`). */
export const drawAudit = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  drawnGroupId: z.number().int(),
  awardedGroupId: z.number().int(),
  randomValue: z.number().int(),
  totalWeight: z.number().int(),
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
  fallback: z.boolean(),
  cost: z.number().int(),
  createdAt: z.string(),
});
export type DrawAudit = z.infer<typeof drawAudit>;

/**
 * The in-app path the running activity's banner links to (`GET /prize/api/v1/banner`): the desktop
 * activity page; the H5 site opens /mobileH5/prize for it.
 */
export function prizeActivityLink(code: string): string {
  return `/activity?activityCode=${encodeURIComponent(code)}`;
}

/** Generated banner image of an activity without its own `bannerImage` (outside /api: not signed). */
export function prizeBannerSvg(code: string): string {
  return `/prize/banners/${encodeURIComponent(code)}.svg`;
}

/** User-facing messages of the activity (Simplified Chinese, shown as-is). */
export const PrizeMessages = {
  activityNotFound: '活动不存在或未发布',
  notRunning: '活动未开始或已结束',
  bookNotRecommended: '这本教材不在本次活动的推荐书目中',
  pointsInsufficient: '积分不足，多读一会儿书再来抽奖吧',
  limitReached: '您已达到本活动的中奖次数上限',
  soldOut: '奖品已全部抽完',
  activityStarted: '活动已开始，不能再修改活动规则和奖项',
  loginToJoin: '登录后即可参加活动',
} as const;
