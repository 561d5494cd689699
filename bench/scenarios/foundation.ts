/**
 * Foundation benchmarks: the cost of the portal's request path against bare Fastify, and
 * the Lighthouse scores of the home page.
 *
 * - "bare Fastify": one route answering a constant dictionary-sized JSON envelope; nothing else.
 * - "signed dictionary": GET /api/v1/dictionary/grade on the real app (buildApp, PGlite), each request
 *   signed afresh with EAV-Sign, so it pays for raw-body, signature verification, auth, the zod
 *   serializer, a Drizzle query on PGlite and the envelope.
 * - Lighthouse (mobile and desktop presets) on the home page served by the same server from
 *   apps/web/dist (`npm run bench` builds it first).
 */
import { ApiPaths } from '@eav/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startServer, type MeasureScenario, type LoadScenario, type ScenarioModule, type ScenarioState } from '../run';

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

const signedDictionary: LoadScenario<ServerState> = {
  name: 'signed dictionary',
  description:
    '`GET /api/v1/dictionary/grade` on the real app (buildApp on PGlite), every request signed afresh with EAV-Sign: ' +
    'raw-body, signature check, auth, zod serializer, a Drizzle query on PGlite and the envelope.',
  baseline: 'bare Fastify',
  setup: startPortal,
  requests: () => [{ path: ApiPaths.dictGrade }],
  teardown: stop,
};

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
  scenarios: [bare, signedDictionary, homeLighthouse],
};

export default foundation;
