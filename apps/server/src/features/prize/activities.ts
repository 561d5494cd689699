/**
 * Activities (docs/prize.md, Activity definition): loading with a short in-process cache (the
 * heartbeat reads the activity on every call), the public view with the server's time, and the
 * one way to create or change an activity (`saveActivity`, behind the CLI `npm run activity:create`,
 * the admin call and the demo seed). Creating the same code again updates it while it has not
 * started and is refused once it has, so prize rules never change under running draws.
 */
import {
  ErrorCode,
  PrizeMessages,
  type ActivityDefinition,
  type ActivityStatus,
  type AdminActivity,
  type PrizeActivity,
  type PrizeGroup,
  activityDefinition as definitionSchema,
  beijingDay,
  beijingIso,
} from '@eav/contract';
import { and, asc, count, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { prizeActivities, prizeActivityBooks, prizeGroups, prizeParticipants, textbooks } from '../../db/schema';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors';

export type ActivityRow = typeof prizeActivities.$inferSelect;

/** An activity with its recommended book ids, as the services use it. */
export interface Activity extends ActivityRow {
  bookIds: number[];
  bookSet: Set<number>;
}

// Reading caps count per Beijing calendar day; activity times are written with the Beijing offset
// (ISO 8601, as the contract writes them).
export { beijingDay, beijingIso };

export function statusAt(a: Pick<ActivityRow, 'startAt' | 'endAt'>, now: number): ActivityStatus {
  if (now < a.startAt.getTime()) return 'upcoming';
  return now < a.endAt.getTime() ? 'running' : 'ended';
}

export const isRunning = (a: Pick<ActivityRow, 'startAt' | 'endAt'>, now: number) => statusAt(a, now) === 'running';

/** The public view of an activity at `now`. */
export function activityView(a: Activity, now: number): PrizeActivity {
  return {
    activityCode: a.code,
    title: a.title,
    rules: a.rules,
    startAt: beijingIso(a.startAt.getTime()),
    endAt: beijingIso(a.endAt.getTime()),
    serverTime: beijingIso(now),
    status: statusAt(a, now),
    bannerImage: a.bannerImage,
    dailyCapSeconds: a.dailyCapSeconds,
    perBookCapSeconds: a.perBookCapSeconds,
    pointsPerMinute: a.pointsPerMinute,
    taskPoints: { activation: a.activationPoints, finishBook: a.finishBookPoints },
    drawCost: a.drawCost,
    perUserPrizeLimit: a.perUserPrizeLimit,
    bookCount: a.bookIds.length,
  };
}

/** How long a loaded activity is reused before it is read again (other instances see edits after it). */
const CACHE_TTL_MS = 5_000;

/** Activities by code, read through a short cache. */
export class ActivityCache {
  private readonly byCode = new LRUCache<string, { activity: Activity | null }>({ max: 1000, ttl: CACHE_TTL_MS });
  constructor(private readonly db: Db) {}

  /** The published activity with this code, or null. */
  async get(code: string): Promise<Activity | null> {
    const hit = this.byCode.get(code);
    if (hit) return hit.activity;
    const activity = await loadActivity(this.db, code);
    const visible = activity && activity.published ? activity : null;
    this.byCode.set(code, { activity: visible });
    return visible;
  }

  /** The published activity with this code. @throws 404 when there is none. */
  async require(code: string): Promise<Activity> {
    const a = await this.get(code);
    if (!a) throw notFound(PrizeMessages.activityNotFound);
    return a;
  }

  /** The published running activity at `now` (the latest started when several run), or null. */
  async current(now: number): Promise<Activity | null> {
    const code = await currentActivityCode(this.db, now);
    return code ? this.get(code) : null;
  }

  invalidate(code?: string) {
    if (code) this.byCode.delete(code);
    else this.byCode.clear();
  }
}

/** Reads an activity (published or not) with its book ids. */
export async function loadActivity(db: Db, code: string): Promise<Activity | null> {
  const [row] = await db.select().from(prizeActivities).where(eq(prizeActivities.code, code));
  if (!row) return null;
  const books = await db
    .select({ id: prizeActivityBooks.textbookId })
    .from(prizeActivityBooks)
    .where(eq(prizeActivityBooks.activityId, row.id))
    .orderBy(asc(prizeActivityBooks.sortOrder), asc(prizeActivityBooks.textbookId));
  const bookIds = books.map((b) => b.id);
  return { ...row, bookIds, bookSet: new Set(bookIds) };
}

/** Code of the published activity running at `now` (latest start first), or null. */
export async function currentActivityCode(db: Db, now: number): Promise<string | null> {
  const at = new Date(now);
  const [row] = await db
    .select({ code: prizeActivities.code })
    .from(prizeActivities)
    .where(and(eq(prizeActivities.published, true), lte(prizeActivities.startAt, at), gt(prizeActivities.endAt, at)))
    .orderBy(desc(prizeActivities.startAt), desc(prizeActivities.id))
    .limit(1);
  return row?.code ?? null;
}

/** The running activity's banner for the home carousel, or null (routes/banner.ts). */
export async function runningActivityBanner(db: Db, now: number) {
  const code = await currentActivityCode(db, now);
  if (!code) return null;
  const [a] = await db
    .select({ id: prizeActivities.id, title: prizeActivities.title, bannerImage: prizeActivities.bannerImage })
    .from(prizeActivities)
    .where(eq(prizeActivities.code, code));
  return a ? { ...a, code } : null;
}

/** Prize groups of an activity, in published order, with the stock left. */
export async function groupsOf(db: Db, activityId: number): Promise<PrizeGroup[]> {
  const rows = await db
    .select()
    .from(prizeGroups)
    .where(eq(prizeGroups.activityId, activityId))
    .orderBy(asc(prizeGroups.sortOrder), asc(prizeGroups.id));
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    quantity: g.quantity,
    left: g.stock,
    weight: g.weight,
    fallback: g.fallback,
  }));
}

