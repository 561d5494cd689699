/**
 * Foundation benchmarks: the cost of the portal's request path against bare Fastify, and
 * the Lighthouse scores of the home page.
 *
 * - "bare Fastify": one route answering a constant dictionary-sized JSON envelope; nothing else.
 * - "signed dictionary": GET /api/v1/dictionary/grade on the built server (apps/server/dist), each request signed
 *   afresh with EAV-Sign, on PGlite and on PostgreSQL: raw-body, signature verification, auth and the
 *   read cache (decision 011). Aim: at least 50 % of bare Fastify's requests/s.
 * - "catalogue list": GET /api/v1/textbooks (filters and pages of the real catalogue, as in
 *   textbooks.ts) on PGlite and PostgreSQL. Aim: at least 25 % of bare Fastify's requests/s.
 * - Lighthouse (mobile and desktop presets) on the home page served by the same server from
 *   apps/web/dist (`npm run bench` builds it first).
 */
import { ApiPaths, type TextbookFacets } from '@eav/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import {
  baselineRpsOf,
  startServer,
  type BenchContext,
  type LoadResult,
  type MeasureScenario,
  type LoadScenario,
  type RequestSpec,
  type ScenarioModule,
  type ScenarioState,
} from '../run';
import { freshDatabase, pgReachable } from '../pg';

interface ServerState extends ScenarioState {
  stop(): Promise<void>;
}

/** Chromium flags: no sandbox as root, no GPU, and no calls to the outside network. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const startPortal = async (ctx: { tmpDir(prefix?: string): string }): Promise<ServerState> =>
  startServer({ kind: 'portal', env: { DATA_DIR: ctx.tmpDir('eav-bench-portal-'), SEED_DEMO: 'true' } });

const stop = (state: ServerState) => state.stop();

const bare: LoadScenario<ServerState> = {
  name: 'bare Fastify',
  description: 'a bare Fastify 5 server (no plugins) answering a constant 12-entry JSON envelope on `GET /bare`.',
  setup: () => startServer({ kind: 'bare' }),
  requests: () => [{ path: '/bare' }],
  teardown: stop,
};

/** The portal on a fresh PostgreSQL database (dropped at teardown), with the demo content. */
async function startPortalOnPg(ctx: BenchContext): Promise<ServerState> {
  const name = 'eav_bench_foundation';
  const fresh = await freshDatabase(name);
  const server = await startServer({
    kind: 'portal',
    env: { DATA_DIR: ctx.tmpDir('eav-bench-portal-pg-'), SEED_DEMO: 'true', DATABASE_URL: fresh.url },
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await fresh.drop();
    },
  };
}

const DICTIONARY_DESCRIPTION =
  'every request signed with EAV-Sign and checked (header check, role gate, HMAC), then answered from the read cache ' +
  '(decision 011): after the first request, by the last onRequest hook without validation or handler (decision 018).';

const signedDictionary: LoadScenario<ServerState> = {
  name: 'signed dictionary',
  description: `\`GET /api/v1/dictionary/grade\` on the built server on PGlite, ${DICTIONARY_DESCRIPTION}`,
  baseline: 'bare Fastify',
  setup: startPortal,
  requests: () => [{ path: ApiPaths.dictGrade }],
  teardown: stop,
};

const signedDictionaryPg: LoadScenario<ServerState> = {
  name: 'signed dictionary (PostgreSQL)',
  description: `\`GET /api/v1/dictionary/grade\` on the real app on PostgreSQL, ${DICTIONARY_DESCRIPTION}`,
  baseline: 'bare Fastify',
  setup: startPortalOnPg,
  requests: () => [{ path: ApiPaths.dictGrade }],
  teardown: stop,
};

