/** The route hint: the route table read right, each route's own files, and the script run in a page. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { routeFiles, routeModules, routePreloadScript } from './route-preload';
import { bundle, chunk } from './test-bundle';

const ROOT = '/repo/apps/web';

describe('routeModules', () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, '../src/app/router.tsx'), 'utf8');

  it('reads every page of the real route table, by site', () => {
    const routes = routeModules(source);
    const h5 = new Map(routes.h5.map((r) => [r.path, r.module]));
    const desktop = new Map(routes.desktop.map((r) => [r.path, r.module]));
    expect(h5.get(paths.mobile.home)).toBe('src/app/routes/mobile-home.tsx');
    expect(h5.get(paths.mobile.pdf)).toBe('src/app/routes/mobile/pdf.tsx');
    expect(desktop.get(paths.home)).toBe('src/app/routes/home.tsx');
    expect(desktop.get(paths.detail)).toBe('src/app/routes/detail.tsx');
    expect(desktop.has(paths.mobile.home)).toBe(false);
    // Every module named exists, so a renamed page cannot leave a hint to nothing.
    for (const r of [...routes.h5, ...routes.desktop])
      expect(fs.existsSync(path.join(import.meta.dirname, '..', r.module)), r.module).toBe(true);
  });

  it('fails on a page written another way, and on a path it cannot resolve', () => {
    const table = `function page(path, title, load) {}\nexport const mobileRoutes = [\n  page(m.home, '首页', () => import('./routes/mobile-home')),\n`;
    expect(routeModules(`${table}];`).h5).toEqual([
      { path: paths.mobile.home, module: 'src/app/routes/mobile-home.tsx' },
    ]);
    expect(() => routeModules(`${table}  page(m.pdf, '阅读', loadPdf),\n];`)).toThrow(/1 page\(\) calls/);
    expect(() => routeModules(`${table}  page(paths.nothing, 'x', () => import('./routes/x')),\n];`)).toThrow(
      /cannot resolve the route path paths.nothing/,
    );
  });
});

describe('routeFiles', () => {
  it("names a route's chunks and stylesheets beyond what the page already names", () => {
    const entry = chunk('index.js', `${ROOT}/index.html`, ['vendor.js'], [], true);
    const vendor = chunk('vendor.js', null);
    const ui = chunk('h5-ui.js', null, ['vendor.js'], ['h5-ui.css']);
    const home = chunk('home.js', `${ROOT}/src/app/routes/mobile-home.tsx`, ['ui-part.js', 'h5-ui.js'], ['home.css']);
    const part = chunk('ui-part.js', null, ['vendor.js'], ['home.css']);
    const files = routeFiles(
      bundle(entry, vendor, ui, home, part),
      [
        { path: '/mobileH5/home', module: 'src/app/routes/mobile-home.tsx' },
        { path: '/gone', module: 'src/app/routes/gone.tsx' },
      ],
      new Set(['/index.js', '/vendor.js', '/h5-ui.js', '/h5-ui.css']),
    );
    expect(files).toEqual({ '/mobileH5/home': ['/home.js', '/home.css', '/ui-part.js'] });
  });
});

describe('routePreloadScript', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
    history.replaceState(null, '', '/');
  });

  const script = routePreloadScript(
    {
      '/mobileH5/home': ['/assets/home.js', '/assets/icons.js'],
      '/mobileH5/pdf': ['/assets/pdf.js', '/assets/pdf.css'],
    },
    '/mobileH5/home',
  );
  const run = (hash: string) => {
    history.replaceState(null, '', `/${hash}`);
    // The script as the page runs it: a classic script, no imports.
    new Function(script)();
    return [...document.head.querySelectorAll('link')].map((l) => [
      l.rel,
      l.getAttribute('as'),
      l.getAttribute('href'),
    ]);
  };

  it("preloads the opened route's files, ignoring the query", () => {
    expect(run('#/mobileH5/pdf?id=6')).toEqual([
      ['modulepreload', null, '/assets/pdf.js'],
      ['preload', 'style', '/assets/pdf.css'],
    ]);
    for (const link of document.head.querySelectorAll('link')) expect(link.getAttribute('crossorigin')).toBe('');
  });

  it('adds no second link for a file the page already preloads (the hint arrived after the entry)', () => {
    const earlier = document.createElement('link');
    earlier.rel = 'modulepreload';
    earlier.href = '/assets/pdf.js';
    document.head.appendChild(earlier);
    expect(run('#/mobileH5/pdf')).toEqual([
      ['modulepreload', null, '/assets/pdf.js'],
      ['preload', 'style', '/assets/pdf.css'],
    ]);
  });

  it("treats `/` as the site's home and preloads nothing for an unknown route", () => {
    expect(run('').map((l) => l[2])).toEqual(['/assets/home.js', '/assets/icons.js']);
    for (const link of document.head.querySelectorAll('link')) link.remove();
    expect(run('#/constructor')).toEqual([]);
    expect(run('#/nowhere')).toEqual([]);
  });
});
