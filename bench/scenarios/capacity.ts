/**
 * Capacity per peak workload (`npm run bench -- capacity`): the figures docs/capacity.md turns into
 * a plan for Zhejiang's start of term.
 *
 * The built portal runs on PostgreSQL and a private Redis, as production does (the demo seed, the
 * proof's environment), each instance held to CPU_QUOTA of a core by a cgroup (bench/cpu.ts), so
 * that the instance, not the 2-core machine it shares with PostgreSQL, Redis and the load
 * generator, is what saturates. Four workloads:
 * 1. a class's activation minute: each pupil fetches a captcha, logs in by password (argon2id),
 *    redeems an activation code and lists 我的教材; a class of CLASS_SIZE per school address;
 * 2. catalogue browsing: the home's banners, the facets, lists with filters, a book's detail;
 * 3. reading: per reader, a heartbeat and a page-progress save for every reader open (the read grant)
 *    of READ_OPENS_PER_BEAT, every request a different reader with a session;
 * 4. the 大数据中心 overview on the 10-million-row database of the big-data benchmark.
 * Each gets a saturation run (closed loop) and a paced run at half its throughput (open loop). Around
 * the saturation run the CPU time of the instance, of every `postgres` process and of `redis-server`
 * is read from /proc, and PostgreSQL's connections to the database are sampled: the rows give
 * requests per CPU-second of the server (its throughput per core), latency at 50 % load, the
 * database's and Redis's CPU per 1,000 requests/s, and the connections used.
 *
 * Then reading and catalogue run against one instance and against two (each with its own quota,
 * the load split between them by the generator as nginx's round robin would): the ratio is what a
 * second instance adds when each instance has its own share of a core.
 */
import { ApiPaths } from '@eav/contract';
import path from 'node:path';
import { DEMO_ACTIVITY_CODE } from '../../apps/server/src/features/prize/seed';
import { classRun } from '../capacity/class-minute';
import {
  CONNECTIONS,
  CPU_QUOTA,
  SATURATION_SEC,
  cpuNow,
  measureWorkload,
  quotas,
  rowsTable,
  saturateAll,
  type Row,
} from '../capacity/measure';
import { CLASS_SIZE, SIGN_SECRET, startStack, stopStack, type Fixture, type Stack } from '../capacity/stack';
import { pgReachable } from '../pg';
import { freePort, portalInstance, type Instance } from '../proof/infra';
import {
  fmt,
  paced,
  percentile,
  type MeasureScenario,
  type RequestSpec,
  type ScenarioModule,
  type ScenarioState,
} from '../run';
import { prepareBigData } from './big-data';
import { filterSets } from './textbooks';

/** Reader opens (read grants) per heartbeat: a reader reopens a book about every 5 minutes of reading. */
const READ_OPENS_PER_BEAT = 0.1;
/** Alternating rounds of one and two instances in the scaling comparison (medians are reported). */
const SCALING_ROUNDS = 3;
/** Requests per second of the reading fixture's priming pass. */
const PRIMING_RATE = 200;

// ---------------------------------------------------------------------------------------------
// Workloads

function catalogueRequests(f: Fixture): RequestSpec[] {
  const lists = filterSets(f.facets).map((q) => ({ path: ApiPaths.textbooks, query: { ...q, page: 1, pageSize: 20 } }));
  // One visit: the home's banners, the facets, lists with filters, and details.
  return [
    { path: ApiPaths.banner },
    { path: ApiPaths.textbookFacets },
    ...lists,
    ...f.bookIds.slice(0, 8).map((id) => ({ path: ApiPaths.textbook(id) })),
  ];
}

function readingRequests(f: Fixture): RequestSpec[] {
  const opensEvery = Math.round(1 / READ_OPENS_PER_BEAT);
  return f.readers.flatMap((r, i) => {
    const book = f.activityBooks[i % f.activityBooks.length]!;
    const beat: RequestSpec[] = [
      {
        path: ApiPaths.prizeHeartbeat(r.id),
        token: r.token,
        query: { activityCode: DEMO_ACTIVITY_CODE, textbookId: book, sessionId: `cap-${r.id}` },
      },
      { method: 'PUT', path: ApiPaths.textbookProgress(book), token: r.token, body: { page: 1 + (i % 20) } },
    ];
    return i % opensEvery === 0 ? [...beat, { path: ApiPaths.textbookRead(book), token: r.token }] : beat;
  });
}