/** The catalogue list of textbooks.ts (real catalogue) against bare Fastify. */
function catalogueList(engine: 'pglite' | 'postgres'): LoadScenario<ServerState & { query: RequestSpec[] }> {
  const label = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return {
    name: `catalogue list (${label})`,
    description:
      `\`GET /api/v1/textbooks\` on the real catalogue (1,907 books) on ${label}: 7 filter combinations × pages 1 and 5, ` +
      'pageSize 20, signed.',
    baseline: 'bare Fastify',
    async setup(ctx) {
      // Loaded here, not at the top: textbooks.ts imports this module.
      const tb = await import('./textbooks');
      const prep = await tb.prepare(engine, 'real', ctx);
      const server = await startServer({ kind: 'portal', env: prep.env });
      const facets = await tb.signedGet<TextbookFacets>(server.url, ApiPaths.textbookFacets);
      const query = tb.filterSets(facets).flatMap((q): RequestSpec[] => [
        { path: ApiPaths.textbooks, query: { ...q, page: 1, pageSize: 20 } },
        { path: ApiPaths.textbooks, query: { ...q, page: 5, pageSize: 20 } },
      ]);
      return { url: server.url, stop: server.stop, query };
    },
    requests: (s) => s.query,
    teardown: stop,
  };
}

/** Aims of the request path against bare Fastify, by scenario name prefix: share of its requests/s. */
const RATIO_AIMS: [string, number][] = [
  ['signed dictionary', 0.5],
  ['catalogue list', 0.25],
];

/** The verdict on the ratio aims, from the saturated runs of this module. */
function ratioVerdict(results: LoadResult[]): string {
  const lines = results.flatMap((r) => {
    const aim = RATIO_AIMS.find(([prefix]) => r.name.startsWith(prefix));
    const bareRps = baselineRpsOf(r, results, 'bare Fastify');
    if (!aim || !bareRps) return [];
    const ratio = r.rps / bareRps;
    const met = ratio >= aim[1] ? 'met' : 'NOT met';
    return [`- ${r.name}: ${(ratio * 100).toFixed(1)} % of bare Fastify (aim ≥ ${aim[1] * 100} %): ${met}.`];
  });
  return lines.length
    ? ['Aims (requests/s against bare Fastify run right after each scenario, the paired run):', '', ...lines].join('\n')
    : '';
}

const withPg = await pgReachable();

interface LighthouseRow {
  preset: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: { fcp: string; lcp: string; tbt: string; cls: string };
}

async function audit(url: string, preset: 'mobile' | 'desktop'): Promise<LighthouseRow> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '—';
    return {
      preset,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
      },
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * A Lighthouse scenario (mobile and desktop presets) on one route of the portal served by the built
 * server with the demo catalogue. `route` is the hash route, e.g. `/` or `/digitalBook`.
 */
export function lighthouseScenario(name: string, route: string, description: string): MeasureScenario<ServerState> {
  return {
    name,
    description,
    setup: startPortal,
    async measure(state, ctx) {
      const rows: LighthouseRow[] = [];
      for (const preset of ['mobile', 'desktop'] as const) {
        ctx.log(`lighthouse ${preset} ${route}…`);
        rows.push(await audit(route === '/' ? `${state.url}/` : `${state.url}/#${route}`, preset));
      }
      return {
        table: {
          columns: ['preset', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'],
          rows: rows.map((r) => [
            r.preset,
            r.scores.performance,
            r.scores.accessibility,
            r.scores['best-practices'],
            r.scores.seo,
            r.metrics.fcp,
            r.metrics.lcp,
            r.metrics.tbt,
            r.metrics.cls,
          ]),
        },
      };
    },
    teardown: stop,
  };
}

const homeLighthouse = lighthouseScenario(
  'Lighthouse: home page',
  '/',
  'Lighthouse 12 on `/` served by the built server (apps/web/dist, compressed, cached assets), ' +
    'Debian Chromium headless; mobile preset (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown — ' +
    'the mobile user agent is sent to `/mobileH5/home` as on a real phone) and desktop preset.',
);

const foundation: ScenarioModule = {
  title: 'Foundation: request path and home page',
  intro: [
    'Throughput and latency of the portal’s full request path against bare Fastify on the same machine; ' +
      'the ratio is the price of signing, validation, the database and the envelope.',
  ],
  summarize: ratioVerdict,
  scenarios: [
    bare,
    signedDictionary,
    catalogueList('pglite'),
    ...(withPg ? [signedDictionaryPg, catalogueList('postgres')] : []),
    homeLighthouse,
  ],
};

export default foundation;
