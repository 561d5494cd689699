/**
 * 大数据中心 benchmarks (docs/big-data.md): the overview with 10 million reading-progress rows on
 * PostgreSQL (aim: p99 under 100 ms), and what the rollups cost: the seeding with the triggers on,
 * the cold refresh that folds the seeding's deltas, a full rebuild from the source tables, an
 * incremental refresh after 10,000 new rows, and the overview computed from the rollups without
 * the minute's keeping (in the bench process, `computeOverview` straight on the database).
 *
 * The database is seeded on the PostgreSQL server with INSERT ... SELECT over generate_series: the
 * real catalogue (1,926 books, the product's importer), USERS users over the 11 cities of Zhejiang
 * and elsewhere, USERS × BOOKS reading-progress rows (updated on a day of the last year), an
 * activity with reading time on the last 30 days, two activations per user and downloads of 20
 * resources. PGlite is not measured: 10 million rows are beyond an embedded single-user database.
 * BENCH_BIG_DATA_USERS lowers the size for a quick try.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, createHash } from 'node:crypto';
import { ApiPaths } from '@eav/contract';
import postgres from 'postgres';
import { openDatabase } from '../../apps/server/src/db/client';
import { saveActivity } from '../../apps/server/src/features/prize';
import { computeOverview } from '../../apps/server/src/features/big-data/overview';
import { refreshRollups } from '../../apps/server/src/features/big-data/rollups';
import { importTextbooks } from '../../apps/server/src/features/textbooks/importer';
import { seedDictionaries } from '../../apps/server/src/seed/dictionaries';
import {
  percentile,
  startServer,
  type BenchContext,
  type LoadScenario,
  type MeasureScenario,
  type ScenarioModule,
  type ScenarioState,
} from '../run';
import { benchActivity } from '../activity-fixture';
import { PG_SHOWN_URL, freshDatabase, pgReachable } from '../pg';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const DB_NAME = 'eav_bench_big_data';
const USERS = Number(process.env.BENCH_BIG_DATA_USERS ?? 100_000);
const BOOKS = 100;
const PROGRESS_ROWS = USERS * BOOKS;
const READING_USERS = Math.min(USERS, 30_000);
const COMPUTE_RUNS = 200;
const REGIONS = [
  '浙江省杭州市西湖区',
  '浙江省宁波市鄞州区',
  '温州',
  '330400',
  '浙江省湖州市',
  '绍兴市越城区',
  '金华市',
  '衢州',
  '舟山市',
  '台州市',
  '丽水市',
  '江苏省南京市',
];

const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));

export interface Prepared {
  url: string;
  adminToken: string;
  /** Rows of the measurement table filled while preparing. */
  steps: (string | number)[][];
  dispose(): Promise<void>;
}
let prepared: Promise<Prepared> | undefined;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}

