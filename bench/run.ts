/**
 * Benchmark runner
 * (`npm run bench [-- <module-or-scenario>...] [--duration=10] [--connections=10] [--rate=100] [--rate-cap=0.5] [--no-write]`).
 *
 * Loads every scenario module in bench/scenarios/*.ts, runs the selected ones and writes their
 * results as Markdown tables into docs/benchmarks.md, each module between its own markers
 * (`<!-- bench:<module>:begin -->` … `<!-- bench:<module>:end -->`) so a rerun replaces only
 * what it measured.
 *
 * A scenario module exports `title` (section heading) and `scenarios: Scenario[]`. A scenario is
 * either a load scenario (`requests`: autocannon cycles through them, each signed afresh with
 * EAV-Sign per request) or a measure scenario (`measure`: returns its own table, e.g. Lighthouse).
 * Every load scenario gets two runs: a saturation run (autocannon, `connections` closed-loop
 * connections: throughput, and latency that is mostly queueing) and a paced run (`runPaced`: an
 * open-loop schedule of `rate` requests per second, latency measured from each request's due time,
 * so it includes any delay in sending; capped at half the saturation throughput so it stays below
 * saturation). The paced run does not use autocannon's `overallRate`: autocannon 8 spends each
 * connection's per-second budget back-to-back at the start of every second (httpClient.js
 * `reqsMadeThisSecond`), and its coordinated-omission correction passes `Math.ceil(1 / rate)` = 1 ms
 * as the expected interval, which back-fills one sample per millisecond below every latency.
 * Servers under test run in a child process (`startServer`), so the load generator (this process)
 * and the server each get a core of the 2-core machine. All traffic stays on 127.0.0.1.
 *
 * The same file is also the bare server's entry: `bench/run.ts --serve`.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SIGN_HEADERS, signRequest } from '@eav/contract';
import autocannon from 'autocannon';
import { nodeHmacSha256Hex } from '../apps/server/src/lib/hmac';
import { freePort } from './proof/infra';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_FILE = path.join(ROOT, 'docs', 'benchmarks.md');
const GENERATED_END = '<!-- bench:end -->';

/** Signing secret of every server the bench starts (never the development default). */
export const BENCH_SIGN_SECRET = 'bench-secret';

// ---------------------------------------------------------------------------------------------
// Scenario API (used by bench/scenarios/*.ts)

export interface BenchContext {
  /** Repository root (absolute). */
  root: string;
  /** Seconds of each measured load run. */
  durationSec: number;
  /** Concurrent connections of each saturation run. */
  connections: number;
  /** Requests per second of each paced (latency) run before the cap; 0 = no paced runs. */
  rate: number;
  /** Cap of the paced rate as a fraction of the scenario's saturation throughput (default 0.5). */
  rateCap: number;
  /** A fresh temporary directory, removed when the run ends. */
  tmpDir(prefix?: string): string;
  log(message: string): void;
}

/** What setup hands to `requests`/`measure`/`teardown`: at least the base URL of the server. */
export interface ScenarioState {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  /** Signing secret of the server (defaults to BENCH_SIGN_SECRET). */
  signSecret?: string;
}

/** One request of a load scenario. */
export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path without query, e.g. `/api/v1/dictionary/grade`. */
  path: string;
  /** Query parameters (empty values are dropped, as the web client does). */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body (sent as `application/json`, signed as the exact string sent). */
  body?: unknown;
  /** Bearer token. */
  token?: string;
  /** Sign with EAV-Sign; defaults to true for `/api/**` and `/prize/api/**`. */
  sign?: boolean;
}

interface ScenarioBase<S extends ScenarioState> {
  /** Shown in the tables; also selectable on the command line. */
  name: string;
  /** One line on what is measured. */
  description?: string;
  setup(ctx: BenchContext): Promise<S>;
  teardown?(state: S, ctx: BenchContext): Promise<void>;
}

