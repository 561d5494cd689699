/**
 * The activity's texts the pages show themselves (docs/prize.md). Kept here as plain strings: the
 * contract's copy lives in a schema module, and importing a value from it would pull zod into the
 * H5 pages (build/bundle-guard.ts). The server's own refusals arrive with their message.
 */
export const PRIZE_TEXT = {
  activityNotFound: '活动不存在或未发布',
  noActivity: '暂无进行中的活动',
  loginToJoin: '登录后即可参加活动',
  limitReached: '您已达到本活动的中奖次数上限',
} as const;
