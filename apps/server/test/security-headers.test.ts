/**
 * Security headers on every response (docs/decisions/006-content-security-policy.md): the
 * Content-Security-Policy, frame and sniffing protection, the referrer policy, and HSTS only on
 * requests that arrived over https.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_CSP, HSTS_VALUE } from '../src/plugins/security-headers';
import { api, testConfig, useTestApp } from './helpers';

const t = useTestApp();

function builtWebApp(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'pdf.worker-abc.mjs'), 'export {};');
  return dist;
}

/** The policy as a map of directive name to its sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('Content-Security-Policy', () => {
  it('lets pages fetch stored files from the object store when FILE_STORAGE=s3, and from nowhere else', async () => {
    const s3 = {
      kind: 's3',
      endpoint: 'https://oss-cn-hangzhou.example.cn',
      region: 'cn-hangzhou',
      bucket: 'eav-files',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret-value',
      forcePathStyle: false,
    } as const;
    for (const [fileStorage, origin] of [
      [s3, 'https://eav-files.oss-cn-hangzhou.example.cn'],
      [{ ...s3, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }, 'http://127.0.0.1:9000'],
    ] as const) {
      const app = await t.build({ config: testConfig({ webDistDir: builtWebApp(), fileStorage }) });
      const csp = directives((await app.inject('/')).headers['content-security-policy']);
      expect(csp.get('connect-src')).toEqual(["'self'", origin]);
      expect(csp.get('img-src')).toContain(origin);
      expect(csp.get('media-src')).toContain(origin);
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    }
    const local = directives((await t.app.inject('/')).headers['content-security-policy']);
    expect(local.get('connect-src')).toEqual(["'self'"]);
  });

  it('allows scripts from the portal only: no inline script, no eval, no plugins, never framed', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: builtWebApp() }) });
    const csp = directives((await app.inject('/')).headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('lets the reader, the player and antd work: workers, blob: media, data: images, inline styles', async () => {
    const csp = directives((await t.app.inject('/healthz')).headers['content-security-policy']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https:']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
  });
});

describe('headers on every kind of response', () => {
  it('sets nosniff, DENY, the referrer policy and the CSP on pages, assets, API answers, errors and 404s', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: builtWebApp() }) });
    const responses = {
      page: await app.inject('/'),
      asset: await app.inject('/assets/pdf.worker-abc.mjs'),
      api: await api(app, { url: '/api/v1/dictionary/stage' }),
      badSignature: await app.inject('/api/v1/dictionary/stage'),
      apiNotFound: await api(app, { url: '/api/v1/no-such-thing' }),
      pageNotFound: await app.inject('/no-such-page'),
      health: await app.inject('/healthz'),
    };
    for (const [what, res] of Object.entries(responses)) {
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
      expect(res.headers['cross-origin-resource-policy'], what).toBe('same-site');
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
    expect(responses.api.statusCode).toBe(200);
    expect(responses.badSignature.statusCode).toBe(400);
    expect(responses.apiNotFound.statusCode).toBe(404);
  });

  it('gives JSON answers of the API the REST set: a policy that loads nothing, no document-only headers', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: builtWebApp() }) });
    const documentOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-xss-protection',
    ];
    for (const res of [
      await api(app, { url: '/api/v1/dictionary/stage' }),
      await app.inject('/api/v1/dictionary/stage'),
      await api(app, { url: '/api/v1/no-such-thing' }),
      await api(app, { url: '/prize/api/v1/banner' }),
      await api(app, { url: '/prize/api/v1/activity/current' }),
    ]) {
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-security-policy']).toBe(API_CSP);
      for (const name of documentOnly) expect(res.headers, name).not.toHaveProperty(name);
    }
    // Pages, the API's documentation and other spellings of an API path keep the documents' set.
    for (const url of ['/', '/api/docs', '//api/v1/dictionary/stage']) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('sets no cookie of its own', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: builtWebApp() }) });
    for (const url of ['/', '/healthz']) expect((await app.inject(url)).headers['set-cookie']).toBeUndefined();
    expect((await api(app, { url: '/api/v1/dictionary/stage' })).headers['set-cookie']).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  const overHttps = { 'x-forwarded-proto': 'https' };

  it('is sent when a trusted proxy says the request came over https', async () => {
    const app = await t.build({ config: testConfig({ trustProxy: true, webDistDir: builtWebApp() }) });
    for (const res of [
      await app.inject({ url: '/', headers: overHttps }),
      await api(app, { url: '/api/v1/dictionary/stage', headers: overHttps }),
    ])
      expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect(HSTS_VALUE).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it('is not sent over plain http, nor on an untrusted X-Forwarded-Proto', async () => {
    const trusting = await t.build({ config: testConfig({ trustProxy: true }) });
    expect(
      (await trusting.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } })).headers,
    ).not.toHaveProperty('strict-transport-security');
    expect((await trusting.inject('/healthz')).headers).not.toHaveProperty('strict-transport-security');
    const direct = await t.build({ config: testConfig({ trustProxy: false }) });
    expect((await direct.inject({ url: '/healthz', headers: overHttps })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
  });
});