/** The 10-million-row database (memoised per bench run): its URL, an operator's token, the seeding's steps. */
export function prepareBigData(ctx: BenchContext): Promise<Prepared> {
  prepared ??= (async () => {
    const fresh = await freshDatabase(DB_NAME);
    const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
    await database.migrate();
    const db = database.db;
    const pg = postgres(fresh.url, { max: 1, onnotice: () => {} });
    const steps: (string | number)[][] = [];
    await seedDictionaries(db);
    await importTextbooks(db, fs.readFileSync(path.join(ROOT, 'data', 'textbooks-chinatextbook.jsonl'), 'utf8'));
    const books = await pg<{ id: number; external_id: string }[]>`
      select id, external_id from textbooks order by id limit ${BOOKS}`;
    const now = Date.now();
    const { activity } = await saveActivity(
      db,
      benchActivity(
        'BENCH-BIGDATA',
        '压测阅读活动',
        books.slice(0, 20).map((b) => b.external_id),
        now,
        40,
      ),
      now - 41 * 86400_000,
    );

    const t0 = performance.now();
    await pg.unsafe(
      `insert into users (user_name, region, status)
       select 'bd_' || g, (array[${REGIONS.map((r) => `'${r}'`).join(',')}])[1 + g % ${REGIONS.length}],
         case when g % 50 = 0 then 'cancelled' else 'active' end
       from generate_series(1, ${USERS}) g`,
    );
    const [range] = await pg<{ lo: number; hi: number }[]>`
      select min(id)::int as lo, max(id)::int as hi from users where user_name like 'bd\\_%'`;
    const { lo, hi } = range!;
    const bookIds = books.map((b) => b.id);
    // Reading progress in chunks of 10,000 users (1,000,000 rows per statement).
    for (let from = lo; from <= hi; from += 10_000) {
      await pg.unsafe(
        `insert into reading_progress (user_id, textbook_id, page, total_pages, updated_at)
         select u, b, 1 + (u + b) % 200, 200,
           now() - ((u * 7 + b * 13) % 365) * interval '1 day' - ((u + b) % 86400) * interval '1 second'
         from generate_series(${from}, ${Math.min(hi, from + 9_999)}) u
         cross join unnest(array[${bookIds.join(',')}]::int[]) b`,
      );
      ctx.log(`big data: reading progress up to user ${Math.min(hi, from + 9_999) - lo + 1} of ${USERS}`);
    }
    await pg.unsafe(
      `insert into prize_reading_time (activity_id, user_id, day, textbook_id, seconds)
       select ${activity.id}, u, (now() at time zone 'Asia/Shanghai')::date - d,
         (array[${bookIds.slice(0, 20).join(',')}]::int[])[1 + (u + d) % 20], 60 + (u * 31 + d * 17) % 1800
       from generate_series(${lo}, ${lo + READING_USERS - 1}) u cross join generate_series(0, 29) d`,
    );
    await pg.unsafe(
      `insert into user_textbooks (user_id, textbook_id, source, activated_at)
       select u, (array[${bookIds.join(',')}]::int[])[1 + (u + k * 37) % ${BOOKS}], 'code',
         now() - ((u * 3 + k) % 60) * interval '1 day'
       from generate_series(${lo}, ${hi}) u cross join generate_series(0, 1) k`,
    );
    await pg.unsafe(
      `insert into resources (title, type, format, mime, stage_id, subject_id)
       select '压测资源' || g, (array['courseware','lesson_plan','exercise','micro_lesson'])[1 + g % 4], 'pdf', 'application/pdf',
         (select id from dictionary where kind = 'stage' order by id limit 1),
         (select id from dictionary where kind = 'subject' order by id limit 1)
       from generate_series(1, 20) g`,
    );
    await pg.unsafe(
      `insert into resource_events (resource_id, user_id, kind, day)
       select r.id, u, 'download', (now() at time zone 'Asia/Shanghai')::date - (u % 30)
       from generate_series(${lo}, ${hi}) u
       cross join lateral (select id from resources order by id offset (u % 19) limit 2) r`,
    );
    const seedMs = performance.now() - t0;
    const [deltas] = await pg<{ pending: string }[]>`select count(*) as pending from big_data_deltas`;
    steps.push([
      `seed (triggers on): ${fmt(PROGRESS_ROWS)} reading-progress rows, ${fmt(READING_USERS * 30)} reading-time rows, ${fmt(USERS)} users, ${fmt(USERS * 2)} activations and downloads`,
      `${(seedMs / 1000).toFixed(1)} s`,
      `${fmt(Number(deltas!.pending))} delta rows pending`,
    ]);
    await pg.unsafe('vacuum analyze');

    const [cold, coldMs] = await timed(() => refreshRollups(db));
    steps.push([
      'cold refresh: fold the seeding’s deltas',
      `${ms(coldMs)} ms`,
      `${fmt(cold.folded)} delta rows folded`,
    ]);
    const [, rebuildMs] = await timed(() => pg`select big_data_rebuild()`);
    steps.push([
      'full rebuild from the source tables (`big_data_rebuild()`)',
      `${(rebuildMs / 1000).toFixed(1)} s`,
      '',
    ]);
    await pg.unsafe('vacuum analyze');

    // 10,000 new reading-progress rows (new books for 1,000 users) and page turns today.
    await pg.unsafe(
      `insert into reading_progress (user_id, textbook_id, page, updated_at)
       select u, b.id, 1, now() from generate_series(${lo}, ${lo + 999}) u
       cross join (select id from textbooks order by id offset ${BOOKS} limit 10) b`,
    );
    await pg.unsafe(
      `update reading_progress set page = page + 1, updated_at = now() where user_id between ${lo + 1000} and ${lo + 1999}`,
    );
    const [inc, incMs] = await timed(() => refreshRollups(db));
    steps.push([
      'incremental refresh after 10,000 new rows and 100,000 page turns',
      `${ms(incMs)} ms`,
      `${fmt(inc.folded)} delta rows folded`,
    ]);

    for (const suppress of [false, true]) {
      await computeOverview(db, Date.now(), suppress);
      const times: number[] = [];
      for (let i = 0; i < COMPUTE_RUNS; i++)
        times.push((await timed(() => computeOverview(db, Date.now(), suppress)))[1]);
      times.sort((a, b) => a - b);
      steps.push([
        `overview computed from the rollups, ${suppress ? 'public' : 'operators’'} view (${COMPUTE_RUNS} runs, not kept)`,
        `p50 ${ms(percentile(times, 0.5))} ms, p99 ${ms(percentile(times, 0.99))} ms`,
        `max ${ms(times.at(-1)!)} ms`,
      ]);
    }

    // An operator's session that has passed the console's second factor (docs/console.md).
    const token = randomBytes(24).toString('base64url');
    await pg`
      with u as (insert into users (user_name, roles) values ('bd_admin', '{admin}') returning id)
      insert into sessions (user_id, token_hash, expires_at, mfa_at)
      select id, ${createHash('sha256').update(token).digest('hex')}, now() + interval '1 day', now() from u`;
    await pg.end();
    await database.close();
    return {
      url: fresh.url,
      adminToken: token,
      steps,
      // Another module may prepare it again in the same run (capacity.ts uses it too).
      dispose: async () => {
        prepared = undefined;
        await fresh.drop();
      },
    };
  })();
  return prepared;
}