interface CapacityState extends ScenarioState {
  stack: Stack;
}

const workloads: MeasureScenario<CapacityState> = {
  name: 'capacity per workload',
  description:
    `Each workload on one instance held to ${CPU_QUOTA} of a core: saturation (${SATURATION_SEC} s, ` +
    `${CONNECTIONS} connections; the class workload ${CLASS_SIZE / 5} pupils at a time), then paced at half that.`,
  setup: async (ctx) => {
    const s = await startStack(ctx);
    return { url: s.a.url, stack: s };
  },
  measure: async ({ stack: s }, ctx) => {
    const rows: Row[] = [];
    const release = quotas([s.a]);
    try {
      const pupils = [...s.fixture.pupils];
      rows.push(
        await measureWorkload(
          "a class's activation minute (captcha, login, redeem, 我的教材)",
          [s.a],
          s.dbName,
          async (sec) => {
            const r = await classRun(s.a.url, pupils, { seconds: sec, concurrency: CLASS_SIZE / 5 });
            return { requests: r.requests, failures: r.failures };
          },
          async (rate, sec) => {
            const r = await classRun(s.a.url, pupils, { seconds: sec, pupilsPerSecond: rate / 4 });
            if (r.failures) throw new Error(`class workload, paced: ${r.failures} failed requests`);
            return { p50: percentile(r.latencies, 0.5), p99: percentile(r.latencies, 0.99) };
          },
        ),
      );
      ctx.log('capacity: class done');
      const reading = readingRequests(s.fixture);
      // Every reader's first heartbeat, page and open of the day (rows created), each request once,
      // before the steady state is measured.
      await paced(s.a.url, reading, PRIMING_RATE, reading.length / PRIMING_RATE);
      const only = (part: string) => reading.filter((r) => r.path.endsWith(part));
      for (const [label, specs] of [
        ['catalogue (banners, facets, filtered lists, details)', catalogueRequests(s.fixture)],
        ['reading (heartbeat, page progress, a reader open per 10 beats)', reading],
        ['reading, its heartbeats alone', only('/heartbeat')],
        ['reading, its page-progress saves alone', only('/progress')],
        ['reading, its reader opens (read grants) alone', only('/read')],
      ] as const)
        rows.push(
          await measureWorkload(
            label,
            [s.a],
            s.dbName,
            (sec) => saturateAll([s.a], [...specs], sec),
            (rate, sec) => paced(s.a.url, [...specs], rate, sec),
          ),
        );
    } finally {
      release();
    }
    ctx.log('capacity: catalogue and reading done');
    await s.a.terminate();
    const big = await prepareBigData(ctx);
    const bd = portalInstance(ctx.root, s.dir, 'capacity-big-data', await freePort(), {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: big.url,
      EAV_SIGN_SECRET: SIGN_SECRET,
      DATA_DIR: path.join(s.dir, 'big-data'),
      SEED_DEMO: 'false',
    });
    await bd.start();
    const releaseBd = quotas([bd]);
    try {
      const specs: RequestSpec[] = [
        { path: ApiPaths.bigDataOverview },
        { path: ApiPaths.adminBigDataOverview, token: big.adminToken },
      ];
      rows.push(
        await measureWorkload(
          '大数据中心 overview, public and operators (10,000,000 reading-progress rows)',
          [bd],
          new URL(big.url).pathname.slice(1),
          (sec) => saturateAll([bd], specs, sec),
          (rate, sec) => paced(bd.url, specs, rate, sec),
        ),
      );
    } finally {
      releaseBd();
      await bd.terminate();
      await big.dispose();
    }
    await s.a.start();
    return {
      table: rowsTable(rows),
      notes: [
        `Each instance is held to ${CPU_QUOTA} of a core by a cgroup CPU quota; "server cores used" is its CPU time over ` +
          'the run (it reaches the quota when the instance is the limit), "requests/s per server core" the requests ' +
          'per CPU-second it used.',
        'PostgreSQL and Redis CPU come from /proc of every `postgres` and `redis-server` process (the machine runs ' +
          'nothing else against them during the run); connections are the database’s rows in `pg_stat_activity`, ' +
          'sampled every 250 ms (each instance keeps a pool of at most 10).',
      ],
    };
  },
};