/** Load test: autocannon cycles through `requests` for `durationSec` seconds after a warm-up. */
export interface LoadScenario<S extends ScenarioState = ScenarioState> extends ScenarioBase<S> {
  requests(state: S): RequestSpec[];
  /** Name of a load scenario of the same module to report the throughput/latency ratio against. */
  baseline?: string;
  /** Status every answer must have (default 200); anything else fails the scenario. */
  expectStatus?: number;
}

export interface Table {
  columns: string[];
  rows: (string | number)[][];
}

/** Custom measurement (e.g. Lighthouse): returns its own table and notes. */
export interface MeasureScenario<S extends ScenarioState = ScenarioState> extends ScenarioBase<S> {
  measure(state: S, ctx: BenchContext): Promise<{ table: Table; notes?: string[] }>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each scenario has its own state type
export type Scenario = LoadScenario<any> | MeasureScenario<any>;

export interface ScenarioModule {
  /** Section heading in docs/benchmarks.md. */
  title: string;
  /** Lines printed under the heading (what and how). */
  intro?: string[];
  scenarios: Scenario[];
  /** Markdown placed under the load table, e.g. a verdict on the module's aims (only the scenarios that ran). */
  summarize?(results: LoadResult[], ctx: BenchContext): string;
}

// ---------------------------------------------------------------------------------------------
// Servers under test (child processes)

export interface ServeOptions {
  /**
   * `portal`: the built server as production runs it, `node apps/server/dist/main.js` (PGlite under
   * DATA_DIR unless DATABASE_URL is set; serves apps/web/dist; `npm run bench` builds both first).
   * `bare`: a bare Fastify server with one route, `GET /bare`, answering a constant
   * dictionary-sized JSON envelope.
   */
  kind: 'portal' | 'bare';
  /** Environment of the server (docs/api.md, Configuration variables). HOST and PORT are forced. */
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

/** The built server (`npm run build`), the file production starts. */
const SERVER_DIST = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
/** Longest wait for a server to listen (the portal seeds the demo content first). */
const START_TIMEOUT_MS = 120_000;

/** Whether `url` answers 200 now. */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(false));
  });
}

