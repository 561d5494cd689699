/**
 * /metrics (docs/operations.md, Metrics): Prometheus text with request rate, latency per route
 * pattern, errors by status, event-loop lag, process and database figures and the business
 * counters; served only when METRICS is on, and then only to loopback or with METRICS_TOKEN.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { api, testConfig, useTestApp } from './helpers';
import { PRODUCTION_ENV } from './production-env';

const t = useTestApp({ config: testConfig({ metrics: { enabled: true, token: undefined } }) });
const TOKEN = 'scrape-token-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics', () => {
  it('answers Prometheus text to loopback with request, latency, error, lag, process and database figures', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await api(t.app, { url: '/api/v1/no-such-thing' })).statusCode).toBe(404);
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/healthz', status_code: '200' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/healthz' })).toBe(3);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz"\} \d+/);
    // Unknown paths share one label, so labels stay bounded.
    expect(sample(text, 'http_request_errors_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain('no-such-thing');
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'eav_database_up', { engine: t.app.database.engine })).toBe(1);
    if (t.app.database.engine === 'postgres')
      expect(text).toMatch(/eav_database_connections\{state="(active|idle)"\} [1-9]/);
    if (t.app.redis) expect(sample(text, 'eav_redis_up')).toBe(1);
    else expect(text).not.toContain('eav_redis_up');
    // Scrapes are not counted as traffic.
    expect(text).not.toContain('route="/metrics"');
  });

  it('counts the business events features report through app.metrics', async () => {
    t.app.metrics.count('logins', 'password');
    t.app.metrics.count('logins', 'password');
    t.app.metrics.count('logins', 'sms');
    t.app.metrics.count('activations');
    t.app.metrics.count('downloads', 'textbook', 2);
    t.app.metrics.count('heartbeats');
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'eav_logins_total', { kind: 'password' })).toBe(2);
    expect(sample(text, 'eav_logins_total', { kind: 'sms' })).toBe(1);
    expect(sample(text, 'eav_activations_total', { kind: 'all' })).toBe(1);
    expect(sample(text, 'eav_downloads_total', { kind: 'textbook' })).toBe(2);
    expect(sample(text, 'eav_heartbeats_total', { kind: 'all' })).toBe(1);
    // Every app has its own registry: another instance starts from zero.
    const other = await t.build();
    expect(sample((await other.inject({ url: '/metrics' })).body, 'eav_logins_total', { kind: 'password' })).toBe(
      undefined,
    );
  });

  it('without a token, refuses other addresses and anything relayed by the reverse proxy', async () => {
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('http_requests_total');
    const relayed = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(relayed.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, requires it as a bearer token, from loopback too', async () => {
    const app = await t.build({ config: testConfig({ metrics: { enabled: true, token: TOKEN } }) });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    const right = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
  });

  it('is off when METRICS=off, and by default in production and under test', async () => {
    const app = await t.build({ config: testConfig({ metrics: { enabled: false, token: undefined } }) });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    // Business counting stays callable for the features either way.
    expect(() => app.metrics.count('heartbeats')).not.toThrow();

    const production = PRODUCTION_ENV;
    expect(loadConfig(production).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ ...production, METRICS: 'on', METRICS_TOKEN: TOKEN }).metrics).toEqual({
      enabled: true,
      token: TOKEN,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).metrics.enabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).metrics.enabled).toBe(false);
    expect(() => loadConfig({ METRICS: 'yes' })).toThrow(/METRICS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN=\*\*\*: must be at least 16/);
  });
});
