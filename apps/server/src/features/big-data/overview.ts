/**
 * The 大数据中心 figures (docs/big-data.md), read with SQL from the rollups of the real tables
 * (rollups.ts, migration 0016) and the small catalogue tables: catalogue coverage, activations and
 * reading per Beijing day, reading per 学段, the most read books, downloads per resource type, and
 * registered and active users per city of Zhejiang. The public view withholds every count
 * of people below `LIMITS.bigData.suppressBelow` (PIPL art. 28, 31: no pupil may be singled out);
 * counts of content (books, questions) are never withheld.
 */
import {
  LIMITS,
  RESOURCE_TYPE_LABELS,
  type BigDataCount,
  type BigDataOverview,
  type ResourceType,
} from '@eav/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { lastBeijingDays } from '../../lib/beijing-time';
import { cityOfRegion, ZHEJIANG_CITIES } from './cities';

/** A count of people as the view may show it: null when withheld. */
export function shown(count: number, suppress: boolean): number | null {
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
 * Computes the overview at `now` (ms) from the rollups as last refreshed (callers refresh them
 * first). `suppress`: the public view (counts of people below the threshold become null). Active
 * users: saved reading progress on one of the last `LIMITS.bigData.days` Beijing days.
 */
export async function computeOverview(db: Db, now: number, suppress: boolean): Promise<BigDataOverview> {
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
      (select coalesce(sum(n), 0)::bigint from big_data_users_by_region) as users,
      (select coalesce(sum(n), 0)::bigint from big_data_activations) as activations,
      (select coalesce(sum(seconds), 0)::bigint / 60 from big_data_reading_books) as reading_minutes`,
  );
  const [byStage, bySubject, byEdition] = await Promise.all([
    booksBy(db, 'stage_id', 10),
    booksBy(db, 'subject_id', 15),
    booksBy(db, 'edition_id', 10),
  ]);

  const activationRows = await rows<{ day: string; n: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, n from big_data_activations where day >= ${days[0]}::date`,
  );
  // A day's reading is shown only when enough readers made it (their number, not the minutes).
  const readingRows = await rows<{ day: string; n: number; readers: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, (seconds / 60)::int as n, readers
        from big_data_reading_days where day >= ${days[0]}::date`,
  );
  const byDay = (list: { day: string; n: number }[]) => new Map(list.map((r) => [r.day, num(r.n)]));
  const activations = byDay(activationRows);
  const reading = byDay(readingRows);
  const readers = new Map(readingRows.map((r) => [r.day, num(r.readers)]));

  const stageReading = await rows<NamedRow & { readers: number }>(
    db,
    sql`select d.name as name, (coalesce(sum(m.seconds), 0)::bigint / 60)::int as n, sum(r.readers)::int as readers
        from big_data_stage_readers r join dictionary d on d.id = r.stage_id
        left join (select t.stage_id, sum(b.seconds) as seconds
                   from big_data_reading_books b join textbooks t on t.id = b.textbook_id group by t.stage_id) m
          on m.stage_id = r.stage_id
        where r.readers > 0
        group by d.name, d.sort_order order by d.sort_order`,
  );
  const topBooks = await rows<{ id: number; title: string; n: number }>(
    db,
    sql`select t.id as id, t.title as title, r.readers::int as n
        from big_data_book_readers r join textbooks t on t.id = r.textbook_id
        where r.readers > 0
        order by r.readers desc, t.id limit ${LIMITS.bigData.topBooks}`,
  );
  const downloads = await rows<{ type: string; n: number }>(
    db,
    sql`select r.type as type, sum(d.n)::int as n
        from big_data_downloads d join resources r on r.id = d.resource_id
        where d.n > 0 group by r.type order by n desc`,
  );
  const regions = await rows<{ region: string; n: number }>(
    db,
    sql`select region, n::int as n from big_data_users_by_region where region <> '' and n > 0`,
  );
  const activeRegions = await rows<{ region: string; n: number }>(
    db,
    sql`select region, sum(users)::int as n from big_data_active_by_region
        where region <> '' and day >= ${days[0]}::date group by region`,
  );
  const perCity = (list: { region: string; n: number }[]) => {
    const out = new Map<string, number>();
    for (const r of list) {
      const city = cityOfRegion(r.region);
      if (city) out.set(city.code, (out.get(city.code) ?? 0) + num(r.n));
    }
    return out;
  };
  const registered = perCity(regions);
  const active = perCity(activeRegions);

  const t = totals ?? {};
  return {
    generatedAt: new Date(now).toISOString(),
    suppressed: suppress,
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
    usersByCity: ZHEJIANG_CITIES.map((c) => ({ name: c.name, count: shown(registered.get(c.code) ?? 0, suppress) })),
    activeUsersByCity: ZHEJIANG_CITIES.map((c) => ({ name: c.name, count: shown(active.get(c.code) ?? 0, suppress) })),
  };
}
