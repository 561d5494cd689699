/**
 * Helpers of the prize activity tests: an app whose business clock the test moves, recommended
 * books imported through the real importer, an activity created through the real service, and
 * signed calls of the activity's endpoints.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths, type ActivityDefinition } from '@eav/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, textbooks, users } from '../src/db/schema';
import { saveActivity } from '../src/features/prize';
import { importTextbooks } from '../src/features/textbooks/importer';
import { sha256Hex } from '../src/lib/tokens';
import { api, useTestApp, type TestContext } from './helpers';

export const MINUTE = 60_000;
export const DAY = 86400_000;
/**
 * 10:00 Beijing time of the current Beijing day: close to the real time, because test sessions
 * expire a day after they are made (by the real clock) and the app checks them against its clock.
 */
export const T0 = Date.parse(`${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)}T10:00:00+08:00`);

export interface PrizeTestContext extends TestContext {
  /** The business clock of every app of the file (ms). */
  now: number;
}

/** Registers the test app of a file with a clock the test sets through `ctx.now`. */
export function usePrizeApp(): PrizeTestContext {
  const state = { now: T0 };
  const t = useTestApp({ clock: () => state.now });
  return Object.defineProperties(t as PrizeTestContext, {
    now: { get: () => state.now, set: (v: number) => (state.now = v) },
  });
}

let bookSeq = 0;

/** Imports `n` readable books and answers their ids and externalIds. */
export async function importBooks(app: FastifyInstance, n: number): Promise<{ id: number; externalId: string }[]> {
  const ext = Array.from({ length: n }, () => `prize-book-${process.pid}-${++bookSeq}`);
  await importTextbooks(
    app.db,
    ext
      .map((e, i) =>
        JSON.stringify({
          externalId: e,
          title: `义务教育教科书·语文${i + 1}年级上册`,
          stage: '小学',
          subject: '语文',
          edition: '统编版',
          grade: '一年级',
          volume: '上册',
        }),
      )
      .join('\n'),
  );
  const rows = await app.db
    .select({ id: textbooks.id, externalId: textbooks.externalId })
    .from(textbooks)
    .where(inArray(textbooks.externalId, ext));
  return ext.map((e) => rows.find((r) => r.externalId === e)!);
}

let codeSeq = 0;

/** A definition running from `start` for 30 days on `books`, with overridable rules. */
export function definition(
  books: string[],
  start: number,
  overrides: Partial<ActivityDefinition> = {},
): ActivityDefinition & { code: string } {
  return {
    code: `T${process.pid}-${++codeSeq}`,
    title: '测试阅读活动',
    rules: '## 规则\n\n阅读得积分。',
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + 30 * DAY).toISOString(),
    books,
    dailyCapSeconds: 3600,
    perBookCapSeconds: 3600,
    pointsPerMinute: 1,
    drawCost: 10,
    perUserPrizeLimit: 3,
    prizeGroups: [
      { name: '一等奖', quantity: 5, weight: 1 },
      { name: '参与奖', quantity: 1000, weight: 9, fallback: true },
    ],
    ...overrides,
  } as ActivityDefinition & { code: string };
}

/** Creates an activity through the service (as the CLI does). */
export async function createActivity(app: FastifyInstance, def: ActivityDefinition, now: number) {
  return (await saveActivity(app.db, def, now)).activity;
}

export interface Reader {
  id: number;
  token: string;
}

/** One heartbeat of `user` (signed, as the reader sends it). */
export function heartbeat(app: FastifyInstance, user: Reader, code: string, textbookId: number, sessionId: string) {
  return api(app, {
    url: ApiPaths.prizeHeartbeat(user.id),
    token: user.token,
    query: { activityCode: code, textbookId, sessionId },
  });
}

/** Heartbeats every `stepMs` from the current clock for `durationMs` (inclusive of both ends). */
export async function readFor(
  t: PrizeTestContext,
  user: Reader,
  code: string,
  textbookId: number,
  sessionId: string,
  durationMs: number,
  stepMs = 30_000,
) {
  const end = t.now + durationMs;
  let last;
  for (;;) {
    last = await heartbeat(t.app, user, code, textbookId, sessionId);
    if (last.statusCode !== 200) throw new Error(last.body);
    if (t.now + stepMs > end) break;
    t.now += stepMs;
  }
  return last.json().data as {
    secondsToday: number;
    points: number;
    available: number;
    creditedSeconds: number;
    active: boolean;
  };
}

/** Creates `n` users with live sessions in two statements (the concurrency tests need hundreds). */
export async function createUsers(app: FastifyInstance, n: number): Promise<Reader[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = await app.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ userName: `r${tag}${i}` })))
    .returning({ id: users.id });
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await app.db
    .insert(sessions)
    .values(
      rows.map((r, i) => ({ userId: r.id, tokenHash: sha256Hex(tokens[i]!), expiresAt: new Date(Date.now() + DAY) })),
    );
  return rows.map((r, i) => ({ id: r.id, token: tokens[i]! }));
}
