/**
 * Catalogue benchmarks: list, facets and keyword search on the real catalogue
 * (data/textbooks-chinatextbook.jsonl, 1,907 importable books) and on a synthetic
 * 100,000-book catalogue, on PGlite (embedded) and PostgreSQL.
 *
 * The catalogue is imported with the product's own importer before the server starts (PGlite:
 * into the server's DATA_DIR; PostgreSQL: into a fresh database on BENCH_DATABASE_URL, default
 * TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards). The
 * PostgreSQL scenarios are left out when no server answers there.
 *
 * Each load scenario cycles through several request variants (unfiltered and filtered pages, deep
 * pages, facet combinations, keywords of different selectivity), all signed with EAV-Sign.
 * Targets: p99 < 20 ms at 1,926 books and < 50 ms at 100,000 books on PostgreSQL,
 * judged on the paced run (latency at a stated rate below saturation); `summarize` writes the
 * verdict for both that and the saturated p99.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiPaths, SIGN_HEADERS, signRequest, type TextbookFacets } from '@eav/contract';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { importTextbooks } from '../../apps/server/src/features/textbooks/importer';
import { seedDictionaries } from '../../apps/server/src/seed/dictionaries';
import {
  BENCH_SIGN_SECRET,
  startServer,
  type BenchContext,
  type LoadResult,
  type LoadScenario,
  type MeasureScenario,
  type RequestSpec,
  type ScenarioModule,
  type ScenarioState,
} from '../run';
import { PG_SHOWN_URL, freshDatabase, pgReachable } from '../pg';
import { lighthouseScenario } from './foundation';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const CATALOGUE = path.join(ROOT, 'data', 'textbooks-chinatextbook.jsonl');
const SYNTHETIC_SIZE = 100_000;

const PROVINCES = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
];

/**
 * The synthetic catalogue: the real books repeated until `size` lines, each repetition a regional
 * printing (own externalId, title suffix and provincial publisher), so filters, facets and
 * keywords keep the real distribution while the row count and facet cube grow.
 */
export function syntheticCatalogue(realText: string, size: number): string {
  const base = realText
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((b) => b.edition);
  const out: string[] = [];
  for (let i = 0; i < size; i++) {
    const b = base[i % base.length]!;
    const k = Math.floor(i / base.length);
    if (k === 0) out.push(JSON.stringify(b));
    else {
      const province = PROVINCES[k % PROVINCES.length]!;
      out.push(
        JSON.stringify({
          ...b,
          externalId: `syn-${i}`,
          title: `${String(b.title)}（${province}第${k}次印刷）`,
          publisher: `${province}教育出版社`,
        }),
      );
    }
  }
  return out.join('\n');
}

interface Prepared {
  env: Record<string, string>;
  dispose(): Promise<void>;
}
const prepared = new Map<string, Promise<Prepared>>();

/** Imports the catalogue once per (engine, size) and reuses it for every scenario of that pair. */
export function prepare(
  engine: 'pglite' | 'postgres',
  size: 'real' | 'synthetic',
  ctx: BenchContext,
): Promise<Prepared> {
  const key = `${engine}:${size}`;
  let p = prepared.get(key);
  if (!p) {
    p = (async () => {
      const real = fs.readFileSync(CATALOGUE, 'utf8');
      const text = size === 'real' ? real : syntheticCatalogue(real, SYNTHETIC_SIZE);
      if (engine === 'pglite') {
        const dataDir = ctx.tmpDir(`eav-bench-tb-${size}-`);
        const database = await openDatabase({ dataDir });
        await database.migrate();
        await seedDictionaries(database.db);
        const report = await importTextbooks(database.db, text);
        ctx.log(`imported ${report.created} books into PGlite in ${(report.durationMs / 1000).toFixed(1)} s`);
        await database.close();
        return { env: { DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '' }, dispose: async () => {} };
      }
      // A fixed name: a run that died leaves at most this database behind, dropped by the next run.
      const name = `eav_bench_textbooks_${size}`;
      const fresh = await freshDatabase(name);
      const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
      await database.migrate();
      await seedDictionaries(database.db);
      const report = await importTextbooks(database.db, text);
      ctx.log(`imported ${report.created} books into PostgreSQL in ${(report.durationMs / 1000).toFixed(1)} s`);
      await database.db.execute(sql`analyze`);
      await database.close();
      return {
        env: { DATA_DIR: ctx.tmpDir('eav-bench-tb-pgdata-'), SEED_DEMO: 'false', DATABASE_URL: fresh.url },
        dispose: async () => {
          await fresh.drop();
        },
      };
    })();
    prepared.set(key, p);
  }
  return p;
}

