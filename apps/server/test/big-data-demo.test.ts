/**
 * 大数据中心 demo activity (docs/big-data.md, Demo activity): an app seeded with demo content shows
 * 30 Beijing days of activity ending at the seed time (the injected clock) and says its figures
 * include demo data; an app without demo content shows none and says so; the demo figures stay out
 * of the rollups folded from the other features' tables, and a second start does not seed again.
 */
import { ApiPaths, LIMITS, beijingDay, type BigDataOverview } from '@eav/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { importTextbooks } from '../src/features/textbooks/importer';
import { repoRoot } from '../src/lib/package-root';
import { api, testConfig, useTestApp } from './helpers';

/** Tuesday 2026-11-24, 15:30 Beijing time: a school day, in the afternoon. */
const SEED_AT = Date.parse('2026-11-24T15:30:00+08:00');
let now = SEED_AT;
const t = useTestApp({ clock: () => now });
/** What one build with the demo seed may take on a loaded machine (as helpers.ts bounds it). */
const DEMO_SEED_BUILD_MS = 180_000;

async function overview(app: FastifyInstance): Promise<BigDataOverview> {
  const res = await api(app, { url: ApiPaths.bigDataOverview });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BigDataOverview;
}

async function countRows(app: FastifyInstance, table: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await app.db.execute(sql.raw(`select count(*)::int as n from ${table}`)));
  return Number(r?.n ?? 0);
}

describe('大数据中心 demo activity', () => {
  it('is absent without demo content: zero series and no 演示数据 flag', async () => {
    const o = await overview(t.app);
    expect(o.demo).toBe(false);
    expect(o.activationsByDay).toHaveLength(LIMITS.bigData.days);
    expect(o.activationsByDay.every((d) => d.value === 0)).toBe(true);
    expect(o.readingMinutesByDay.every((d) => d.value === 0)).toBe(true);
    expect(o.topBooks).toEqual([]);
    expect(o.usersByCity.every((c) => c.count === 0)).toBe(true);
  });

  it(
    'seeded with demo content: 30 non-zero days ending at the seed time, marked as demo, seeded once',
    async () => {
      // The real catalogue, as a demo start has it (without the demo catalogue's generated files: a
      // catalogue already there keeps the demo catalogue out of this test).
      const report = await importTextbooks(
        t.app.db,
        fs.readFileSync(path.join(repoRoot(), 'data', 'textbooks-chinatextbook.jsonl'), 'utf8'),
      );
      expect(report.created).toBeGreaterThan(1_900);
      const config = testConfig({ seedDemo: true });
      const app = await t.build({ config });
      const o = await overview(app);

      expect(o.demo).toBe(true);
      expect(o.suppressed).toBe(true);
      expect(o.activationsByDay).toHaveLength(LIMITS.bigData.days);
      expect(o.activationsByDay.at(-1)!.day).toBe(beijingDay(SEED_AT));
      for (const series of [o.activationsByDay, o.readingMinutesByDay]) {
        // Non-zero and never withheld in the public view.
        expect(
          series.every((d) => d.value !== null && d.value > 0),
          JSON.stringify(series),
        ).toBe(true);
      }
      // School days are busier than weekends (2026-11-21/22 and 11-14/15 are weekends).
      const minutes = new Map(o.readingMinutesByDay.map((d) => [d.day, d.value!]));
      expect(minutes.get('2026-11-23')!).toBeGreaterThan(minutes.get('2026-11-22')! * 1.3);
      expect(minutes.get('2026-11-16')!).toBeGreaterThan(minutes.get('2026-11-15')! * 1.3);
      // Readers follow the catalogue: the main subjects lead, every book read is a catalogue book.
      expect(o.topBooks.length).toBeGreaterThan(0);
      expect(o.topBooks.every((b) => (b.readers ?? 0) >= LIMITS.bigData.suppressBelow)).toBe(true);
      expect(o.topBooks[0]!.title).toMatch(/语文|数学|英语/);
      expect(o.readingMinutesByStage.map((s) => s.name)).toEqual(expect.arrayContaining(['初中', '小学', '高中']));
      expect(o.usersByCity.every((c) => (c.count ?? 0) > 0)).toBe(true);
      expect(o.activeUsersByCity.every((c) => (c.count ?? 0) > 0)).toBe(true);
      // The month's minutes add up, per 学段 and per day (each rounded down to whole minutes).
      const byStage = o.readingMinutesByStage.reduce((a, s) => a + s.count!, 0);
      const byDay = o.readingMinutesByDay.reduce((a, d) => a + d.value!, 0);
      expect(o.totals.readingMinutes! - byStage).toBeGreaterThanOrEqual(0);
      expect(o.totals.readingMinutes! - byStage).toBeLessThan(o.readingMinutesByStage.length);
      expect(o.totals.readingMinutes! - byDay).toBeGreaterThanOrEqual(0);
      expect(o.totals.readingMinutes! - byDay).toBeLessThan(LIMITS.bigData.days);

      // Demo figures live in the feature's own tables: the rollups of real activity stay empty.
      for (const table of ['big_data_activations', 'big_data_reading_days', 'big_data_book_readers'])
        expect(await countRows(app, table), table).toBe(0);

      // A later start (a day later) neither seeds again nor moves the month.
      const days = await countRows(app, 'big_data_demo_days');
      now = SEED_AT + 86_400_000;
      const again = await t.build({ config });
      expect(await countRows(again, 'big_data_demo_days')).toBe(days);
      expect((await overview(again)).totals.activations).toBe(o.totals.activations);
      // Two builds with the demo seed (question bank, papers, resources), each bounded as in helpers.ts.
    },
    2 * DEMO_SEED_BUILD_MS,
  );
});
