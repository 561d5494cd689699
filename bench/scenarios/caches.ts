/**
 * Caches on the catalogue's path, on and off (docs/ARCHITECTURE.md, Caches): the catalogue page's
 * and the home page's requests against servers that differ only in CACHES_OFF, measured in
 * interleaved rounds so that a machine whose speed drifts (two shared cores) affects every
 * configuration alike; medians over the rounds.
 *
 * Every configuration runs as its own built server (`apps/server/dist`) on the real catalogue
 * (1,907 books): on PGlite each server has its own copy of the imported data directory (PGlite is
 * one process's database); on PostgreSQL they share one fresh database, dropped afterwards. The
 * servers idle while another is measured.
 *
 * With the read cache on, the request set of a page (a few dozen targets) is answered from it after
 * the first round, so the catalogue snapshot and the title index are reached only by the read
 * cache's misses: the first request of each target per catalogue version (every target after a
 * catalogue change, and the long tail of filter combinations and keywords). Their worth is therefore
 * measured with the read cache off, where every request is such a miss.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths, type TextbookFacets } from '@eav/contract';
import {
  fmt,
  saturate,
  startServer,
  type BenchContext,
  type MeasureScenario,
  type RequestSpec,
  type RunningServer,
  type ScenarioModule,
  type ScenarioState,
  type SaturationFigures,
} from '../run';
import { freshDatabase, pgReachable } from '../pg';

/**
 * The configurations compared: a label, the CACHES_OFF value (apps/server/src/config.ts) and the
 * configuration that differs from it by one cache only (whose gain the row shows). Replay needs the
 * read cache; the snapshot and the title index are compared with the read cache off (see above).
 */
const CONFIGS: { label: string; off: string; against?: string }[] = [
  { label: 'all caches on', off: '' },
  { label: 'read replay off', off: 'read-replay', against: 'all caches on' },
  { label: 'read cache off (and replay)', off: 'read-replay,read-cache', against: 'read replay off' },
  {
    label: 'read cache + snapshot off',
    off: 'read-replay,read-cache,catalogue-snapshot',
    against: 'read cache off (and replay)',
  },
];

/**
 * The configurations measured: every one, or the first N with EAV_BENCH_CACHE_CONFIGS=N (2: all on
 * against read replay off, for a longer look at the smallest gain).
 */
const MEASURED = CONFIGS.slice(0, Math.max(1, Number(process.env.EAV_BENCH_CACHE_CONFIGS) || CONFIGS.length));

/** Interleaved rounds (every configuration and page once per round); override with EAV_BENCH_CACHE_ROUNDS. */
const ROUNDS = Math.max(1, Number(process.env.EAV_BENCH_CACHE_ROUNDS) || 3);

const KEYWORDS = ['一年级上册', '选择性必修', '数学', '义务教育教科书·英语', '地理图册', '物理 八年级'];

/** Facets of the whole catalogue and the id of the stage named `name`, if any. */
async function stageId(url: string, name: string): Promise<{ facets: TextbookFacets; id: number | undefined }> {
  const tb = await import('./textbooks');
  const facets = await tb.signedGet<TextbookFacets>(url, ApiPaths.textbookFacets);
  return { facets, id: facets.stage.find((s) => s.name === name)?.id };
}

/** The 数字教材 page (`/#/digitalBook`) browsed by filters: per click the facets and the list, pages 1 and 5. */
async function catalogueFilters(url: string): Promise<RequestSpec[]> {
  const tb = await import('./textbooks');
  const { facets } = await stageId(url, '初中');
  return tb.filterSets(facets).flatMap((q): RequestSpec[] => [
    { path: ApiPaths.textbookFacets, query: q },
    { path: ApiPaths.textbooks, query: { ...q, page: 1, pageSize: 20 } },
    { path: ApiPaths.textbooks, query: { ...q, page: 5, pageSize: 20 } },
  ]);
}

