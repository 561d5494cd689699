/**
 * The 大数据中心 figures (docs/big-data.md), read with SQL from the rollups of the real tables
 * (rollups.ts, migration 0016) and the small catalogue tables: catalogue coverage, activations and
 * reading per Beijing day, reading per 学段, the most read books, downloads per resource type, and
 * registered and active users per city of Zhejiang. The public view withholds every count
 * of people below `LIMITS.bigData.suppressBelow` (PIPL art. 28, 31: no pupil may be singled out);
 * counts of content (books, questions) are never withheld. The demo activity (demo.ts, tables
 * `big_data_demo_*`) is added to the rollups' figures when it was seeded, and the answer says so.
 */
import {
  LIMITS,
  RESOURCE_TYPE_LABELS,
  type BigDataCount,
  type BigDataOverview,
  type ResourceType,
  lastBeijingDays,
} from '@eav/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
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

/** What the rollups and catalogue tables answer at one moment, before any withholding. */
export interface Figures {
  now: number;
  days: string[];
  /** Totals; `demo` (boolean) whether the demo activity is added in (demo.ts). */
  totals: Record<string, number>;
  byStage: BigDataCount[];
  bySubject: BigDataCount[];
  byEdition: BigDataCount[];
  activations: Map<string, number>;
  reading: Map<string, number>;
  readers: Map<string, number>;
  stageReading: (NamedRow & { readers: number })[];
  topBooks: { id: number; title: string; n: number }[];
  downloads: { type: string; n: number }[];
  registered: Map<string, number>;
  active: Map<string, number>;
}

/**
 * Reads the figures at `now` (ms) from the rollups as last refreshed (callers refresh them first)
 * and the small catalogue tables, every query at once (in parallel on a PostgreSQL pool). Active
 * users: saved reading progress on one of the last `LIMITS.bigData.days` Beijing days.
 */
export async function readFigures(db: Db, now: number): Promise<Figures> {
  const days = lastBeijingDays(now, LIMITS.bigData.days);
  const since = days[0]!;
  const [
    [totals],
    byStage,
    bySubject,
    byEdition,
    activationRows,
    readingRows,
    stageReading,
    topBooks,
    downloads,
    regions,
    activeRegions,
  ] = await Promise.all([
    rows<Record<string, number>>(
      db,
      sql`select
        (select count(*)::int from textbooks) as textbooks,
        (select count(distinct edition_id)::int from textbooks) as editions,
        (select count(*)::int from videos) as videos,
        (select count(*)::int from questions) as questions,
        (select count(*)::int from papers) as papers,
        (select count(*)::int from resources where status = 'published') as resources,
        (select coalesce(sum(n), 0)::bigint from big_data_users_by_region)
          + (select coalesce(sum(registered), 0)::bigint from big_data_demo_regions) as users,
        (select coalesce(sum(n), 0)::bigint from big_data_activations)
          + (select coalesce(sum(activations), 0)::bigint from big_data_demo_days) as activations,
        ((select coalesce(sum(seconds), 0)::bigint from big_data_reading_books)
          + (select coalesce(sum(seconds), 0)::bigint from big_data_demo_books)) / 60 as reading_minutes,
        exists (select 1 from big_data_demo_days) as demo`,
    ),
    booksBy(db, 'stage_id', 10),
    booksBy(db, 'subject_id', 15),
    booksBy(db, 'edition_id', 10),
    rows<{ day: string; n: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(n)::bigint as n
          from (select day, n from big_data_activations union all select day, activations from big_data_demo_days) a
          where day >= ${since}::date group by day`,
    ),
    rows<{ day: string; n: number; readers: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, (sum(seconds)::bigint / 60)::int as n, sum(readers)::bigint as readers
          from (select day, seconds, readers from big_data_reading_days
                union all select day, reading_seconds, readers from big_data_demo_days) r
          where day >= ${since}::date group by day`,
    ),
    rows<NamedRow & { readers: number }>(
      db,
      sql`select d.name as name, (coalesce(sum(m.seconds), 0)::bigint / 60)::int as n, sum(r.readers)::int as readers
          from (select stage_id, sum(readers) as readers
                from (select stage_id, readers from big_data_stage_readers
                      union all select t.stage_id, b.readers
                      from big_data_demo_books b join textbooks t on t.id = b.textbook_id) x
                group by stage_id) r
          join dictionary d on d.id = r.stage_id
          left join (select t.stage_id, sum(b.seconds) as seconds
                     from (select textbook_id, seconds from big_data_reading_books
                           union all select textbook_id, seconds from big_data_demo_books) b
                     join textbooks t on t.id = b.textbook_id group by t.stage_id) m
            on m.stage_id = r.stage_id
          where r.readers > 0
          group by d.name, d.sort_order order by d.sort_order`,
    ),
    rows<{ id: number; title: string; n: number }>(
      db,
      sql`select t.id as id, t.title as title, r.readers::int as n
          from (select textbook_id, sum(readers) as readers
                from (select textbook_id, readers from big_data_book_readers
                      union all select textbook_id, readers from big_data_demo_books) x
                group by textbook_id) r
          join textbooks t on t.id = r.textbook_id
          where r.readers > 0
          order by r.readers desc, t.id limit ${LIMITS.bigData.topBooks}`,
    ),
    rows<{ type: string; n: number }>(
      db,
      sql`select type, sum(n)::int as n
          from (select r.type, d.n from big_data_downloads d join resources r on r.id = d.resource_id where d.n > 0
                union all select type, n from big_data_demo_downloads) x
          group by type order by n desc`,
    ),
    rows<{ region: string; n: number }>(
      db,
      sql`select region, n::int as n from big_data_users_by_region where region <> '' and n > 0
          union all select region, sum(registered)::int from big_data_demo_regions group by region`,
    ),
    rows<{ region: string; n: number }>(
      db,
      sql`select region, sum(users)::int as n
          from (select region, day, users from big_data_active_by_region
                union all select region, day, active from big_data_demo_regions) a
          where region <> '' and day >= ${since}::date group by region`,
    ),
  ]);
  const byDay = (list: { day: string; n: number }[]) => new Map(list.map((r) => [r.day, num(r.n)]));
  const perCity = (list: { region: string; n: number }[]) => {
    const out = new Map<string, number>();
    for (const r of list) {
      const city = cityOfRegion(r.region);
      if (city) out.set(city.code, (out.get(city.code) ?? 0) + num(r.n));
    }
    return out;
  };
  return {
    now,
    days,
    totals: totals ?? {},
    byStage,
    bySubject,
    byEdition,
    activations: byDay(activationRows),
    reading: byDay(readingRows),
    readers: new Map(readingRows.map((r) => [r.day, num(r.readers)])),
    stageReading,
    topBooks,
    downloads,
    registered: perCity(regions),
    active: perCity(activeRegions),
  };
}

