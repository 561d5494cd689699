/**
 * Prometheus metrics at `/metrics` (docs/operations.md, Metrics) with prom-client: request rate
 * and latency per route pattern, errors by status, event-loop lag and the process metrics, the
 * database and Redis, and the business counters features feed through `app.metrics.count`.
 *
 * Not reachable from outside without configuration: off unless METRICS is on (the default in
 * development only); with METRICS_TOKEN a scraper must send it as a bearer token, without one only a
 * direct loopback connection (no X-Forwarded-For, i.e. not relayed by the reverse proxy) is served.
 * Everything else answers the app's ordinary 404, so the path is not even confirmed to exist.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { RequestTally } from '../lib/request-tally';
import { requestTarget } from './request-target';

/** Business events features count (docs/operations.md lists which feature feeds which). */
export type BusinessCounter = 'logins' | 'activations' | 'downloads' | 'heartbeats';

export interface AppMetrics {
  /** This app's own registry (several apps in one process, as in tests, never share counters). */
  readonly registry: Registry;
  /**
   * Counts a business event. `kind` splits it by a small fixed set of values chosen by the caller
   * (e.g. the login method `password`, `sms`, `wechat`): never an id, a name or anything unbounded.
   */
  count(name: BusinessCounter, kind?: string, by?: number): void;
  /**
   * Counts an answer that did not match its route's response schema (`eav_response_serialization_errors_total`
   * by route pattern): always a bug of the server, never of the request; the e2e run expects none.
   */
  serializationError(route: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface MetricsPluginOptions {
  /** Serve /metrics and time requests (METRICS). */
  enabled: boolean;
  /** Bearer token /metrics requires (METRICS_TOKEN); unset: direct loopback connections only. */
  token: string | undefined;
}

export const METRICS_PATH = '/metrics';
/** Latency buckets (s): fast catalogue reads to slow exports and imports. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Longest wait for the database figures of one scrape. */
const DB_PROBE_TIMEOUT_MS = 1_000;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (v: string) => createHash('sha256').update(v).digest();

/** Whether the scrape may be answered (see the file comment). */
function allowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(given), digest(token));
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export default fp<MetricsPluginOptions>(
  async function metricsPlugin(app: FastifyInstance, opts) {
    const registry = new Registry();
    // Business events are counted per kind in plain maps and read into the counters at scrape time:
    // a heartbeat counts on every request (see lib/request-tally.ts for why not Counter.inc).
    const counts: Record<BusinessCounter, Map<string, number>> = {
      logins: new Map(),
      activations: new Map(),
      downloads: new Map(),
      heartbeats: new Map(),
    };
    const businessCounter = (name: string, help: string, tally: Map<string, number>) =>
      new Counter({
        name,
        help,
        labelNames: ['kind'],
        registers: [registry],
        collect() {
          this.reset();
          for (const [kind, n] of tally) this.inc({ kind }, n);
        },
      });
    businessCounter('eav_logins_total', 'Successful logins by method', counts.logins);
    businessCounter('eav_activations_total', 'Activation codes redeemed', counts.activations);
    businessCounter('eav_downloads_total', 'Files downloaded by kind', counts.downloads);
    businessCounter('eav_heartbeats_total', 'Reading heartbeats accepted', counts.heartbeats);
    // Registered even with METRICS off, like the business counters: tests and the e2e run read it.
    const serializationErrors = new Counter({
      name: 'eav_response_serialization_errors_total',
      help: 'Answers that did not match their response schema (a server bug), by route pattern',
      labelNames: ['route'],
      registers: [registry],
    });
    app.decorate('metrics', {
      registry,
      serializationError(route: string) {
        serializationErrors.inc({ route });
      },
      count(name: BusinessCounter, kind = 'all', by = 1) {
        if (!(by >= 0)) throw new RangeError(`metrics.count: by must be a finite number ≥ 0, got ${by}`);
        const tally = counts[name];
        tally.set(kind, (tally.get(kind) ?? 0) + by);
      },
    } satisfies AppMetrics);

    if (!opts.enabled) return;

    // Process metrics (CPU, memory, handles, GC) and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: registry });

    // Tallied on every request, turned into metrics at scrape time (lib/request-tally.ts).
    const tally = new RequestTally(LATENCY_BUCKETS);
    tally.register(registry, {
      requests: { name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status' },
      errors: {
        name: 'http_request_errors_total',
        help: 'HTTP requests answered with status 400 or above, by route pattern and status',
      },
      latency: {
        name: 'http_request_duration_seconds',
        help: 'Time from receiving a request to sending its answer, by method and route pattern',
      },
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, never the raw URL (ids and queries would make labels unbounded).
      const route = requestTarget(request).pattern ?? 'unmatched';
      if (route !== METRICS_PATH) tally.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    const engine = app.database.engine;
    const dbUp = new Gauge({
      name: 'eav_database_up',
      help: 'Whether the database answered a query during this scrape (1) or not (0)',
      labelNames: ['engine'],
      registers: [registry],
    });
    const dbConnections = new Gauge({
      name: 'eav_database_connections',
      help: 'PostgreSQL connections of every portal instance (application_name eav-portal), by state',
      labelNames: ['state'],
      registers: [registry],
    });
    const redisUp = app.redis
      ? new Gauge({
          name: 'eav_redis_up',
          help: 'Whether the Redis connection is ready (1) or not (0); absent without REDIS_URL',
          registers: [registry],
        })
      : undefined;
    // Probed at scrape time; a down database must not make /metrics itself fail.
    const probeDatabase = async () => {
      try {
        await withTimeout(app.database.ping(), DB_PROBE_TIMEOUT_MS);
        dbUp.set({ engine }, 1);
      } catch {
        dbUp.set({ engine }, 0);
        return;
      }
      if (engine !== 'postgres') return;
      try {
        const rows = rowsOf<{ state: string | null; n: number }>(
          await withTimeout(
            app.db.execute(
              sql`select state, count(*)::int as n from pg_stat_activity where application_name = 'eav-portal' group by state`,
            ),
            DB_PROBE_TIMEOUT_MS,
          ),
        );
        dbConnections.reset();
        for (const r of rows) dbConnections.set({ state: r.state ?? 'unknown' }, Number(r.n));
      } catch {
        dbConnections.reset();
      }
    };

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request, opts.token)) {
        if (!opts.token) return reply.callNotFound();
        return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
      }
      await probeDatabase();
      if (app.redis && redisUp) redisUp.set(app.redis.status === 'ready' ? 1 : 0);
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db', 'kv', 'request-target'] },
);