/** The 数字教材 page's keyword search: per keyword its facets and list, and the list with a stage. */
async function catalogueKeywords(url: string): Promise<RequestSpec[]> {
  const { id: junior } = await stageId(url, '初中');
  return KEYWORDS.flatMap((keyword): RequestSpec[] => [
    { path: ApiPaths.textbookFacets, query: { keyword } },
    { path: ApiPaths.textbooks, query: { keyword, page: 1, pageSize: 20 } },
    { path: ApiPaths.textbooks, query: { keyword, stageId: junior, page: 1, pageSize: 20 } },
  ]);
}

/**
 * The home page's requests (apps/web/src/app/first-screen.ts): the page itself (its HTML carries
 * the carousel's answer), the unfiltered facets and the first featured stage's six books.
 */
async function homePage(url: string): Promise<RequestSpec[]> {
  const { facets, id } = await stageId(url, '小学');
  const stage = id ?? facets.stage[0]!.id;
  return [
    { path: '/', sign: false },
    { path: ApiPaths.textbookFacets },
    { path: ApiPaths.textbooks, query: { stageId: stage, page: 1, pageSize: 6 } },
  ];
}

const PAGES = [
  { label: 'catalogue: filters', requests: catalogueFilters },
  { label: 'catalogue: keyword search', requests: catalogueKeywords },
  { label: 'home page', requests: homePage },
] as const;