interface BigDataState extends ScenarioState {
  prep: Prepared;
  stop(): Promise<void>;
}

const serve = async (ctx: BenchContext): Promise<BigDataState> => {
  const prep = await prepareBigData(ctx);
  const server = await startServer({
    kind: 'portal',
    env: { DATA_DIR: ctx.tmpDir('eav-bench-big-data-'), SEED_DEMO: 'false', DATABASE_URL: prep.url },
  });
  return { url: server.url, stop: server.stop, prep };
};

const label = `PostgreSQL, ${fmt(PROGRESS_ROWS)} reading-progress rows`;

const costs: MeasureScenario<BigDataState> = {
  name: `big data: rollup costs (${label})`,
  description:
    'Seeding with the rollup triggers on, the cold refresh, a full rebuild, an incremental refresh, and the ' +
    'overview computed straight from the rollups (what the minute’s first request pays).',
  setup: async (ctx) => ({ url: '', stop: async () => {}, prep: await prepareBigData(ctx) }),
  measure: async (state) => ({
    table: { columns: ['step', 'time', 'detail'], rows: state.prep.steps },
  }),
};

const scenarios: LoadScenario<BigDataState>[] = [
  {
    name: `big data overview, public (${label})`,
    description: `\`GET ${ApiPaths.bigDataOverview}\`: the public view (answers kept a minute, rollups refreshed in the background).`,
    setup: serve,
    teardown: (s) => s.stop(),
    requests: () => [{ path: ApiPaths.bigDataOverview }],
  },
  {
    name: `big data overview, operators (${label})`,
    description: `\`GET ${ApiPaths.adminBigDataOverview}\` as an admin: the same figures without withholding.`,
    setup: serve,
    teardown: async (s) => {
      await s.stop();
      await s.prep.dispose();
    },
    requests: (s) => [{ path: ApiPaths.adminBigDataOverview, token: s.prep.adminToken }],
  },
];

const withPg = await pgReachable();

const mod: ScenarioModule = {
  title: '大数据中心: overview over rollups',
  intro: [
    `The 大数据中心 overview on PostgreSQL with ${fmt(PROGRESS_ROWS)} reading-progress rows (${fmt(USERS)} users × ${BOOKS} ` +
      'books), read from the rollup tables of migration 0016 (docs/big-data.md, Rollups). Aim: p99 under 100 ms.',
    ...(withPg ? [] : [`Skipped: no PostgreSQL server at ${PG_SHOWN_URL}.`]),
  ],
  scenarios: withPg ? [costs, ...scenarios] : [],
  summarize: (results) =>
    results
      .map((r) => {
        const p99 = r.paced?.p99;
        const verdict = p99 === undefined ? 'no paced run' : p99 < 100 ? 'met' : 'not met';
        return `- **${r.name}**: paced p99 ${p99 === undefined ? '—' : ms(p99)} ms; aim < 100 ms: ${verdict}.`;
      })
      .join('\n'),
};

export default mod;