/**
 * Starts a server in a child process on 127.0.0.1; resolves once it answers. The portal is the
 * built bundle on a port picked here, ready when `/healthz` answers; the bare server is this file
 * with `--serve` on a port of its own choosing, which it prints. `EAV_BENCH_SERVER_NODE_ARGS`
 * (space-separated) adds Node flags to the child, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
 * profile the server under the scenario's load.
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const nodeArgs = (process.env.EAV_BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const portal = options.kind === 'portal';
  if (portal && !fs.existsSync(SERVER_DIST))
    throw new Error(`${path.relative(ROOT, SERVER_DIST)} is missing: run \`npm run build\` first (npm run bench does)`);
  const port = portal ? await freePort() : 0;
  const args = portal
    ? [...nodeArgs, SERVER_DIST]
    : [...nodeArgs, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      EAV_SIGN_SECRET: BENCH_SIGN_SECRET,
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`${options.kind} server did not start within ${START_TIMEOUT_MS / 1000} s`))),
      START_TIMEOUT_MS,
    );
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const m = /^EAV_BENCH_LISTENING (\S+)$/.exec(line);
        if (m) settle(() => resolve(m[1]!));
        else if (line.trim()) process.stderr.write(`  [${options.kind}] ${line}\n`);
      }
    });
    child.once('exit', (code) =>
      settle(() => reject(new Error(`${options.kind} server exited with ${code} before listening`))),
    );
    if (portal) {
      const base = `http://127.0.0.1:${port}`;
      const poll = async () => {
        while (!settled) {
          if (await answers(`${base}/healthz`)) return settle(() => resolve(base));
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      void poll();
    }
  });
  return {
    url,
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Child entry of the bare server: listen, print the URL, close on SIGTERM. */
async function serve(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: { level: 'warn' } });
  const payload = {
    code: 0,
    msg: '成功',
    data: [
      '一年级',
      '二年级',
      '三年级',
      '四年级',
      '五年级',
      '六年级',
      '七年级',
      '八年级',
      '九年级',
      '高一',
      '高二',
      '高三',
    ].map((name, i) => ({ id: i + 1, name })),
  };
  bare.get('/bare', async () => payload);
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`EAV_BENCH_LISTENING ${address}\n`);
  const close = () => {
    void bare.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

// ---------------------------------------------------------------------------------------------
// Load runs

/** Latency of a paced run, in milliseconds (sub-millisecond resolution). */
export interface PacedResult {
  /** Requests per second actually scheduled (after the cap). */
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  /**
   * How late the load generator sent requests (send time − due time), p99: a busy or
   * garbage-collecting generator shows here, and its lateness is inside the latencies above.
   */
  lateP99: number;
}

/** Results of one load scenario: the saturation run and, unless disabled, the paced run. */
export interface LoadResult {
  name: string;
  /** Saturation run: requests/s over its duration, p50/p99 in whole milliseconds (autocannon). */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  paced?: PacedResult;
  /**
   * Requests/s of the scenario's baseline in a saturation run made right after this scenario's own
   * (the paired run), so that the ratio compares two runs a minute apart rather than the module's
   * first and last; undefined for a scenario without a baseline.
   */
  baselineRps?: number;
  /**
   * When the cap lowered the paced rate but the requested rate is still below saturation (under
   * 90 % of the saturation throughput): a second paced run at the requested rate.
   */
  pacedAtRequested?: PacedResult;
}

/** The Accept-Encoding header of Chromium's requests. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function buildRequests(specs: RequestSpec[], secret: string, signedAt?: number): autocannon.Request[] {
  return specs.map((spec) => {
    const method = spec.method ?? 'GET';
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined && v !== '') query[k] = String(v);
    const qs = new URLSearchParams(query).toString();
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const sign = spec.sign ?? (spec.path.startsWith('/api/') || spec.path.startsWith('/prize/api/'));
    const headers: Record<string, string> = {
      // As Chromium sends it: the server compresses what a browser would get compressed.
      'accept-encoding': BROWSER_ACCEPT_ENCODING,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(spec.token ? { authorization: `Bearer ${spec.token}` } : {}),
    };
    const signWith = (timestamp: number) => ({
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method, path: spec.path, query, body: body ?? '', token: spec.token ?? '', timestamp },
        secret,
        // The generator shares the machine's cores with the server: sign as cheaply as Node.js can.
        nodeHmacSha256Hex,
      ),
    });
    if (signedAt !== undefined)
      return {
        method,
        path: qs ? `${spec.path}?${qs}` : spec.path,
        headers: sign ? { ...headers, ...signWith(signedAt) } : headers,
        ...(body !== undefined ? { body } : {}),
      };
    return {
      method,
      path: qs ? `${spec.path}?${qs}` : spec.path,
      headers,
      ...(body !== undefined ? { body } : {}),
      // A fresh timestamp and signature per request, as the web client sends them.
      setupRequest: (req: autocannon.Request) => {
        if (!sign) return req;
        return { ...req, headers: { ...req.headers, ...signWith(Date.now()) } };
      },
    };
  });
}

/** Longest saturation run whose requests are signed once, at its start (the server allows 300 s of skew). */
const PRESIGN_MAX_SEC = 120;

async function runLoad(
  scenario: LoadScenario,
  state: ScenarioState,
  ctx: Pick<BenchContext, 'connections'>,
  durationSec: number,
): Promise<autocannon.Result> {
  // Signed when the run starts and sent as prebuilt requests, as the baseline's are: autocannon
  // rebuilds a request that has a per-request setup hook on every send, which made the generator,
  // not the server, the limit of signed scenarios. The server still checks every signature; the
  // timestamps stay within its 300 s window for runs up to PRESIGN_MAX_SEC, longer runs sign each
  // request as it is sent.
  const signedAt = durationSec <= PRESIGN_MAX_SEC ? Date.now() : undefined;
  const requests = buildRequests(scenario.requests(state), state.signSecret ?? BENCH_SIGN_SECRET, signedAt);
  return autocannon({
    url: state.url,
    connections: ctx.connections,
    duration: durationSec,
    requests,
    // Only 127.0.0.1 is ever a target; no pipelining, like a browser.
    pipelining: 1,
  });
}

/** A saturation run's figures: requests/s over its duration, latency percentiles (whole ms), failures. */
export interface SaturationFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Errors (timeouts included) and non-2xx answers. */
  failures: number;
}