/** What operators see of an activity. */
export async function adminView(db: Db, a: Activity, now: number): Promise<AdminActivity> {
  const [books, groups, [participants]] = await Promise.all([
    a.bookIds.length
      ? db
          .select({ id: textbooks.id, externalId: textbooks.externalId })
          .from(textbooks)
          .where(inArray(textbooks.id, a.bookIds))
      : Promise.resolve([]),
    groupsOf(db, a.id),
    db.select({ n: count() }).from(prizeParticipants).where(eq(prizeParticipants.activityId, a.id)),
  ]);
  const ext = new Map(books.map((b) => [b.id, b.externalId]));
  return {
    ...activityView(a, now),
    id: a.id,
    published: a.published,
    books: a.bookIds.map((id) => ext.get(id) ?? String(id)),
    prizeGroups: groups,
    participants: participants?.n ?? 0,
  };
}

export interface SaveResult {
  activity: Activity;
  created: boolean;
}

/**
 * Creates the activity `input` defines, or updates the one with its code while it has not started.
 * `input` is validated here too (the CLI passes a parsed file).
 * @throws 400 for an invalid definition; 409 PRIZE.ACTIVITY_STARTED once the activity has started;
 *   422 when a recommended book is not in the catalogue.
 */
export async function saveActivity(db: Db, input: unknown, now: number): Promise<SaveResult> {
  const parsed = definitionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}：` : '';
    throw new AppError(400, 400, `${where}${issue?.message ?? '活动定义无效'}`);
  }
  const def = parsed.data;
  const code = def.code;
  const externalIds = def.books.map((b) => b.trim());
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(prizeActivities).where(eq(prizeActivities.code, code)).for('update');
    if (existing && existing.startAt.getTime() <= now)
      throw conflict(PrizeMessages.activityStarted, ErrorCode.PRIZE_ACTIVITY_STARTED);
    const found = await tx
      .select({ id: textbooks.id, externalId: textbooks.externalId })
      .from(textbooks)
      .where(inArray(textbooks.externalId, externalIds));
    const idOf = new Map(found.map((b) => [b.externalId, b.id]));
    const missing = externalIds.filter((e) => !idOf.has(e));
    if (missing.length) throw unprocessable(`找不到推荐教材：${missing.slice(0, 5).join('、')}`);
    const values = {
      code,
      title: def.title,
      rules: def.rules,
      startAt: new Date(def.startAt),
      endAt: new Date(def.endAt),
      bannerImage: def.bannerImage ?? null,
      dailyCapSeconds: def.dailyCapSeconds,
      perBookCapSeconds: def.perBookCapSeconds,
      pointsPerMinute: def.pointsPerMinute,
      activationPoints: def.taskPoints?.activation ?? 0,
      finishBookPoints: def.taskPoints?.finishBook ?? 0,
      drawCost: def.drawCost,
      perUserPrizeLimit: def.perUserPrizeLimit,
      published: def.published ?? true,
      updatedAt: new Date(now),
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await tx.update(prizeActivities).set(values).where(eq(prizeActivities.id, id));
      // Nothing refers to the books or groups before the start: no draw can have happened.
      await tx.delete(prizeActivityBooks).where(eq(prizeActivityBooks.activityId, id));
      await tx.delete(prizeGroups).where(eq(prizeGroups.activityId, id));
    } else {
      const [row] = await tx
        .insert(prizeActivities)
        .values({ ...values, createdAt: new Date(now) })
        .returning({ id: prizeActivities.id });
      id = row!.id;
    }
    await tx
      .insert(prizeActivityBooks)
      .values(externalIds.map((e, i) => ({ activityId: id, textbookId: idOf.get(e)!, sortOrder: i })));
    await tx.insert(prizeGroups).values(
      def.prizeGroups.map((g, i) => ({
        activityId: id,
        name: g.name,
        quantity: g.quantity,
        stock: g.quantity,
        weight: g.weight,
        fallback: g.fallback ?? false,
        sortOrder: i,
      })),
    );
    return !existing;
  });
  const activity = await loadActivity(db, code);
  return { activity: activity!, created };
}

export type { ActivityDefinition };
