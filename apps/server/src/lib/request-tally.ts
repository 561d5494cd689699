/**
 * Requests answered per method, route pattern and status, and their latency histogram, tallied
 * with plain arithmetic on every request and turned into Prometheus metrics only when /metrics is
 * scraped (docs/operations.md, Metrics).
 *
 * Why not prom-client's `Counter.inc` and `Histogram.observe` on every request: each call validates
 * the label set, hashes it into a string and looks the bucket up by a number-to-string key, which
 * measured about a tenth of the CPU of a cached read (docs/benchmarks.md, Foundation). The scrape
 * output is prom-client's own: the counters are prom-client Counters filled at scrape time through
 * their `collect` callback, and the histogram's samples are the ones prom-client's Histogram writes
 * for the same observations (request-tally.test.ts compares both).
 */
import { Counter, type Metric, type MetricType, type Registry } from 'prom-client';

interface Series {
  readonly method: string;
  readonly route: string;
  /** Observations per bucket: index i counts values in (bounds[i-1], bounds[i]]; the last, above every bound. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
  /** Answers per HTTP status. */
  readonly statuses: Map<number, number>;
}

export interface RequestTallyNames {
  /** Counter of answers by `method`, `route` and `status_code`. */
  requests: { name: string; help: string };
  /** Counter of answers with status ≥ 400 by `route` and `status_code`. */
  errors: { name: string; help: string };
  /** Histogram of latency in seconds by `method` and `route`. */
  latency: { name: string; help: string };
}

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

export class RequestTally {
  /** method → route pattern → series. Bounded by the routes the app declares (plus 'unmatched'). */
  private readonly series = new Map<string, Map<string, Series>>();
  private readonly bounds: readonly number[];

  /** `bounds`: the histogram's upper bounds in seconds, ascending. */
  constructor(bounds: readonly number[]) {
    this.bounds = [...bounds];
  }

  /** Records one answer: `seconds` from receiving the request to sending the answer. */
  record(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.series.get(method);
    if (!byRoute) this.series.set(method, (byRoute = new Map()));
    let s = byRoute.get(route);
    if (!s) {
      s = { method, route, buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0, statuses: new Map() };
      byRoute.set(route, s);
    }
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    s.buckets[i]! += 1;
    s.sum += seconds;
    s.count += 1;
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  }

  /** Forgets every tally (prom-client's `registry.resetMetrics()` calls it through the metrics). */
  reset(): void {
    this.series.clear();
  }

  private *all(): Generator<Series> {
    for (const byRoute of this.series.values()) yield* byRoute.values();
  }

  /** Registers the three metrics (see RequestTallyNames) in `registry`. */
  register(registry: Registry, names: RequestTallyNames): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the collect callbacks run with prom-client's `this`
    const tally = this;
    new Counter({
      ...names.requests,
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
      collect() {
        this.reset();
        for (const s of tally.all())
          for (const [status, n] of s.statuses)
            this.inc({ method: s.method, route: s.route, status_code: String(status) }, n);
      },
    });
    new Counter({
      ...names.errors,
      labelNames: ['route', 'status_code'],
      registers: [registry],
      collect() {
        this.reset();
        for (const s of tally.all())
          for (const [status, n] of s.statuses)
            if (status >= 400) this.inc({ route: s.route, status_code: String(status) }, n);
      },
    });
    const { name, help } = names.latency;
    const latency = {
      name,
      help,
      type: 'histogram' as unknown as MetricType,
      aggregator: 'sum' as const,
      get: async () => ({
        name,
        help,
        type: latency.type,
        aggregator: latency.aggregator,
        values: tally.samples(name),
      }),
      reset: () => tally.reset(),
    };
    // A metric object of the shape the registry reads (name, help, type, get, reset); prom-client's
    // type only names its own classes.
    registry.registerMetric(latency as unknown as Metric);
  }

  /** The histogram's samples as prom-client's Histogram#get lists them. */
  private samples(name: string): Sample[] {
    const out: Sample[] = [];
    for (const s of this.all()) {
      let acc = 0;
      this.bounds.forEach((le, i) => {
        acc += s.buckets[i]!;
        out.push({ labels: { le, method: s.method, route: s.route }, value: acc, metricName: `${name}_bucket` });
      });
      out.push(
        { labels: { le: '+Inf', method: s.method, route: s.route }, value: s.count, metricName: `${name}_bucket` },
        { labels: { method: s.method, route: s.route }, value: s.sum, metricName: `${name}_sum` },
        { labels: { method: s.method, route: s.route }, value: s.count, metricName: `${name}_count` },
      );
    }
    return out;
  }
}