/**
 * The overview of `f` as a view shows it. `suppress`: the public view (counts of people below the
 * threshold become null; a day's or a stage's reading minutes too when fewer readers made them).
 */
export function present(f: Figures, suppress: boolean): BigDataOverview {
  const t = f.totals;
  return {
    generatedAt: new Date(f.now).toISOString(),
    demo: Boolean(t.demo),
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
    booksByStage: f.byStage,
    booksBySubject: f.bySubject,
    booksByEdition: f.byEdition,
    activationsByDay: f.days.map((day) => ({ day, value: shown(f.activations.get(day) ?? 0, suppress) })),
    readingMinutesByDay: f.days.map((day) => {
      const minutes = f.reading.get(day) ?? 0;
      const people = f.readers.get(day) ?? 0;
      return { day, value: shown(people, suppress) === null ? null : minutes };
    }),
    readingMinutesByStage: f.stageReading.map((r) => ({
      name: r.name,
      count: shown(num(r.readers), suppress) === null ? null : num(r.n),
    })),
    topBooks: f.topBooks.map((b) => ({ id: num(b.id), title: b.title, readers: shown(num(b.n), suppress) })),
    downloadsByType: f.downloads.map((d) => ({
      name: RESOURCE_TYPE_LABELS[d.type as ResourceType] ?? d.type,
      count: shown(num(d.n), suppress),
    })),
    usersByCity: ZHEJIANG_CITIES.map((c) => ({ name: c.name, count: shown(f.registered.get(c.code) ?? 0, suppress) })),
    activeUsersByCity: ZHEJIANG_CITIES.map((c) => ({
      name: c.name,
      count: shown(f.active.get(c.code) ?? 0, suppress),
    })),
  };
}

/** The overview at `now` (ms) for one view: `present(await readFigures(db, now), suppress)`. */
export async function computeOverview(db: Db, now: number, suppress: boolean): Promise<BigDataOverview> {
  return present(await readFigures(db, now), suppress);
}
