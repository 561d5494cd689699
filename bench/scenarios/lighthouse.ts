/**
 * Lighthouse 12 on the pages a new visitor opens first, served by the built server (apps/web/dist,
 * compressed, cached assets; `npm run bench` builds it first) with the demo content: the four H5
 * pages with the mobile preset (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown) and the
 * three desktop pages with the desktop preset. Each page is audited three times in a fresh Chromium
 * and the run with the median performance score is reported, as Lighthouse recommends for
 * comparing builds. Aims (docs/decisions/013-first-paint.md): performance ≥ 90 (mobile) and ≥ 95
 * (desktop). Lighthouse stays here, not in CI: on a shared machine its scores move with the load.
 */
import { ApiPaths, type Paged, type TextbookListItem } from '@eav/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startServer, type MeasureScenario, type ScenarioModule, type ScenarioState } from '../run';

interface PortalState extends ScenarioState {
  stop(): Promise<void>;
  /** A public demo textbook with a file (the id of the detail, book and reader pages). */
  bookId: number;
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
const RUNS = 3;

type Preset = 'mobile' | 'desktop';

/** The audited pages: hash route (`{id}` is the demo book) and preset. */
const PAGES: { route: string; preset: Preset }[] = [
  { route: '/mobileH5/home', preset: 'mobile' },
  { route: '/mobileH5/textbook', preset: 'mobile' },
  { route: '/mobileH5/browseBook?id={id}', preset: 'mobile' },
  { route: '/mobileH5/pdf?id={id}', preset: 'mobile' },
  { route: '/', preset: 'desktop' },
  { route: '/digitalBook', preset: 'desktop' },
  { route: '/detail?id={id}', preset: 'desktop' },
];

interface Audit {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
}

async function audit(url: string, preset: Preset): Promise<Audit> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
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
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    await chrome.kill();
  }
}

/** Attempts per run when Lighthouse reports a runtime error of its own (e.g. NO_NAVSTART: no trace recorded). */
const ATTEMPTS = 3;

/**
 * One Lighthouse run, started again in a fresh browser when Lighthouse itself fails to record it
 * (a runtime error says nothing about the page; its own advice is to run again). Throws the last
 * error after ATTEMPTS.
 */
async function auditWithRetry(url: string, preset: Preset, log: (line: string) => void): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, preset);
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
      log(`  ${(err as Error).message.slice(0, 120)}; again (${attempt + 1}/${ATTEMPTS})`);
    }
  }
}

/** The run with the median performance score of `runs` (odd count). */
export function medianRun(runs: Audit[]): Audit {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const pages: MeasureScenario<PortalState> = {
  name: 'Lighthouse: first pages',
  description:
    `Lighthouse 12, Debian Chromium headless, median of ${RUNS} runs per page: the H5 pages with the mobile preset ` +
    '(the mobile user agent, as on a phone), the desktop pages with the desktop preset; the demo book is a public ' +
    'textbook with a file.',
  async setup(ctx) {
    const server = await startServer({
      kind: 'portal',
      env: { DATA_DIR: ctx.tmpDir('eav-bench-lighthouse-'), SEED_DEMO: 'true' },
    });
    const tb = await import('./textbooks');
    const list = await tb.signedGet<Paged<TextbookListItem>>(server.url, ApiPaths.textbooks, {
      page: '1',
      pageSize: '50',
    });
    const book = list.items.find((b) => b.hasFile && b.access === 'public');
    if (!book) throw new Error('the demo content has no public textbook with a file');
    return { url: server.url, stop: () => server.stop(), bookId: book.id };
  },
  async measure(state, ctx) {
    const rows: (string | number)[][] = [];
    for (const page of PAGES) {
      const route = page.route.replace('{id}', String(state.bookId));
      const url = route === '/' ? `${state.url}/` : `${state.url}/#${route}`;
      const runs: Audit[] = [];
      for (let i = 1; i <= RUNS; i++) {
        ctx.log(`lighthouse ${page.preset} ${route} (${i}/${RUNS})…`);
        const run = await auditWithRetry(url, page.preset, ctx.log);
        ctx.log(
          `  performance ${run.scores.performance}, accessibility ${run.scores.accessibility}, LCP ${run.lcp}, TBT ${run.tbt}`,
        );
        runs.push(run);
      }
      const m = medianRun(runs);
      const spread = runs.map((r) => r.scores.performance).sort((a, b) => a - b);
      rows.push([
        `\`${page.route.replace('{id}', '…')}\``,
        page.preset,
        `${m.scores.performance} (${spread.join(', ')})`,
        m.scores.accessibility,
        m.scores['best-practices'],
        m.scores.seo,
        m.fcp,
        m.lcp,
        m.tbt,
        m.cls,
      ]);
    }
    return {
      table: {
        columns: [
          'page',
          'preset',
          'Performance (runs)',
          'Accessibility',
          'Best practices',
          'SEO',
          'FCP',
          'LCP',
          'TBT',
          'CLS',
        ],
        rows,
      },
      notes: [
        'Performance aims: ≥ 90 on the H5 pages (mobile preset), ≥ 95 on the desktop pages (docs/decisions/013-first-paint.md).',
      ],
    };
  },
  teardown: (state) => state.stop(),
};

const lighthouseModule: ScenarioModule = {
  title: 'Lighthouse: first pages',
  intro: [
    'Lighthouse 12 on the seven pages a new visitor opens first, on the built server with the demo content ' +
      '(decision 013, first paint). Simulated throttling makes the scores fairly stable, but a loaded machine still ' +
      'lengthens the measured main-thread work that the simulation scales up: compare rows of the same run.',
  ],
  scenarios: [pages],
};

export default lighthouseModule;