interface TbState extends ScenarioState {
  stop(): Promise<void>;
  facets: TextbookFacets;
}

export async function signedGet<T>(url: string, p: string, query: Record<string, string> = {}): Promise<T> {
  const timestamp = Date.now();
  const sign = signRequest({ method: 'GET', path: p, query, timestamp }, BENCH_SIGN_SECRET);
  const qs = new URLSearchParams(query).toString();
  const res = await fetch(`${url}${p}${qs ? `?${qs}` : ''}`, {
    headers: { [SIGN_HEADERS.timestamp]: String(timestamp), [SIGN_HEADERS.sign]: sign },
  });
  if (!res.ok) throw new Error(`${p} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

const id = (f: TextbookFacets, dim: keyof Omit<TextbookFacets, 'total' | 'readable'>, name: string) =>
  f[dim].find((v) => v.name === name)?.id;

/** Filter combinations a visitor clicks through (学段 → 学科 → 版本 → 年级). */
export function filterSets(f: TextbookFacets): Record<string, number | undefined>[] {
  const junior = id(f, 'stage', '初中');
  const primary = id(f, 'stage', '小学');
  const senior = id(f, 'stage', '高中');
  return [
    {},
    { stageId: junior },
    { stageId: junior, subjectId: id(f, 'subject', '数学') },
    { stageId: junior, subjectId: id(f, 'subject', '数学'), editionId: id(f, 'edition', '人教版') },
    { stageId: primary, subjectId: id(f, 'subject', '英语'), gradeId: id(f, 'grade', '三年级') },
    { stageId: senior, volumeId: id(f, 'volume', '选择性必修1') },
    { publisherId: id(f, 'publisher', '人民教育出版社') },
  ];
}

const KEYWORDS = ['一年级上册', '选择性必修', '数学', '义务教育教科书·英语', '地理图册', '物理 八年级'];

function scenarios(
  engine: 'pglite' | 'postgres',
  size: 'real' | 'synthetic',
): (LoadScenario<TbState> | MeasureScenario<TbState>)[] {
  const label = `${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${size === 'real' ? '1,926 books' : '100,000 books'}`;
  const setup = async (ctx: BenchContext): Promise<TbState> => {
    const prep = await prepare(engine, size, ctx);
    const server = await startServer({ kind: 'portal', env: prep.env });
    const facets = await signedGet<TextbookFacets>(server.url, ApiPaths.textbookFacets);
    return { url: server.url, stop: server.stop, facets };
  };
  const teardown = (s: TbState) => s.stop();
  const list: LoadScenario<TbState> = {
    name: `catalogue list (${label})`,
    description: `\`GET /api/v1/textbooks\`: 7 filter combinations × pages 1 and 5, pageSize 20 (${label}).`,
    setup,
    teardown,
    requests: (s) =>
      filterSets(s.facets).flatMap((q): RequestSpec[] => [
        { path: ApiPaths.textbooks, query: { ...q, page: 1, pageSize: 20 } },
        { path: ApiPaths.textbooks, query: { ...q, page: 5, pageSize: 20 } },
      ]),
  };
  const facets: LoadScenario<TbState> = {
    name: `facets (${label})`,
    description: `\`GET /api/v1/textbooks/facets\`: the same 7 filter combinations (${label}).`,
    setup,
    teardown,
    requests: (s) => filterSets(s.facets).map((q) => ({ path: ApiPaths.textbookFacets, query: q })),
  };
  const search: LoadScenario<TbState> = {
    name: `keyword search (${label})`,
    // Last of the three on this catalogue: drop the PostgreSQL database afterwards.
    teardown: async (s) => {
      await s.stop();
      const p = prepared.get(`${engine}:${size}`);
      prepared.delete(`${engine}:${size}`);
      await p?.then((x) => x.dispose());
    },
    description: `\`GET /api/v1/textbooks?keyword=…\` ranked by relevance, 6 keywords (${KEYWORDS.join('、')}), with and without a stage filter (${label}).`,
    setup,
    requests: (s) =>
      KEYWORDS.flatMap((keyword): RequestSpec[] => [
        { path: ApiPaths.textbooks, query: { keyword, pageSize: 20 } },
        { path: ApiPaths.textbooks, query: { keyword, stageId: id(s.facets, 'stage', '初中'), pageSize: 20 } },
      ]),
  };
  const firstSearch: MeasureScenario<TbState> = {
    name: `first keyword search after a catalogue change (${label})`,
    description:
      `A keyword query that arrives before the title index of the catalogue version exists (right after a ` +
      `catalogue change; the production entry builds it at start) waits for the index to be loaded and built; ` +
      `later keywords reuse it. Fresh server, facets answered first so the count snapshot exists; median of 5 ` +
      `servers (${label}).`,
    setup,
    teardown,
    async measure(s, ctx) {
      const time = async (url: string, q: Record<string, string>) => {
        const t0 = performance.now();
        await signedGet(url, ApiPaths.textbooks, q);
        return performance.now() - t0;
      };
      const runs: number[][] = [];
      for (let i = 0; i < 5; i++) {
        // The first run uses the scenario's server; the others each start a fresh one.
        const state = i === 0 ? s : await setup(ctx);
        try {
          runs.push([
            await time(state.url, { keyword: '数学', pageSize: '20' }),
            await time(state.url, { keyword: '数学', pageSize: '20' }),
            await time(state.url, { keyword: '选择性必修', pageSize: '20' }),
          ]);
        } finally {
          if (i > 0) await state.stop();
        }
      }
      const median = (k: number) =>
        runs
          .map((r) => r[k]!)
          .sort((a, b) => a - b)[2]!
          .toFixed(1);
      return {
        table: {
          columns: ['first keyword query (index build) ms', 'same keyword again ms', 'new keyword, warm index ms'],
          rows: [[median(0), median(1), median(2)]],
        },
      };
    },
  };
  return [list, facets, firstSearch, search];
}

/** Catalogue latency aims: p99 bound per catalogue size, on PostgreSQL. */
const AIMS = [
  { label: '1,926 books', boundMs: 20 },
  { label: '100,000 books', boundMs: 50 },
] as const;

/**
 * The verdict on the catalogue latency aims from this run's PostgreSQL results: per scenario the paced p99
 * (what the aim is judged against) and the saturated p99, each against the bound. A paced rate
 * below the requested one (the half-capacity cap) and a p99 within 10 % of the bound are named.
 */
export function aimVerdict(results: LoadResult[], ctx: Pick<BenchContext, 'rate' | 'rateCap' | 'connections'>): string {
  const rows: string[][] = [];
  const overall: string[] = [];
  const fmtMs = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const short = (r: LoadResult) => r.name.replace(/ \(.*\)$/, '');
  for (const aim of AIMS) {
    const mine = results.filter((r) => r.name.endsWith(`(PostgreSQL, ${aim.label})`));
    if (!mine.length) {
      overall.push(`p99 < ${aim.boundMs} ms at ${aim.label}: not measured in this run (no PostgreSQL).`);
      continue;
    }
    const notes: string[] = [];
    let missed = 0;
    let unmeasured = 0;
    for (const r of mine) {
      let verdict = 'not measured';
      if (!r.paced) unmeasured++;
      else if (r.paced.p99 >= aim.boundMs) {
        verdict = '**not met**';
        missed++;
        notes.push(`${short(r)} misses it (p99 ${fmtMs(r.paced.p99)} ms at ${r.paced.rate} req/s)`);
      } else if (r.paced.p99 >= aim.boundMs * 0.9) {
        verdict = 'met, borderline';
        notes.push(
          `${short(r)} meets it with little margin (p99 ${fmtMs(r.paced.p99)} ms at ${r.paced.rate} req/s; ` +
            'run-to-run variation on this shared machine is of that order)',
        );
      } else verdict = 'met';
      if (r.paced && r.paced.rate < ctx.rate) {
        const extra = r.pacedAtRequested;
        notes.push(
          `${short(r)} was paced at ${r.paced.rate} req/s, not ${ctx.rate}: the cap is ` +
            `${Math.round(ctx.rateCap * 100)} % of its saturation throughput of ${Math.round(r.rps)} req/s` +
            (extra
              ? `; at ${ctx.rate} req/s (${Math.round((ctx.rate / r.rps) * 100)} % of capacity) its p99 is ` +
                `${fmtMs(extra.p99)} ms: ${extra.p99 < aim.boundMs ? 'met there too' : '**not met** at that rate'}`
              : ''),
        );
      }
      rows.push([
        `p99 < ${aim.boundMs} ms, ${aim.label}`,
        short(r),
        r.paced ? `${r.paced.rate}` : '—',
        r.paced ? fmtMs(r.paced.p99) : '—',
        verdict,
        `${r.p99}`,
        r.p99 < aim.boundMs ? 'met' : '**not met**',
      ]);
      const extra = r.pacedAtRequested;
      if (extra) {
        rows.push([
          `p99 < ${aim.boundMs} ms, ${aim.label}`,
          `${short(r)} (at the requested rate)`,
          `${extra.rate}`,
          fmtMs(extra.p99),
          extra.p99 < aim.boundMs ? 'met' : '**not met**',
          '—',
          '—',
        ]);
      }
    }
    const missedSat = mine.filter((r) => r.p99 >= aim.boundMs).map(short);
    overall.push(
      `p99 < ${aim.boundMs} ms at ${aim.label} (PostgreSQL), paced: ` +
        (unmeasured
          ? 'not judged (paced runs missing)'
          : missed
            ? '**not met**'
            : mine.some((r) => r.pacedAtRequested && r.pacedAtRequested.p99 >= aim.boundMs)
              ? `**met only at the capped rate**, not at ${ctx.rate} req/s for every scenario`
              : '**met**') +
        (notes.length ? ` — ${notes.join('; ')}` : '') +
        `. Saturated p99 (${ctx.connections} connections): ` +
        (missedSat.length ? `not met by ${missedSat.join(', ')}.` : 'met as well.'),
    );
  }
  const table = [
    '| aim | scenario | paced rate (req/s) | paced p99 (ms) | at paced rate | saturated p99 (ms) | at saturation |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
  return [
    '### Catalogue latency aims (PostgreSQL)',
    'The aim is judged against the **paced p99**: the latency of a request while the server carries a stated load ' +
      'below its capacity (the rate column). The saturated p99 is shown beside it: with ' +
      `${ctx.connections} closed-loop connections the server is kept 100 % busy, so that p99 is mostly time spent ` +
      `queueing behind the other ${ctx.connections - 1} requests (p50 ≈ connections ÷ throughput); it measures ` +
      'capacity rather than the latency a visitor sees. PGlite (the embedded database for a single small ' +
      'installation) is not covered by the aim; its rows are in the table above.',
    ...(rows.length ? [table] : []),
    overall.map((o) => `- ${o}`).join('\n'),
  ].join('\n\n');
}

const withPg = await pgReachable();

const mod: ScenarioModule = {
  title: 'Digital textbook catalogue',
  intro: [
    'Catalogue list, facets and keyword search on the real catalogue (1,926 lines, 1,907 importable) and on a synthetic ' +
      '100,000-book catalogue (the real books repeated as regional printings), imported with the product importer.',
    'Facets and list totals come from an in-process snapshot of counts per dimension combination, invalidated by a ' +
      'database-maintained catalogue version; the answers themselves (lists, facets, keyword results) are kept in the ' +
      'read cache of the same version (decision 011), so a repeated request costs no database work. ' +
      'Keyword matching and relevance ranking run in process over a title index of the same catalogue version ' +
      '(character pairs, ADR 005), then the page is fetched by id.',
    ...(withPg ? [] : [`PostgreSQL scenarios skipped: no server at ${PG_SHOWN_URL}.`]),
  ],
  summarize: aimVerdict,
  scenarios: [
    ...scenarios('pglite', 'real'),
    ...scenarios('pglite', 'synthetic'),
    ...(withPg ? [...scenarios('postgres', 'real'), ...scenarios('postgres', 'synthetic')] : []),
    lighthouseScenario(
      'Lighthouse: /digitalBook',
      '/digitalBook',
      'Lighthouse 12 on the catalogue page `/digitalBook` (demo catalogue) served by the built server, Debian Chromium ' +
        'headless, mobile and desktop presets.',
    ),
  ],
};

export default mod;