/**
 * One saturation run of `specs` against `url` outside a scenario (modules that interleave their own
 * runs, e.g. caches.ts): `connections` closed-loop connections for `durationSec`, signed as `runLoad` signs.
 */
export async function saturate(
  url: string,
  specs: RequestSpec[],
  durationSec: number,
  connections: number,
): Promise<SaturationFigures> {
  const scenario: LoadScenario = { name: url, setup: async () => ({ url }), requests: () => specs };
  const r = await runLoad(scenario, { url }, { connections }, durationSec);
  return {
    rps: r.requests.total / Math.max(r.duration, 1e-9),
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.errors + r.non2xx,
  };
}

/**
 * One paced (open-loop) run of `specs` against `url` outside a scenario: `rate` requests per second
 * for `durationSec`, latency from each request's due time (see `runPaced`); every answer must have
 * `expectStatus` (default 200), else it throws.
 */
export function paced(
  url: string,
  specs: RequestSpec[],
  rate: number,
  durationSec: number,
  expectStatus?: number,
): Promise<PacedResult> {
  const scenario: LoadScenario = { name: url, setup: async () => ({ url }), requests: () => specs, expectStatus };
  return runPaced(scenario, { url }, rate, durationSec);
}

/**
 * The requests/s a result is compared with: its paired baseline run, else the baseline scenario's
 * own result in `results`; undefined without a baseline.
 */
export function baselineRpsOf(result: LoadResult, results: LoadResult[], baseline: string): number | undefined {
  return result.baselineRps ?? results.find((r) => r.name === baseline)?.rps;
}

/**
 * The paired baseline run of `scenario` (see `LoadResult.baselineRps`): the baseline scenario of
 * the same module started afresh, warmed up and run at saturation for the same duration.
 */
async function pairedBaselineRps(module: ScenarioModule, scenario: LoadScenario, ctx: BenchContext): Promise<number> {
  const baseline = module.scenarios.find((s): s is LoadScenario => s.name === scenario.baseline && 'requests' in s);
  if (!baseline)
    throw new Error(`${scenario.name}: baseline “${scenario.baseline}” is not a load scenario of its module`);
  const state: ScenarioState = await baseline.setup(ctx);
  try {
    await runLoad(baseline, state, ctx, 3);
    const r = await runLoad(baseline, state, ctx, ctx.durationSec);
    if (r.errors + r.non2xx > 0)
      throw new Error(`${baseline.name}: ${r.errors} errors and ${r.non2xx} non-2xx answers`);
    return r.requests.total / Math.max(r.duration, 1e-9);
  } finally {
    await baseline.teardown?.(state, ctx);
  }
}

/** Seconds of each paced run (at 100 req/s, 1,500 samples: p99 is the 15th-slowest answer). */
const PACED_DURATION_SEC = 15;

/** The nearest-rank percentile of ascending `sorted` (q in 0..1). */
export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Open-loop paced run: request i is due at start + i / rate seconds and is sent then whatever
 * the earlier requests are doing (keep-alive sockets, a new one while all are busy), cycling
 * through the scenario's requests, each signed afresh. Latency runs from the due time to the end
 * of the answer, so a late send (a busy load generator) counts against the server rather than
 * being omitted. Throws on a transport error or an unexpected status.
 */
