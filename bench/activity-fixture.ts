/**
 * The reading activity the prize and big-data benchmarks seed: caps high enough that no heartbeat or
 * draw of a run is refused by them, one fallback prize group that never runs out, and the books,
 * code and dates each benchmark chooses (docs/prize.md for the fields).
 */
import type { ActivityDefinition } from '@eav/contract';

const DAY_MS = 86_400_000;

/**
 * A running activity `code` over the books with external ids `books`, started `daysAgo` days before
 * `now` (ms since the epoch) and ending 30 days after it.
 */
export function benchActivity(
  code: string,
  title: string,
  books: string[],
  now: number,
  daysAgo = 1,
): ActivityDefinition {
  return {
    code,
    title,
    rules: '压测',
    startAt: new Date(now - daysAgo * DAY_MS).toISOString(),
    endAt: new Date(now + 30 * DAY_MS).toISOString(),
    books,
    dailyCapSeconds: 86400,
    perBookCapSeconds: 86400,
    pointsPerMinute: 1,
    drawCost: 10,
    perUserPrizeLimit: 3,
    prizeGroups: [{ name: '参与奖', quantity: 1000, weight: 1, fallback: true }],
  };
}
