/**
 * The capacity benchmark's measurements: CPU time of the instances, PostgreSQL and Redis around a
 * saturation run, the database's connections, the paced run at half the throughput, and the table.
 */
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { commandCpuSeconds, limitCpu, processCpuSeconds, type CpuQuota } from '../cpu';
import { PG_ADMIN_URL } from '../pg';
import { type Instance } from '../proof/infra';
import { fmt, pacedRate, saturate, type RequestSpec, type Table } from '../run';

/** Cores each instance may use (BENCH_CAPACITY_CORES): two instances and the rest fit on 2 cores. */
export const CPU_QUOTA = Number(process.env.BENCH_CAPACITY_CORES ?? 0.5);
export const SATURATION_SEC = 15;
const PACED_SEC = 15;
/** Connections of a saturation run, each an autocannon run of its own (`saturateAll`). */
export const CONNECTIONS = 16;

// ---------------------------------------------------------------------------------------------
// Measurement

/** CPU seconds so far: the instances', PostgreSQL's (every process), Redis's. */
export function cpuNow(instances: Instance[]) {
  return {
    server: instances.reduce((s, i) => s + processCpuSeconds(i.pid()!), 0),
    pg: commandCpuSeconds(['postgres']),
    redis: commandCpuSeconds(['redis-server']),
    at: performance.now(),
  };
}

/** Samples the database's connections (open, active) every 250 ms until stopped; answers the maxima. */
function sampleConnections(dbName: string) {
  const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  let open = 0;
  let active = 0;
  let live = true;
  const loop = (async () => {
    while (live) {
      const [row] = await sql<{ open: number; active: number }[]>`
        select count(*)::int as open, count(*) filter (where state = 'active')::int as active
        from pg_stat_activity where datname = ${dbName}`;
      open = Math.max(open, row!.open);
      active = Math.max(active, row!.active);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    live = false;
    await loop;
    await sql.end();
    return { open, active };
  };
}

/** One row of the capacity table. */
export interface Row {
  workload: string;
  rps: number;
  perCore: number;
  serverCores: number;
  p50: number;
  p99: number;
  pacedRate: number;
  pgPerK: number;
  redisPerK: number;
  connections: { open: number; active: number };
  failures: number;
}

/**
 * Measures one workload on `instances` (each held to CPU_QUOTA): a warm-up, the saturation run with
 * CPU and connections read around it, and the paced run at half its throughput.
 */
export async function measureWorkload(
  label: string,
  instances: Instance[],
  dbName: string,
  saturation: (seconds: number) => Promise<{ requests: number; failures: number }>,
  pacedAt: (rate: number, seconds: number) => Promise<{ p50: number; p99: number }>,
): Promise<Row> {
  await saturation(3);
  const connections = sampleConnections(dbName);
  const before = cpuNow(instances);
  const sat = await saturation(SATURATION_SEC);
  const after = cpuNow(instances);
  const used = await connections();
  const seconds = (after.at - before.at) / 1000;
  const rps = sat.requests / seconds;
  const rate = pacedRate(Number.MAX_SAFE_INTEGER, rps, 0.5);
  const latency = await pacedAt(rate, PACED_SEC);
  const serverCpu = after.server - before.server;
  return {
    workload: label,
    rps,
    perCore: sat.requests / serverCpu,
    serverCores: serverCpu / seconds,
    p50: latency.p50,
    p99: latency.p99,
    pacedRate: rate,
    pgPerK: (after.pg - before.pg) / seconds / (rps / 1000),
    redisPerK: (after.redis - before.redis) / seconds / (rps / 1000),
    connections: used,
    failures: sat.failures,
  };
}

/** Holds each running instance to CPU_QUOTA; answers the release. */
export function quotas(instances: Instance[]): () => void {
  const held: CpuQuota[] = instances.map((i) => limitCpu(i.pid()!, CPU_QUOTA, `eav-bench-${i.name}`));
  return () => held.forEach((q) => q.release());
}

/**
 * Saturation over `instances` with CONNECTIONS connections spread over them, each connection its
 * own autocannon run over its own slice of `specs`: one run with many connections would send every
 * connection through the list from its start, so that all of them would act as the same reader at
 * the same moment (one row locked by all). Answers the summed requests and failures.
 */
export async function saturateAll(instances: Instance[], specs: RequestSpec[], seconds: number) {
  const slices = Array.from({ length: CONNECTIONS }, (_, c) => specs.filter((_, i) => i % CONNECTIONS === c));
  const runs = await Promise.all(
    slices
      .filter((slice) => slice.length)
      .map((slice, c) => saturate(instances[c % instances.length]!.url, slice, seconds, 1)),
  );
  return {
    requests: runs.reduce((sum, r) => sum + r.rps * seconds, 0),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
  };
}

const ms = (v: number) => fmt(v, 1);

export function rowsTable(rows: Row[]): Table {
  return {
    columns: [
      'workload',
      'requests/s (saturated)',
      'server cores used',
      'requests/s per server core',
      'paced at (req/s)',
      'p50 at 50 % (ms)',
      'p99 at 50 % (ms)',
      'PostgreSQL cores per 1,000 req/s',
      'Redis cores per 1,000 req/s',
      'DB connections (open / active, max)',
      'errors + non-2xx',
    ],
    rows: rows.map((r) => [
      r.workload,
      fmt(r.rps),
      fmt(r.serverCores, 2),
      fmt(r.perCore),
      fmt(r.pacedRate),
      ms(r.p50),
      ms(r.p99),
      fmt(r.pgPerK, 2),
      fmt(r.redisPerK, 3),
      `${r.connections.open} / ${r.connections.active}`,
      r.failures,
    ]),
  };
}
