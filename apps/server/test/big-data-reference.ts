/**
 * The 大数据中心 overview computed by grouped scans of the source tables, as the product did before
 * the rollups (and with active users per city from reading_progress): the reference the rollup
 * tests compare the product's answers with.
 */
import {
  LIMITS,
  RESOURCE_TYPE_LABELS,
  type BigDataCount,
  type BigDataOverview,
  type ResourceType,
} from '@eav/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/client';
import { lastBeijingDays } from '@eav/contract';
import { cityOfRegion, ZHEJIANG_CITIES } from '../src/features/big-data/cities';

/** A count of people as the view may show it: null when withheld. */
function shown(count: number, suppress: boolean): number | null {
  return suppress && count > 0 && count < LIMITS.bigData.suppressBelow ? null : count;
}

type NamedRow = { name: string; n: number };

const num = (v: unknown) => Number(v ?? 0);

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Books per dictionary entry of `column` (stage_id, subject_id or edition_id), the largest first. */
async function booksBy(
  db: Db,
  column: 'stage_id' | 'subject_id' | 'edition_id',
  limit: number,
): Promise<BigDataCount[]> {
  const list = await rows<NamedRow>(
    db,
    sql`select d.name as name, count(*)::int as n
        from textbooks t join dictionary d on d.id = t.${sql.raw(column)}
        group by d.name, d.sort_order
        order by n desc, d.sort_order, d.name
        limit ${limit}`,
  );
  return list.map((r) => ({ name: r.name, count: num(r.n) }));
}

/**
 * Computes the overview at `now` (ms). `suppress`: the public view (counts of people below the
 * threshold become null). Several grouped scans; callers keep the answer for a minute (routes.ts).
 */
export async function referenceOverview(db: Db, now: number, suppress: boolean): Promise<BigDataOverview> {
  const days = lastBeijingDays(now, LIMITS.bigData.days);
  // An ISO string, not a Date: postgres-js does not serialise a Date inside a raw `sql` template.
  const since = `${days[0]}T00:00:00+08:00`;
  const [totals] = await rows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from textbooks) as textbooks,
      (select count(distinct edition_id)::int from textbooks) as editions,
      (select count(*)::int from videos) as videos,
      (select count(*)::int from questions) as questions,
      (select count(*)::int from papers) as papers,
      (select count(*)::int from resources where status = 'published') as resources,
      (select count(*)::int from users where status <> 'cancelled') as users,
      (select count(*)::int from user_textbooks where source = 'code') as activations,
      (select coalesce(sum(seconds), 0)::bigint / 60 from prize_reading_time) as reading_minutes`,
  );
  const [byStage, bySubject, byEdition] = await Promise.all([
    booksBy(db, 'stage_id', 10),
    booksBy(db, 'subject_id', 15),
    booksBy(db, 'edition_id', 10),
  ]);

  const activationRows = await rows<{ day: string; n: number }>(
    db,
    sql`select to_char(activated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*)::int as n
        from user_textbooks where source = 'code' and activated_at >= ${since}::timestamptz
        group by 1`,
  );
  const readingRows = await rows<{ day: string; n: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, (sum(seconds) / 60)::int as n
        from prize_reading_time where day >= ${days[0]}::date
        group by 1`,
  );
  // A day's reading is shown only when enough readers made it (their number, not the minutes).
  const readerRows = await rows<{ day: string; n: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, count(distinct user_id)::int as n
        from prize_reading_time where day >= ${days[0]}::date
        group by 1`,
  );
  const byDay = (list: { day: string; n: number }[]) => new Map(list.map((r) => [r.day, num(r.n)]));
  const activations = byDay(activationRows);
  const reading = byDay(readingRows);
  const readers = byDay(readerRows);

  const stageReading = await rows<NamedRow & { readers: number }>(
    db,
    sql`select d.name as name, (sum(r.seconds) / 60)::int as n, count(distinct r.user_id)::int as readers
        from prize_reading_time r join textbooks t on t.id = r.textbook_id join dictionary d on d.id = t.stage_id
        group by d.name, d.sort_order order by d.sort_order`,
  );
  const topBooks = await rows<{ id: number; title: string; n: number }>(
    db,
    sql`select t.id as id, t.title as title, count(*)::int as n
        from reading_progress p join textbooks t on t.id = p.textbook_id
        group by t.id, t.title order by n desc, t.id limit ${LIMITS.bigData.topBooks}`,
  );
  const downloads = await rows<{ type: string; n: number }>(
    db,
    sql`select r.type as type, count(*)::int as n
        from resource_events e join resources r on r.id = e.resource_id
        where e.kind = 'download' group by r.type order by n desc`,
  );
  const regions = await rows<{ region: string; n: number }>(
    db,
    sql`select region, count(*)::int as n from users
        where status <> 'cancelled' and region is not null group by region`,
  );
  const activeRegions = await rows<{ region: string; n: number }>(
    db,
    sql`select u.region as region, count(*)::int as n from users u
        where u.status <> 'cancelled' and u.region is not null and exists (
          select 1 from reading_progress p
          where p.user_id = u.id and (p.updated_at at time zone 'Asia/Shanghai')::date >= ${days[0]}::date)
        group by u.region`,
  );
  const perCity = new Map<string, number>();
  for (const r of regions) {
    const city = cityOfRegion(r.region);
    if (city) perCity.set(city.code, (perCity.get(city.code) ?? 0) + num(r.n));
  }
  const activeCity = new Map<string, number>();
  for (const r of activeRegions) {
    const city = cityOfRegion(r.region);
    if (city) activeCity.set(city.code, (activeCity.get(city.code) ?? 0) + num(r.n));
  }

  const t = totals ?? {};
  return {
    generatedAt: new Date(now).toISOString(),
    suppressed: suppress,
    // Grouped scans of the real tables: the demo activity (the feature's own tables) is no part of them.
    demo: false,
    suppressBelow: LIMITS.bigData.suppressBelow,
    totals: {
      textbooks: num(t.textbooks),
      editions: num(t.editions),
      videos: num(t.videos),
      questions: num(t.questions),
      papers: num(t.papers),
      resources: num(t.resources),
      users: shown(num(t.users), suppress),
      activations: shown(num(t.activations), suppress),
      readingMinutes: shown(num(t.reading_minutes), suppress),
    },
    booksByStage: byStage,
    booksBySubject: bySubject,
    booksByEdition: byEdition,
    activationsByDay: days.map((day) => ({ day, value: shown(activations.get(day) ?? 0, suppress) })),
    readingMinutesByDay: days.map((day) => {
      const minutes = reading.get(day) ?? 0;
      const people = readers.get(day) ?? 0;
      return { day, value: shown(people, suppress) === null ? null : minutes };
    }),
    readingMinutesByStage: stageReading.map((r) => ({
      name: r.name,
      count: shown(num(r.readers), suppress) === null ? null : num(r.n),
    })),
    topBooks: topBooks.map((b) => ({ id: num(b.id), title: b.title, readers: shown(num(b.n), suppress) })),
    downloadsByType: downloads.map((d) => ({
      name: RESOURCE_TYPE_LABELS[d.type as ResourceType] ?? d.type,
      count: shown(num(d.n), suppress),
    })),
    usersByCity: ZHEJIANG_CITIES.map((c) => ({ name: c.name, count: shown(perCity.get(c.code) ?? 0, suppress) })),
    activeUsersByCity: ZHEJIANG_CITIES.map((c) => ({
      name: c.name,
      count: shown(activeCity.get(c.code) ?? 0, suppress),
    })),
  };
}
