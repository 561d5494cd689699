/**
 * 大数据中心 demo activity (docs/big-data.md, Demo activity): when demo content is seeded, 30 Beijing
 * days of clearly synthetic figures ending at the seed time, so that a demonstration does not show
 * empty charts. They go into the feature's own `big_data_demo_*` tables (migration 0025), never
 * into the other features' tables nor the rollups folded from them; the overview adds them and
 * answers `demo: true`, and the page says the figures include 演示数据.
 *
 * Shape of the month: school days busier than weekends, a steady growth of about 1.2 % a day, the
 * seed day counted only up to the seed time along a school-day profile of hours, readers spread over
 * the catalogue's books by 学科 and 学段 weights, users over the 11 cities by population. The noise
 * is a hash of each figure's key, so a seed is reproducible for a given day.
 */
import { createHash } from 'node:crypto';
import { LIMITS, RESOURCE_TYPES, inBeijing, lastBeijingDays, type ResourceType } from '@eav/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import {
  bigDataDemoBooks,
  bigDataDemoDays,
  bigDataDemoDownloads,
  bigDataDemoRegions,
  dictionary,
  resources,
  textbooks,
} from '../../db/schema';
import type { Seeder } from '../../seed/seeder';
import { ZHEJIANG_CITIES } from './cities';

/** Readers on a school day at the start of the month; the rest scales from it. */
const BASE_READERS = 420;
/** Daily growth over the month (1.2 %: a portal being rolled out). */
const GROWTH = 0.012;
/** Reading seconds per reader and day (about 22 minutes). */
const SECONDS_PER_READER = 1_320;
/**
 * Books of each 学段 the month's readers are spread over: the stage's most read by weight. Readers
 * gather on the core subjects' books; spread over a whole catalogue (about 2,000 books) each book
 * would have fewer readers than the public view shows, and 热门教材 and reading by 学段 would stay empty.
 */
const READ_BOOKS_PER_STAGE = 40;
/** Weekends: pupils read at home, less than in class. Index = day of week, 0 = Sunday. */
const WEEKDAY_FACTOR = [0.62, 1, 1, 1, 1, 0.95, 0.5];
/** Share of a school day's reading per Beijing hour (class hours and evening homework). */
const HOUR_PROFILE = [0, 0, 0, 0, 0, 0, 0, 2, 8, 9, 9, 8, 3, 3, 8, 9, 8, 4, 3, 6, 7, 5, 2, 0];
/** Weight of a book's 学科 among readers (main subjects read most); 1 for the others. */
const SUBJECT_WEIGHT: Record<string, number> = { 语文: 3, 数学: 3, 英语: 2.2, 科学: 1.6, 物理: 1.3, 化学: 1.2 };
/** Weight of a book's 学段 (more pupils in primary school). */
const STAGE_WEIGHT: Record<string, number> = { 小学: 1.3, 初中: 1, 高中: 0.7 };
/** Resident population of the cities in millions (rounded), the weight of their users. */
const CITY_WEIGHT: Record<string, number> = {
  杭州市: 12.5,
  宁波市: 9.6,
  温州市: 9.7,
  嘉兴市: 5.6,
  湖州市: 3.4,
  绍兴市: 5.3,
  金华市: 7.1,
  衢州市: 2.3,
  舟山市: 1.2,
  台州市: 6.7,
  丽水市: 2.5,
};
/** Downloads per resource type, relative (courseware and exercises lead). */
const TYPE_WEIGHT: Record<ResourceType, number> = {
  courseware: 10,
  lesson_plan: 6,
  study_guide: 5,
  exercise: 8,
  paper: 7,
  micro_lesson: 4,
  audio: 2,
  material: 2,
};

/** A number in [1 - spread, 1 + spread) fixed by `key`: reproducible noise without a random source. */
export function jitter(key: string, spread: number): number {
  const u = createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
  return 1 - spread + 2 * spread * u;
}

/** A count as the public view would show it: below the withholding threshold a demo figure is 0. */
const visible = (n: number) => (n < LIMITS.bigData.suppressBelow ? 0 : n);

/** Splits `total` into integer parts proportional to `weights` (largest remainders). */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    parts[i]! += 1;
  }
  return parts;
}

/** Share of a school day's reading done by the Beijing time of `now` (0 at midnight, 1 at its end). */
export function dayShareAt(now: number): number {
  const t = inBeijing(now)!;
  const hour = t.hour();
  const total = HOUR_PROFILE.reduce((a, b) => a + b, 0);
  const before = HOUR_PROFILE.slice(0, hour).reduce((a, b) => a + b, 0);
  return (before + (HOUR_PROFILE[hour]! * t.minute()) / 60) / total;
}

/** One synthetic day: activations, readers and their reading seconds. */
export interface DemoDay {
  day: string;
  activations: number;
  readers: number;
  readingSeconds: number;
}

/** The 30 (LIMITS.bigData.days) demo days ending at `now` (ms), the last one up to `now`. */
export function demoDays(now: number): DemoDay[] {
  const days = lastBeijingDays(now, LIMITS.bigData.days);
  const share = dayShareAt(now);
  return days.map((day, i) => {
    const weekday = inBeijing(`${day}T12:00:00+08:00`)!.day();
    const scale = (1 + GROWTH * i) * WEEKDAY_FACTOR[weekday]! * (i === days.length - 1 ? share : 1);
    const readers = visible(Math.round(BASE_READERS * scale * jitter(`readers ${day}`, 0.08)));
    return {
      day,
      readers,
      readingSeconds: Math.round(readers * SECONDS_PER_READER * jitter(`seconds ${day}`, 0.12)),
      // Activations follow new readers: about one in ten, fewer at weekends.
      activations: visible(Math.round(BASE_READERS * 0.1 * scale * jitter(`activations ${day}`, 0.2))),
    };
  });
}