async function runPaced(
  scenario: LoadScenario,
  state: ScenarioState,
  rate: number,
  durationSec: number,
): Promise<PacedResult> {
  const requests = buildRequests(scenario.requests(state), state.signSecret ?? BENCH_SIGN_SECRET);
  const expected = scenario.expectStatus ?? 200;
  const target = new URL(state.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * durationSec);
  const latencies: number[] = [];
  const lateness: number[] = [];
  const failures: string[] = [];
  const pending: Promise<void>[] = [];
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const spec = requests[i % requests.length]!;
      const req = typeof spec.setupRequest === 'function' ? spec.setupRequest(spec, {}) : spec;
      const body = req.body as string | undefined;
      const headers = { ...(req.headers as Record<string, string>) };
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const r = http.request(
        { host: target.hostname, port: target.port, method: req.method ?? 'GET', path: req.path, headers, agent },
        (res) => {
          res.resume();
          res.once('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode !== expected) failures.push(`${req.path} answered ${res.statusCode}`);
            resolve();
          });
        },
      );
      r.once('error', (err) => {
        failures.push(`${req.path}: ${err.message}`);
        resolve();
      });
      r.end(body);
    });
  // A collection now rather than in the middle of the schedule (bench runs with --expose-gc): the
  // generator holds what earlier scenarios left behind (imports run in this process).
  (globalThis as { gc?: () => void }).gc?.();
  const start = performance.now() + 20;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    // Node's timers count whole milliseconds of a cached loop clock, so they fire up to 1 ms early
    // or late: a timer covers all but the last 2 ms, and event-loop turns the rest, so that a request
    // leaves neither before `due` (a negative latency) nor a timer's millisecond after it.
    for (let wait = due - performance.now(); wait > 0; wait = due - performance.now())
      await new Promise((resolve) => (wait >= 3 ? setTimeout(resolve, Math.floor(wait) - 2) : setImmediate(resolve)));
    lateness.push(Math.max(0, performance.now() - due));
    pending.push(send(i, due));
  }
  await Promise.all(pending);
  agent.destroy();
  if (failures.length) throw new Error(`paced run: ${failures.length} failed requests, e.g. ${failures[0]}`);
  latencies.sort((a, b) => a - b);
  lateness.sort((a, b) => a - b);
  return {
    rate,
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    requests: latencies.length,
    lateP99: percentile(lateness, 0.99),
  };
}

/**
 * The paced rate for a scenario: the requested rate, at most `capFraction` of the saturation
 * throughput (rounded down to 5 req/s), so the paced run measures latency below saturation.
 */
export function pacedRate(requested: number, saturationRps: number, capFraction = 0.5): number {
  const cap = Math.floor((saturationRps * capFraction) / 5) * 5;
  return Math.max(1, Math.min(requested, cap));
}

