/**
 * Demo activities (docs/prize.md, Demo): when demo content is seeded (a fresh embedded database or
 * SEED_DEMO, seed/index.ts), on demo catalogue books that have a readable PDF, with prize groups:
 * one running activity, started a day before the seed and ending 30 days after it, and the coming
 * winter holiday's (寒假) activity, dated in that holiday. Created through `saveActivity` like any
 * other activity; each skipped when it exists or its books are missing.
 */
import { eq } from 'drizzle-orm';
import { endOfBeijingDay, inBeijing, type ActivityDefinition } from '@eav/contract';
import { prizeActivities } from '../../db/schema';
import type { Seeder } from '../../seed/seeder';
import { saveActivity } from './activities';

/** The running demo activity. */
export const DEMO_ACTIVITY_CODE = 'READ-DEMO';

/** Demo books with a generated PDF that every logged-in pupil may read (public or login access). */
const DEMO_BOOKS = ['demo-chinese-1a-tbb', 'demo-math-7a-rjb', 'demo-science-3a-jkb', 'demo-math-h1-rjb'];

const RULES = `## 活动说明

在活动期间阅读下方推荐的数字教材，即可累计阅读时长并获得积分，积分可用于抽奖。

## 积分规则

- 在线阅读推荐教材，每满 1 分钟得 **1 积分**；每天最多计 **60 分钟**，每本教材每天最多计 **30 分钟**。
- 阅读时长以服务器记录为准：页面在前台时每 30 秒记录一次，中断超过 60 秒的时间不计入。
- 同一账号同时在多个设备或页面阅读时，只计算最新打开的一个。
- 活动期间首次激活推荐教材，每本奖励 **10 积分**；读完一本推荐教材（阅读到最后一页），每本奖励 **20 积分**。

## 抽奖规则

- 每次抽奖消耗 **10 积分**，每人最多中奖 **3 次**。
- 各奖项的中奖概率按下方公布的权重计算；所抽奖项已抽完时，改为发放「参与奖」。
- 排行榜按累计积分排名，同分时先达到该积分者在前；活动结束后排行榜不再变化。
`;

/** The running demo activity's definition, started a day before `now` and ending 30 days after it. */
export function demoActivity(now: number): ActivityDefinition {
  const day = 86400_000;
  return {
    ...activityBase(),
    code: DEMO_ACTIVITY_CODE,
    title: '数字教材阅读有奖活动',
    startAt: new Date(now - day).toISOString(),
    endAt: new Date(now + 30 * day).toISOString(),
  };
}

/**
 * The coming winter holiday (寒假) in Beijing time: 20 January 00:00 to the end of 20 February of
 * the year whose holiday has not ended at `now` (this year's until it ends, else next year's).
 */
export function comingWinterHoliday(now: number): { year: number; startAt: Date; endAt: Date } {
  const year = inBeijing(now)!.year();
  for (const y of [year, year + 1]) {
    const endAt = endOfBeijingDay(`${y}-02-20`)!;
    if (endAt.getTime() > now) return { year: y, startAt: inBeijing(`${y}-01-20T00:00:00+08:00`)!.toDate(), endAt };
  }
  throw new RangeError(`no winter holiday after ${now}`);
}

/** The coming winter holiday's demo activity (`READ-<year>-WINTER`), dated in that holiday. */
export function winterActivity(now: number): ActivityDefinition {
  const { year, startAt, endAt } = comingWinterHoliday(now);
  return {
    ...activityBase(),
    code: `READ-${year}-WINTER`,
    title: `${year}年寒假数字教材阅读有奖活动`,
    startAt: startAt.toISOString(),
    endAt: endAt.toISOString(),
  };
}

/** What the demo activities share: rules, books, crediting and prizes. */
function activityBase(): Omit<ActivityDefinition, 'code' | 'title' | 'startAt' | 'endAt'> {
  return {
    rules: RULES,
    bannerImage: null,
    books: DEMO_BOOKS,
    dailyCapSeconds: 3600,
    perBookCapSeconds: 1800,
    pointsPerMinute: 1,
    taskPoints: { activation: 10, finishBook: 20 },
    drawCost: 10,
    perUserPrizeLimit: 3,
    prizeGroups: [
      { name: '一等奖：学习平板', quantity: 3, weight: 1 },
      { name: '二等奖：精选图书套装', quantity: 20, weight: 5 },
      { name: '三等奖：文具礼盒', quantity: 100, weight: 20 },
      { name: '参与奖：电子阅读勋章', quantity: 100000, weight: 74, fallback: true },
    ],
  };
}

/** Start-up seeder (runs after the demo catalogue). */
export const seedPrize: Seeder = async ({ db, log, demo }) => {
  if (!demo) return;
  const now = Date.now();
  for (const def of [demoActivity(now), winterActivity(now)]) {
    const [exists] = await db
      .select({ id: prizeActivities.id })
      .from(prizeActivities)
      .where(eq(prizeActivities.code, def.code));
    if (exists) continue;
    try {
      await saveActivity(db, def, now);
      log.info({ activity: def.code }, 'demo prize activity seeded');
    } catch (err) {
      log.warn({ err, activity: def.code }, 'demo prize activity not seeded');
    }
  }
};
