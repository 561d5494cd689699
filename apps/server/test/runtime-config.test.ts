/**
 * The browser's run-time configuration: the served page carries the server's signing secret,
 * public origin and feature switches in `<meta name="eav-config">` (HTML-escaped, never cached
 * without revalidation), under every spelling of the page; the first screen's answers it carries
 * (the carousel, and on phones the lead picture's preload); and the API docs switch (API_DOCS).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths, Messages } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banner } from '../src/db/schema';
import { escapeHtmlAttribute, renderIndexHtml } from '../src/plugins/web';
import { api, testConfig, useTestApp } from './helpers';

const t = useTestApp();

/** A built web app as Vite leaves it: no configuration in the page. */
function builtWebApp(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n' +
      '    <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n  </head>\n' +
      '  <body><div id="root"></div></body>\n</html>\n',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
  return dist;
}

/** The JSON a page's meta tag carries, with the HTML escaping undone as a browser does. */
function metaOf(html: string, name: string): unknown {
  const tags = html.match(new RegExp(`<meta name="${name}" content="([^"]*)" \\/>`, 'g')) ?? [];
  expect(tags).toHaveLength(1);
  const content = /content="([^"]*)"/.exec(tags[0]!)![1]!;
  const decoded = content
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(decoded);
}

/** The run-time configuration a page carries. */
const configOf = (html: string) => metaOf(html, 'eav-config');

const awkwardSecret = `k"></meta><script>alert('x')</script>&amp;`;

describe('the served page', () => {
  it("carries the server's run-time configuration, HTML-escaped, and is revalidated on every use", async () => {
    const app = await t.build({
      config: testConfig(
        { webDistDir: builtWebApp() },
        { EAV_SIGN_SECRET: awkwardSecret, PUBLIC_ORIGIN: 'https://szjc.example.edu.cn/' },
      ),
    });
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(configOf(res.body)).toEqual({
      signSecret: awkwardSecret,
      publicOrigin: 'https://szjc.example.edu.cn',
      features: { apiDocs: true },
    });
    // Nothing of the value escapes the attribute: the only script is the entry's.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;');
    // In <head>, before the entry script needs it.
    expect(res.body.indexOf('name="eav-config"')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('is the same page under /index.html and any other spelling, and answers HEAD and If-None-Match', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: builtWebApp() }) });
    const home = await app.inject('/');
    expect(configOf(home.body)).toMatchObject({ signSecret: 'test-secret', publicOrigin: null });
    for (const url of ['/index.html', '/%69ndex.html', '/assets/../index.html', '/./index.html']) {
      const res = await app.inject(url);
      // Either the configured page or nothing: never the bare build without configuration.
      if (res.statusCode === 200) expect(res.body, url).toBe(home.body);
      else expect(res.statusCode, url).toBe(404);
    }
    expect((await app.inject('/index.html')).body).toBe(home.body);
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    const etag = home.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('still serves the assets, cached as immutable', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: builtWebApp() }) });
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('changes with the configuration: one build runs under any secret', async () => {
    const dist = builtWebApp();
    const a = await t.build({ config: testConfig({ webDistDir: dist }, { EAV_SIGN_SECRET: 'first-secret' }) });
    const b = await t.build({ config: testConfig({ webDistDir: dist }, { EAV_SIGN_SECRET: 'second-secret' }) });
    expect(configOf((await a.inject('/')).body)).toMatchObject({ signSecret: 'first-secret' });
    expect(configOf((await b.inject('/')).body)).toMatchObject({ signSecret: 'second-secret' });
    expect((await a.inject('/')).headers.etag).not.toBe((await b.inject('/')).headers.etag);
  });
});

const PHONE =
  'Mozilla/5.0 (Linux; Android 13; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';

/** The URLs a page names in `<link rel=…>` tags of the given kind (`preload`: the stylesheets'). */
function linked(html: string, rel: 'modulepreload' | 'preload'): string[] {
  const kind = rel === 'preload' ? 'preload" as="style' : rel;
  return [...html.matchAll(new RegExp(`<link rel="${kind}"[^>]* href="([^"]+)"`, 'g'))].map((m) => m[1]!);
}