/**
 * Seeds the demo activity when demo content is seeded (SeedContext.demo, never in production:
 * config.ts refuses SEED_DEMO there), once: skipped when demo days exist already, so a restart
 * does not move the month.
 */
export const seedDemoActivity: Seeder = async ({ db, demo, clock = Date.now, log }) => {
  if (!demo) return;
  const [seeded] = await db.select({ day: bigDataDemoDays.day }).from(bigDataDemoDays).limit(1);
  if (seeded) return;
  const now = clock();
  const days = demoDays(now);
  const readingSeconds = days.reduce((a, d) => a + d.readingSeconds, 0);
  // Distinct readers of the month: most read on many days, so far fewer than the sum of the days.
  const monthReaders = Math.round(Math.max(...days.map((d) => d.readers)) * 3.2);

  const books = mostRead(await bookWeights(db));
  const bookReaders = apportion(
    monthReaders,
    books.map((b) => b.weight),
  );
  // Books with fewer readers than the public view shows are left out, their seconds with them.
  const kept = books.map((b, i) => ({ id: b.id, readers: visible(bookReaders[i]!) })).filter((b) => b.readers > 0);
  const keptSeconds = apportion(
    readingSeconds,
    kept.map((b) => b.readers * jitter(`book ${b.id}`, 0.25)),
  );
  const regions = demoRegions(days, monthReaders);
  const types = await publishedTypes(db);
  const downloads = apportion(
    Math.round(monthReaders * 1.4),
    types.map((t) => TYPE_WEIGHT[t] * jitter(`type ${t}`, 0.15)),
  );

  await db.transaction(async (tx) => {
    await tx.insert(bigDataDemoDays).values(days);
    const bookRows = kept.map((b, i) => ({ textbookId: b.id, readers: b.readers, seconds: keptSeconds[i]! }));
    if (bookRows.length) await tx.insert(bigDataDemoBooks).values(bookRows);
    if (regions.length) await tx.insert(bigDataDemoRegions).values(regions);
    const typeRows = types.map((type, i) => ({ type, n: visible(downloads[i]!) })).filter((r) => r.n > 0);
    if (typeRows.length) await tx.insert(bigDataDemoDownloads).values(typeRows);
  });
  log.info({ days: days.length, books: books.length }, 'big data: demo activity seeded');
};

/** The READ_BOOKS_PER_STAGE heaviest books of each 学段, heaviest first. */
function mostRead(books: BookWeight[]): BookWeight[] {
  const byStage = new Map<string, BookWeight[]>();
  for (const b of books) byStage.set(b.stage, [...(byStage.get(b.stage) ?? []), b]);
  return [...byStage.values()]
    .flatMap((list) => list.sort((a, b) => b.weight - a.weight).slice(0, READ_BOOKS_PER_STAGE))
    .sort((a, b) => b.weight - a.weight);
}

interface BookWeight {
  id: number;
  stage: string;
  weight: number;
}

/** The catalogue's books with their weight among readers (学科 × 学段 × a per-book jitter). */
async function bookWeights(db: Db): Promise<BookWeight[]> {
  const list = rowsOf<{ id: number; subject: string; stage: string }>(
    await db.execute(
      sql`select t.id as id, s.name as subject, g.name as stage
          from ${textbooks} t join ${dictionary} s on s.id = t.subject_id join ${dictionary} g on g.id = t.stage_id
          order by t.id`,
    ),
  );
  return list.map((b) => ({
    id: Number(b.id),
    stage: b.stage,
    weight: (SUBJECT_WEIGHT[b.subject] ?? 1) * (STAGE_WEIGHT[b.stage] ?? 1) * jitter(`weight ${b.id}`, 0.4),
  }));
}

/** Resource types with published resources: demo downloads only of what the portal offers. */
async function publishedTypes(db: Db): Promise<ResourceType[]> {
  const list = await db
    .selectDistinct({ type: resources.type })
    .from(resources)
    .where(eq(resources.status, 'published'));
  const present = new Set(list.map((r) => r.type));
  return RESOURCE_TYPES.filter((t) => present.has(t));
}

/**
 * Demo users per city and day: registrations follow the days' activations (a new user activates a
 * book), and each month reader's last active day leans to the recent days (active users come back).
 */
function demoRegions(
  days: DemoDay[],
  monthReaders: number,
): { region: string; day: string; registered: number; active: number }[] {
  const cities = ZHEJIANG_CITIES.map((c) => ({ name: c.name, weight: CITY_WEIGHT[c.name] ?? 1 }));
  const registeredPerDay = days.map((d) => Math.round(d.activations * 1.6));
  const activePerDay = apportion(
    monthReaders,
    days.map((d, i) => d.readers * (i + 1)),
  );
  const out: { region: string; day: string; registered: number; active: number }[] = [];
  days.forEach((d, i) => {
    const weights = cities.map((c) => c.weight * jitter(`city ${c.name} ${d.day}`, 0.3));
    const registered = apportion(registeredPerDay[i]!, weights);
    const active = apportion(activePerDay[i]!, weights);
    cities.forEach((c, j) => {
      if (registered[j]! > 0 || active[j]! > 0)
        out.push({ region: c.name, day: d.day, registered: registered[j]!, active: active[j]! });
    });
  });
  return out;
}