async function checkFirstAnswer(scenario: LoadScenario, state: ScenarioState): Promise<void> {
  const [first] = buildRequests(scenario.requests(state), state.signSecret ?? BENCH_SIGN_SECRET);
  if (!first) throw new Error(`${scenario.name}: no requests`);
  const req = typeof first.setupRequest === 'function' ? first.setupRequest(first, {}) : first;
  const res = await fetch(state.url + req.path, {
    method: req.method ?? 'GET',
    headers: req.headers as Record<string, string>,
    ...(req.body !== undefined ? { body: req.body as string } : {}),
  });
  const expected = scenario.expectStatus ?? 200;
  if (res.status !== expected) {
    throw new Error(
      `${scenario.name}: ${req.method} ${req.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Markdown

/** `n` with thousands separators and `digits` decimals (en-US). */
export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function markdownTable(table: Table): string {
  const esc = (c: string | number) => String(c).replaceAll('|', '\\|');
  return [
    `| ${table.columns.map(esc).join(' | ')} |`,
    `| ${table.columns.map(() => '---').join(' | ')} |`,
    ...table.rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

function loadTable(results: LoadResult[], scenarios: LoadScenario[]): Table {
  const byName = new Map(results.map((r) => [r.name, r]));
  const withBaseline = scenarios.some((s) => s.baseline);
  const withPaced = results.some((r) => r.paced);
  // autocannon records latency in whole milliseconds; the paced run has sub-millisecond resolution.
  const ms = (v: number) => (v < 1 ? '< 1' : fmt(v));
  const ms1 = (v: number) => fmt(v, 1);
  return {
    columns: [
      'scenario',
      'saturated: requests/s',
      'saturated: p50 (ms)',
      'saturated: p99 (ms)',
      ...(withPaced
        ? [
            'paced: rate (req/s)',
            'paced: p50 (ms)',
            'paced: p90 (ms)',
            'paced: p99 (ms)',
            'paced: sender late p99 (ms)',
          ]
        : []),
      'errors + non-2xx',
      ...(withBaseline ? ['vs baseline (saturated)'] : []),
    ],
    rows: results.map((r) => {
      const scenario = scenarios.find((s) => s.name === r.name);
      const base = scenario?.baseline ? byName.get(scenario.baseline) : undefined;
      const baseRps = scenario?.baseline ? baselineRpsOf(r, results, scenario.baseline) : undefined;
      const ratio =
        scenario?.baseline && baseRps
          ? `${fmt((r.rps / baseRps) * 100, 1)} % of the requests/s of “${scenario.baseline}”` +
            (r.baselineRps ? ` run right after (${fmt(r.baselineRps)})` : '') +
            (base ? `, p99 ×${fmt(r.p99 / Math.max(base.p99, 1), 1)}` : '')
          : '—';
      const paced = r.paced
        ? [fmt(r.paced.rate), ms1(r.paced.p50), ms1(r.paced.p90), ms1(r.paced.p99), ms1(r.paced.lateP99)]
        : ['—', '—', '—', '—', '—'];
      return [
        r.name,
        fmt(r.rps),
        ms(r.p50),
        ms(r.p99),
        ...(withPaced ? paced : []),
        r.errors + r.non2xx,
        ...(withBaseline ? [ratio] : []),
      ];
    }),
  };
}

function machineLine(ctx: BenchContext): string {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout
  }
  return (
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} cores ` +
    `(${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
    `commit ${commit}; saturation runs ${ctx.durationSec} s each after a 3 s warm-up, ${ctx.connections} closed-loop connections` +
    (ctx.rate > 0
      ? `; paced runs ${PACED_DURATION_SEC} s each at ${ctx.rate} requests/s (at most ${fmt(ctx.rateCap * 100)} % of the ` +
        'saturation throughput), open loop'
      : '') +
    `; load generator and server in separate processes on the same machine, all on 127.0.0.1.`
  );
}

/** Replaces (or adds, before `<!-- bench:end -->`) the section of `moduleName` in docs/benchmarks.md. */
export async function writeSection(moduleName: string, body: string): Promise<void> {
  const begin = `<!-- bench:${moduleName}:begin -->`;
  const end = `<!-- bench:${moduleName}:end -->`;
  let text = fs.existsSync(RESULTS_FILE)
    ? fs.readFileSync(RESULTS_FILE, 'utf8')
    : `# Benchmarks\n\nGenerated by \`npm run bench\`.\n\n${GENERATED_END}\n`;
  const block = `${begin}\n\n${body.trim()}\n\n${end}`;
  const i = text.indexOf(begin);
  const j = text.indexOf(end);
  if (i !== -1 && j > i) text = text.slice(0, i) + block + text.slice(j + end.length);
  else if (text.includes(GENERATED_END)) text = text.replace(GENERATED_END, `${block}\n\n${GENERATED_END}`);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  // Keep `npm run lint` (prettier --check) green.
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(RESULTS_FILE)) ?? {};
  text = await prettier.format(text, { ...config, filepath: RESULTS_FILE });
  fs.writeFileSync(RESULTS_FILE, text);
}

// ---------------------------------------------------------------------------------------------
// Main

interface Cli {
  selectors: string[];
  durationSec: number;
  connections: number;
  rate: number;
  rateCap: number;
  write: boolean;
}

function parseArgs(argv: string[]): Cli {
  const cli: Cli = { selectors: [], durationSec: 10, connections: 10, rate: 100, rateCap: 0.5, write: true };
  for (const arg of argv) {
    const [key, value] = arg.split('=', 2);
    if (key === '--duration') cli.durationSec = Math.max(1, Math.min(60, Number(value) || 10));
    else if (key === '--connections') cli.connections = Math.max(1, Math.min(200, Number(value) || 10));
    else if (key === '--rate') cli.rate = Math.max(0, Math.min(5000, Math.floor(Number(value)) || 0));
    else if (key === '--rate-cap') cli.rateCap = Math.max(0.05, Math.min(1, Number(value) || 0.5));
    else if (key === '--no-write') cli.write = false;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else cli.selectors.push(arg);
  }
  return cli;
}

async function loadModules(): Promise<{ name: string; module: ScenarioModule }[]> {
  const dir = path.join(ROOT, 'bench', 'scenarios');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .sort((a, b) => (a === 'foundation.ts' ? -1 : b === 'foundation.ts' ? 1 : a.localeCompare(b)));
  const modules = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Partial<ScenarioModule> & {
      default?: ScenarioModule;
    };
    const module = mod.default ?? (mod as ScenarioModule);
    if (!Array.isArray(module.scenarios)) throw new Error(`bench/scenarios/${file} exports no scenarios`);
    modules.push({ name: path.basename(file, '.ts'), module: { ...module, title: module.title ?? file } });
  }
  return modules;
}

async function main(): Promise<void> {
  const cli = parseArgs(process.argv.slice(2));
  const tmpDirs: string[] = [];
  const ctx: BenchContext = {
    root: ROOT,
    durationSec: cli.durationSec,
    connections: cli.connections,
    rate: cli.rate,
    rateCap: cli.rateCap,
    tmpDir: (prefix = 'eav-bench-') => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      tmpDirs.push(dir);
      return dir;
    },
    log: (message) => console.log(`  ${message}`),
  };
  const cleanup = async () => {
    await Promise.all([...children].map(stopChild));
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  const modules = await loadModules();
  const selected = modules
    .map(({ name, module }) => ({
      name,
      module,
      scenarios:
        cli.selectors.length === 0 || cli.selectors.includes(name)
          ? module.scenarios
          : module.scenarios.filter((s) => cli.selectors.includes(s.name)),
    }))
    .filter((m) => m.scenarios.length > 0);
  const known = new Set(modules.flatMap(({ name, module }) => [name, ...module.scenarios.map((s) => s.name)]));
  const unknown = cli.selectors.filter((s) => !known.has(s));
  if (unknown.length) throw new Error(`unknown scenario(s): ${unknown.join(', ')}; known: ${[...known].join(', ')}`);

  let failed = false;
  try {
    for (const { name: moduleName, module, scenarios } of selected) {
      console.log(`\n== ${module.title} (bench/scenarios/${moduleName}.ts)`);
      const loadResults: LoadResult[] = [];
      const measured: { name: string; table: Table; notes?: string[] }[] = [];
      const errors: string[] = [];
      for (const scenario of scenarios) {
        console.log(`-- ${scenario.name}`);
        let state: ScenarioState | undefined;
        try {
          const ready: ScenarioState = await scenario.setup(ctx);
          state = ready;
          if ('requests' in scenario) {
            await checkFirstAnswer(scenario, ready);
            await runLoad(scenario, ready, ctx, 3);
            const r = await runLoad(scenario, ready, ctx, ctx.durationSec);
            const result: LoadResult = {
              name: scenario.name,
              // Total over elapsed time: autocannon's per-second average is histogram-rounded.
              rps: r.requests.total / Math.max(r.duration, 1e-9),
              p50: r.latency.p50,
              p99: r.latency.p99,
              requests: r.requests.total,
              errors: r.errors, // includes timeouts
              non2xx: r.non2xx,
            };
            if (result.errors + result.non2xx > 0)
              throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers`);
            ctx.log(`saturated: ${fmt(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
            if (scenario.baseline) {
              result.baselineRps = await pairedBaselineRps(module, scenario, ctx);
              ctx.log(
                `paired ${scenario.baseline}: ${fmt(result.baselineRps)} req/s (${fmt((100 * result.rps) / result.baselineRps, 1)} %)`,
              );
            }
            if (ctx.rate > 0) {
              const logPaced = (p: PacedResult) =>
                ctx.log(
                  `paced ${p.rate} req/s: p50 ${fmt(p.p50, 1)} ms, p90 ${fmt(p.p90, 1)} ms, ` +
                    `p99 ${fmt(p.p99, 1)} ms, max ${fmt(p.max, 1)} ms (sender late p99 ${fmt(p.lateP99, 1)} ms)`,
                );
              const rate = pacedRate(ctx.rate, result.rps, ctx.rateCap);
              result.paced = await runPaced(scenario, ready, rate, PACED_DURATION_SEC);
              logPaced(result.paced);
              if (rate < ctx.rate && ctx.rate < result.rps * 0.9) {
                result.pacedAtRequested = await runPaced(scenario, ready, ctx.rate, PACED_DURATION_SEC);
                logPaced(result.pacedAtRequested);
              }
            }
            loadResults.push(result);
          } else {
            const out = await scenario.measure(ready, ctx);
            console.log(markdownTable(out.table));
            measured.push({ name: scenario.name, ...out });
          }
        } catch (err) {
          failed = true;
          const message = err instanceof Error ? err.message : String(err);
          console.error(`  FAILED: ${message}`);
          errors.push(`${scenario.name}: ${message}`);
        } finally {
          if (state) await scenario.teardown?.(state, ctx);
        }
      }

      const parts = [`## ${module.title}`, machineLine(ctx), ...(module.intro ?? [])];
      const loadScenarios = scenarios.filter((s): s is LoadScenario => 'requests' in s);
      if (loadResults.length) {
        parts.push(markdownTable(loadTable(loadResults, loadScenarios)));
        const summary = module.summarize?.(loadResults, ctx);
        if (summary) parts.push(summary);
        const described = loadScenarios.filter((s) => s.description);
        if (described.length) parts.push(described.map((s) => `- **${s.name}**: ${s.description}`).join('\n'));
      }
      for (const m of measured) {
        const scenario = scenarios.find((s) => s.name === m.name);
        parts.push(`### ${m.name}`, ...(scenario?.description ? [scenario.description] : []), markdownTable(m.table));
        if (m.notes?.length) parts.push(m.notes.map((n) => `- ${n}`).join('\n'));
      }
      if (errors.length) parts.push(`**Failed in this run:**\n\n${errors.map((e) => `- ${e}`).join('\n')}`);
      if (loadResults.length) console.log(`\n${markdownTable(loadTable(loadResults, loadScenarios))}`);
      if (cli.write) {
        await writeSection(moduleName, parts.join('\n\n'));
        console.log(`written to ${path.relative(ROOT, RESULTS_FILE)} (section ${moduleName})`);
      }
    }
  } finally {
    await cleanup();
  }
  if (failed) {
    console.error('\nbench: some scenarios failed (see above)');
    process.exitCode = 1;
  }
}

// Scenario modules import this file for its API; only the process entry runs (once, even if a loader
// were to instantiate the module twice).
const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
const started = globalThis as { __eavBenchStarted?: boolean };
if (invokedDirectly && !started.__eavBenchStarted) {
  started.__eavBenchStarted = true;
  const fail = (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  };
  if (process.argv.includes('--serve')) serve().catch(fail);
  // Exit explicitly: Lighthouse and autocannon may leave handles open after the last run.
  else main().then(() => process.exit(process.exitCode ?? 0), fail);
}