describe("the page names the device's shell for preloading", () => {
  function withPreloads(preloads: unknown): string {
    const dist = builtWebApp();
    fs.writeFileSync(path.join(dist, 'shell-preload.json'), JSON.stringify(preloads));
    return dist;
  }
  const preloads = {
    h5: {
      modules: ['/assets/shell-1.js', '/assets/h5-shell-2.js'],
      styles: ['/assets/h5-ui-3.css'],
      routes: '/assets/routes-h5-5.js',
    },
    desktop: { modules: ['/assets/shell-1.js', '/assets/desktop-shell-4.js'], styles: [] },
  };

  it('H5 shell for a phone, desktop shell otherwise, each variant with its own validator', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: withPreloads(preloads) }) });
    const phone = await app.inject({ url: '/', headers: { 'user-agent': PHONE } });
    const laptop = await app.inject({ url: '/', headers: { 'user-agent': LAPTOP } });
    const none = await app.inject('/');
    expect(linked(phone.body, 'modulepreload')).toEqual(preloads.h5.modules);
    expect(linked(phone.body, 'preload')).toEqual(preloads.h5.styles);
    // A phone's slow link fetches the stylesheets that block the first paint first.
    expect(phone.body).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/h5-ui-3.css" />',
    );
    expect(laptop.body).not.toContain('fetchpriority');
    // The route hint, when the build wrote one, runs as soon as it arrives.
    expect(phone.body).toContain('<script async src="/assets/routes-h5-5.js"></script>');
    expect(laptop.body).not.toContain('<script async');
    expect(linked(laptop.body, 'modulepreload')).toEqual(preloads.desktop.modules);
    expect(linked(laptop.body, 'preload')).toEqual([]);
    expect(none.body).toBe(laptop.body);
    for (const res of [phone, laptop]) expect(res.headers.vary).toMatch(/User-Agent/);
    // Both variants keep the configuration, and a cache never hands one device the other's page.
    expect(configOf(phone.body)).toEqual(configOf(laptop.body));
    expect(phone.headers.etag).not.toBe(laptop.headers.etag);
    const revalidated = await app.inject({
      url: '/',
      headers: { 'user-agent': PHONE, 'if-none-match': phone.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    const crossed = await app.inject({
      url: '/',
      headers: { 'user-agent': LAPTOP, 'if-none-match': phone.headers.etag as string },
    });
    expect(crossed.statusCode).toBe(200);
  });

  it('serves the page without hints when the file is missing or names anything but local assets', async () => {
    for (const dist of [
      builtWebApp(),
      withPreloads({ ...preloads, h5: { modules: ['https://cdn.example.com/x.js'], styles: [] } }),
      withPreloads({ ...preloads, h5: { ...preloads.h5, routes: 'https://cdn.example.com/routes.js' } }),
      withPreloads({ h5: preloads.h5 }),
    ]) {
      const app = await t.build({ config: testConfig({ webDistDir: dist }) });
      const res = await app.inject({ url: '/', headers: { 'user-agent': PHONE } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<link rel="modulepreload"');
      expect(res.body).not.toContain('<script async');
      expect(configOf(res.body)).toMatchObject({ signSecret: 'test-secret' });
    }
  });
});

describe("the page carries the first screen's answers", () => {
  it('the carousel exactly as the API answers it, and on phones the lead picture first', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: builtWebApp() }) });
    const [lead] = await app.db
      .insert(banner)
      .values({ title: '寒假"</script><script>alert(1)</script>', image: '/banners/lead.svg', sortOrder: -100 })
      .returning({ id: banner.id });
    await app.readCache.invalidate('banner');
    const list = await api(app, { url: ApiPaths.banner });
    expect(list.statusCode).toBe(200);
    const phone = await app.inject({ url: '/', headers: { 'user-agent': PHONE } });
    const laptop = await app.inject({ url: '/', headers: { 'user-agent': LAPTOP } });
    for (const res of [phone, laptop]) {
      // The operator's text stays inside the attribute: no tag of it reaches the page.
      expect(res.body).not.toContain('<script>alert');
      expect(metaOf(res.body, 'eav-first-screen')).toEqual({ [ApiPaths.banner]: list.json() });
    }
    expect((list.json() as { data: { id: number }[] }).data[0]!.id).toBe(lead!.id);
    expect(phone.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/banners/lead.svg" />');
    expect(laptop.body).not.toContain('as="image"');

    // A write changes the page and its validator; the old validator no longer matches.
    await app.db.update(banner).set({ image: '/banners/other.svg' }).where(eq(banner.id, lead!.id));
    await app.readCache.invalidate('banner');
    const after = await app.inject({
      url: '/',
      headers: { 'user-agent': PHONE, 'if-none-match': phone.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(phone.headers.etag);
    expect(after.body).toContain('href="/banners/other.svg"');
    const again = await app.inject({ url: '/', headers: { 'user-agent': PHONE } });
    expect(again.headers.etag).toBe(after.headers.etag);
  });

  it('serves the page without them when they cannot be read', async () => {
    const app = await t.build({ config: testConfig({ webDistDir: builtWebApp() }) });
    const failing = app.readCache.get.bind(app.readCache);
    app.readCache.get = () => Promise.reject(new Error('database unavailable'));
    try {
      const res = await app.inject({ url: '/', headers: { 'user-agent': PHONE } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('eav-first-screen');
      expect(res.body).not.toContain('as="image"');
      expect(configOf(res.body)).toMatchObject({ signSecret: 'test-secret' });
    } finally {
      app.readCache.get = failing;
    }
  });
});

describe('renderIndexHtml', () => {
  const config = { signSecret: 's', publicOrigin: null, features: {} };

  it('adds the tag at the end of <head>, or after the doctype of a page without one', () => {
    expect(renderIndexHtml('<html><head><title>x</title></head><body></body></html>', config)).toBe(
      '<html><head><title>x</title><meta name="eav-config" content="{&quot;signSecret&quot;:&quot;s&quot;,' +
        '&quot;publicOrigin&quot;:null,&quot;features&quot;:{}}" />\n  </head><body></body></html>',
    );
    expect(renderIndexHtml('<!doctype html><p>x</p>', config)).toMatch(
      /^<!doctype html><meta name="eav-config" [^>]+><p>x<\/p>$/,
    );
  });

  it('escapes every character that could end the attribute or open a tag', () => {
    expect(escapeHtmlAttribute(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });
});

describe('API docs switch (API_DOCS)', () => {
  it('serves /api/docs when on', async () => {
    const app = await t.build({ config: testConfig({ apiDocs: true }) });
    expect((await app.inject('/api/docs/json')).statusCode).toBe(200);
    expect((await app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers the API 404 envelope for /api/docs when off, and says so to the browser', async () => {
    const app = await t.build({ config: testConfig({ apiDocs: false, webDistDir: builtWebApp() }) });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 404, msg: Messages.notFoundRequest });
    }
    expect(configOf((await app.inject('/')).body)).toMatchObject({ features: { apiDocs: false } });
  });
});
