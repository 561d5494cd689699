/**
 * The reading activity the prize and big-data benchmarks seed: caps high enough that no heartbeat or
 * draw of a run is refused by them, one fallback prize group that never runs out, and the books,
 * code and dates each benchmark chooses (docs/prize.md for the fields).
 */
import type { ActivityDefinition } from '@eav/contract';
import { inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { prizeActivities, prizeActivityBooks, textbooks } from '../apps/server/src/db/schema';
import { DEMO_ACTIVITY_CODE } from '../apps/server/src/features/prize/seed';

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

/**
 * The demo seed's running activity, its books (read with heartbeats) and six other books (for
 * activation codes: a redeem must not make a reader of the activity's books own them). Throws when
 * the database was not seeded with the demo content.
 */
export async function demoActivityBooks(db: Db) {
  const [activity] = await db
    .select()
    .from(prizeActivities)
    .where(inArray(prizeActivities.code, [DEMO_ACTIVITY_CODE]));
  if (!activity) throw new Error(`the demo seed did not create the activity ${DEMO_ACTIVITY_CODE}`);
  const activityBooks = (
    await db
      .select({ id: prizeActivityBooks.textbookId })
      .from(prizeActivityBooks)
      .where(inArray(prizeActivityBooks.activityId, [activity.id]))
  ).map((r) => r.id);
  const codeBooks = (
    await db
      .select({ id: textbooks.id })
      .from(textbooks)
      .where(notInArray(textbooks.id, activityBooks))
      .orderBy(textbooks.id)
      .limit(6)
  ).map((r) => r.id);
  return { activity, activityBooks, codeBooks };
}