interface CachesState extends ScenarioState {
  servers: { label: string; server: RunningServer }[];
  dispose(): Promise<void>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function scenario(engine: 'pglite' | 'postgres'): MeasureScenario<CachesState> {
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return {
    name: `caches on and off (${label}, 1,907 books)`,
    description:
      `The catalogue page's requests (filters: 7 combinations, each the facets and list pages 1 and 5; keyword ` +
      `search: 6 keywords, each the facets, the list and the list with a stage) and the home page's (\`GET /\`, unfiltered facets, 6 books of the first stage), ` +
      `each a saturation run per configuration, ${ROUNDS} interleaved rounds (configurations rotated each round); ` +
      `medians, min–max of the requests/s in brackets (${label}).`,
    async setup(ctx: BenchContext) {
      const tb = await import('./textbooks');
      let dispose = async () => {};
      let envFor: () => Record<string, string>;
      if (engine === 'pglite') {
        const prep = await tb.prepare('pglite', 'real', ctx);
        // One copy of the imported database per server: PGlite is opened by one process only.
        envFor = () => {
          const dir = ctx.tmpDir('eav-bench-caches-');
          fs.cpSync(prep.env.DATA_DIR!, dir, { recursive: true });
          return { ...prep.env, DATA_DIR: dir };
        };
      } else {
        // A name of this run's own, so that parallel runs on the same server do not meet.
        const fresh = await freshDatabase(`eav_bench_caches_${process.pid}`);
        const { openDatabase } = await import('../../apps/server/src/db/client');
        const { seedDictionaries } = await import('../../apps/server/src/seed/dictionaries');
        const { importTextbooks } = await import('../../apps/server/src/features/textbooks/importer');
        const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
        await database.migrate();
        await seedDictionaries(database.db);
        const text = fs.readFileSync(path.join(ctx.root, 'data', 'textbooks-chinatextbook.jsonl'), 'utf8');
        await importTextbooks(database.db, text);
        await database.close();
        envFor = () => ({ DATA_DIR: ctx.tmpDir('eav-bench-caches-pg-'), SEED_DEMO: 'false', DATABASE_URL: fresh.url });
        dispose = () => fresh.drop();
      }
      const servers: CachesState['servers'] = [];
      try {
        for (const c of MEASURED)
          servers.push({
            label: c.label,
            server: await startServer({ kind: 'portal', env: { ...envFor(), CACHES_OFF: c.off } }),
          });
      } catch (err) {
        await Promise.all(servers.map((s) => s.server.stop()));
        await dispose();
        throw err;
      }
      return {
        url: servers[0]!.server.url,
        servers,
        dispose: async () => {
          await Promise.all(servers.map((s) => s.server.stop()));
          await dispose();
        },
      };
    },
    teardown: (s) => s.dispose(),
    async measure(s, ctx) {
      const loadBefore = os.loadavg()[0]!;
      const requests = new Map<string, RequestSpec[]>();
      for (const { label: config, server } of s.servers)
        for (const page of PAGES) requests.set(`${config}|${page.label}`, await page.requests(server.url));
      // Warm-up: every target once answered and every cache filled before the measured rounds.
      for (const { label: config, server } of s.servers)
        for (const page of PAGES)
          await saturate(server.url, requests.get(`${config}|${page.label}`)!, 2, ctx.connections);
      const runs = new Map<string, SaturationFigures[]>();
      for (let round = 0; round < ROUNDS; round++) {
        const order = s.servers.map((_, i) => s.servers[(i + round) % s.servers.length]!);
        for (const { label: config, server } of order)
          for (const page of PAGES) {
            const key = `${config}|${page.label}`;
            const r = await saturate(server.url, requests.get(key)!, ctx.durationSec, ctx.connections);
            if (r.failures) throw new Error(`${key}: ${r.failures} errors or non-2xx answers`);
            ctx.log(`round ${round + 1} ${key}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
            (runs.get(key) ?? runs.set(key, []).get(key)!).push(r);
          }
      }
      const loadAfter = os.loadavg()[0]!;
      const rows: (string | number)[][] = [];
      const medianRps = (config: string, page: string) => median(runs.get(`${config}|${page}`)!.map((r) => r.rps));
      for (const page of PAGES) {
        const base = medianRps(CONFIGS[0]!.label, page.label);
        for (const c of MEASURED) {
          const rs = runs.get(`${c.label}|${page.label}`)!;
          const rps = rs.map((r) => r.rps);
          const m = median(rps);
          rows.push([
            page.label,
            c.label,
            `${fmt(m)} (${fmt(Math.min(...rps))}–${fmt(Math.max(...rps))})`,
            fmt(median(rs.map((r) => r.p50))),
            fmt(median(rs.map((r) => r.p99))),
            c.off ? `${fmt((m / base) * 100, 1)} %` : '100 %',
            c.against ? `×${fmt(medianRps(c.against, page.label) / m, 2)} (vs “${c.against}”)` : '—',
          ]);
        }
      }
      return {
        table: {
          columns: [
            'page',
            'configuration',
            'requests/s, median (min–max)',
            'p50 (ms)',
            'p99 (ms)',
            'requests/s vs all on',
            'gain of the one cache turned off here',
          ],
          rows,
        },
        notes: [
          `${ROUNDS} rounds × ${MEASURED.length} configurations × ${PAGES.length} pages, ${ctx.durationSec} s each ` +
            `after a 2 s warm-up per server and page, ${ctx.connections} connections; 1-minute load average ` +
            `${fmt(loadBefore, 2)} before, ${fmt(loadAfter, 2)} after.`,
          'The gain column is the requests/s of the configuration that differs by this one cache, over this ' +
            'configuration’s: what that cache saves on the requests that reach it.',
        ],
      };
    },
  };
}

const withPg = await pgReachable();

const mod: ScenarioModule = {
  title: 'Caches on the catalogue’s path, on and off',
  intro: [
    'What each server-side cache on the catalogue’s path is worth on the real pages’ requests: servers identical ' +
      'but for `CACHES_OFF` (docs/api.md, Configuration; answers are the same either way, apps/server/test/' +
      'caches-off.test.ts), measured in interleaved rounds. The staleness rules are in docs/ARCHITECTURE.md, ' +
      '“Caches and how stale they may be”.',
  ],
  scenarios: [scenario('pglite'), ...(withPg ? [scenario('postgres')] : [])],
};

export default mod;