const scaling: MeasureScenario<CapacityState> = {
  name: 'one instance vs two',
  description:
    `Saturation (${SATURATION_SEC} s) of one instance, then of two, each held to ${CPU_QUOTA} of a core, ` +
    `${SCALING_ROUNDS} rounds.`,
  setup: async (ctx) => {
    const s = await startStack(ctx);
    return { url: s.a.url, stack: s };
  },
  measure: async ({ stack: s }) => {
    if (!s.b.running()) await s.b.start();
    const rows: (string | number)[][] = [];
    const release = quotas([s.a, s.b]);
    try {
      for (const [label, specs] of [
        ['catalogue', catalogueRequests(s.fixture)],
        ['reading', readingRequests(s.fixture)],
      ] as const) {
        const run = async (instances: Instance[]) => {
          await saturateAll(instances, [...specs], 3);
          const before = cpuNow(instances);
          const r = await saturateAll(instances, [...specs], SATURATION_SEC);
          const after = cpuNow(instances);
          return {
            rps: r.requests / SATURATION_SEC,
            cores: (after.server - before.server) / SATURATION_SEC,
            failures: r.failures,
          };
        };
        // Rounds alternate one and two instances, so that a drift of the machine touches both alike.
        const one: Awaited<ReturnType<typeof run>>[] = [];
        const two: Awaited<ReturnType<typeof run>>[] = [];
        for (let round = 0; round < SCALING_ROUNDS; round++) {
          one.push(await run([s.a]));
          two.push(await run([s.a, s.b]));
        }
        const median = (runs: typeof one, key: 'rps' | 'cores') =>
          percentile(
            runs.map((r) => r[key]).sort((x, y) => x - y),
            0.5,
          );
        const rounds = (runs: typeof one) => runs.map((r) => fmt(r.rps)).join(', ');
        rows.push([
          label,
          `${fmt(median(one, 'rps'))} (${rounds(one)})`,
          fmt(median(one, 'cores'), 2),
          `${fmt(median(two, 'rps'))} (${rounds(two)})`,
          fmt(median(two, 'cores'), 2),
          `${fmt(median(two, 'rps') / median(one, 'rps'), 2)}×`,
          median(two, 'rps') / median(one, 'rps') >= 1.6 ? 'met' : 'not met',
          [...one, ...two].reduce((sum, r) => sum + r.failures, 0),
        ]);
      }
    } finally {
      release();
    }
    return {
      table: {
        columns: [
          'workload',
          'one instance: requests/s, median (rounds)',
          'one instance: cores used',
          'two instances: requests/s, median (rounds)',
          'two instances: cores used',
          'two / one',
          'aim ≥ 1.6×',
          'errors + non-2xx',
        ],
        rows,
      },
      notes: [
        'Aim: two instances give at least 1.6× one instance’s throughput. The machine has 2 cores, so the ' +
          'load generator cannot have a core of its own beside two instances of a core each: instead each ' +
          `instance is held to ${CPU_QUOTA} of a core, and the generator, PostgreSQL and Redis share the rest.`,
      ],
    };
  },
  teardown: () => stopStack(),
};

const withPg = await pgReachable();

const mod: ScenarioModule = {
  title: 'Capacity per peak workload',
  intro: [
    'The built portal on PostgreSQL and a private Redis with the demo content, each instance held to a fixed ' +
      'share of a core (bench/cpu.ts): the figures of docs/capacity.md.',
    ...(withPg ? [] : ['PostgreSQL did not answer: nothing was measured.']),
  ],
  scenarios: withPg ? [workloads, scaling] : [],
};

export default mod;
