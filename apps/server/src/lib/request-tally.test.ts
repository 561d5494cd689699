import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestTally } from './request-tally';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAMES = {
  requests: { name: 'http_requests_total', help: 'requests' },
  errors: { name: 'http_request_errors_total', help: 'errors' },
  latency: { name: 'http_request_duration_seconds', help: 'latency' },
};

const observation = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE'),
  route: fc.constantFrom('/healthz', '/api/v1/textbooks', '/api/v1/textbooks/:id', 'unmatched'),
  status: fc.constantFrom(200, 204, 304, 400, 404, 500),
  // Bucket bounds themselves included: a value equal to a bound falls in that bound's bucket.
  seconds: fc.oneof(fc.constantFrom(...BOUNDS, 0, 20), fc.double({ min: 0, max: 30, noNaN: true })),
});

/** What prom-client's own Counter and Histogram write for the same observations. */
async function promClientText(
  observations: { method: string; route: string; status: number; seconds: number }[],
): Promise<string> {
  const registry = new Registry();
  const requests = new Counter({
    ...NAMES.requests,
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const errors = new Counter({ ...NAMES.errors, labelNames: ['route', 'status_code'], registers: [registry] });
  const latency = new Histogram({
    ...NAMES.latency,
    labelNames: ['method', 'route'],
    buckets: BOUNDS,
    registers: [registry],
  });
  for (const o of observations) {
    requests.inc({ method: o.method, route: o.route, status_code: String(o.status) });
    if (o.status >= 400) errors.inc({ route: o.route, status_code: String(o.status) });
    latency.observe({ method: o.method, route: o.route }, o.seconds);
  }
  return registry.metrics();
}

/** The lines of a scrape, sorted: series order is not part of the format. */
const lines = (text: string) => text.split('\n').sort();

describe('RequestTally', () => {
  it('scrapes exactly what prom-client writes for the same requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const registry = new Registry();
        const tally = new RequestTally(BOUNDS);
        tally.register(registry, NAMES);
        for (const o of observations) tally.record(o.method, o.route, o.status, o.seconds);
        expect(lines(await registry.metrics())).toEqual(lines(await promClientText(observations)));
      }),
      { numRuns: 150 },
    );
  });

  it('is read afresh at every scrape and emptied by the registry reset', async () => {
    const registry = new Registry();
    const tally = new RequestTally(BOUNDS);
    tally.register(registry, NAMES);
    tally.record('GET', '/healthz', 200, 0.001);
    expect(await registry.metrics()).toContain(
      'http_requests_total{method="GET",route="/healthz",status_code="200"} 1',
    );
    tally.record('GET', '/healthz', 200, 0.2);
    const text = await registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/healthz",status_code="200"} 2');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.25",method="GET",route="/healthz"} 2');
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('route="/healthz"');
  });
});
