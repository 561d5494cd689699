/**
 * Build step of docs/decisions/013-first-paint.md ("Route hint"): a small script per site that the
 * page runs as soon as it arrives, before the entry and its libraries have downloaded. It reads the
 * hash route the visitor opened and asks for that page's chunks (`<link rel="modulepreload">`, and
 * its stylesheets), so they download in parallel with the entry instead of after the router has
 * started. The shell's own files are named by the page already (shell-preload.ts); the script names
 * what is particular to the route. A phone on `/` is sent to the H5 home, so the H5 script treats
 * `/` as the home.
 *
 * Which module serves which path is read from the route table (src/app/router.tsx), whose pages are
 * all written `page(<path>, '<title>', () => import('./routes/…'))`; the build fails when a `page(`
 * call does not read that way, so the hint never silently loses a route.
 */
import type { OutputBundle } from 'rollup';
import { paths } from '../src/config/paths';
import { chunksOf, importedCss, staticClosure } from './bundle-guard';

export type Site = 'h5' | 'desktop';

/** A route of the table: its hash path and the source module of its page (`src/app/routes/….tsx`). */
export interface RouteModule {
  path: string;
  module: string;
}

const PAGE_CALL = /page\(\s*([\w.]+|'[^']*')\s*,\s*'[^']*'\s*,\s*\(\)\s*=>\s*import\('\.\/(routes\/[^']+)'\)/g;

/** The value of `paths.a.b` or `m.b` (the table's alias of `paths.mobile`), or a quoted literal. */
function resolvePath(expr: string): string {
  if (expr.startsWith("'")) return expr.slice(1, -1);
  const [root, ...keys] = expr.split('.');
  let value: unknown = root === 'paths' ? paths : root === 'm' ? paths.mobile : undefined;
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
  if (typeof value !== 'string') throw new Error(`route-preload: cannot resolve the route path ${expr}`);
  return value;
}

/**
 * The pages of each site in the route table's source: the H5 site's are those of `mobileRoutes`,
 * the desktop's those before it (the portal and its bare pages). Paths with parameters or the
 * catch-all are left out: the hint matches exact paths only.
 * @throws when a `page(` call is not written as the pattern expects.
 */
export function routeModules(routerSource: string): Record<Site, RouteModule[]> {
  const calls = routerSource.match(/\bpage\(/g)?.length ?? 0;
  const mobileStart = routerSource.indexOf('export const mobileRoutes');
  if (mobileStart < 0) throw new Error('route-preload: src/app/router.tsx has no mobileRoutes');
  const result: Record<Site, RouteModule[]> = { h5: [], desktop: [] };
  let found = 0;
  for (const match of routerSource.matchAll(PAGE_CALL)) {
    found++;
    const path = resolvePath(match[1]!);
    if (path.includes(':') || path.includes('*')) continue;
    const site: Site = match.index >= mobileStart ? 'h5' : 'desktop';
    result[site].push({ path, module: `src/app/${match[2]}.tsx` });
  }
  // One more `page(` than calls: the helper's own declaration.
  if (found !== calls - 1)
    throw new Error(
      `route-preload: ${calls - 1 - found} page() calls of src/app/router.tsx are not written page(path, 'title', () => import('./routes/…'))`,
    );
  return result;
}

/**
 * The files each route of `routes` needs beyond what the page already names (`known`: the entry's
 * and the shell's first load), by path: the route chunk's static closure and its stylesheets, as
 * root-relative URLs. Routes whose chunk is not in the bundle are left out.
 */
export function routeFiles(
  bundle: OutputBundle,
  routes: RouteModule[],
  known: Set<string>,
  base = '/',
): Record<string, string[]> {
  const chunks = chunksOf(bundle);
  const result: Record<string, string[]> = {};
  for (const { path, module } of routes) {
    const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/${module}`));
    if (!chunk) continue;
    const files: string[] = [];
    for (const f of staticClosure(chunk, chunks)) {
      if (!known.has(base + f)) files.push(base + f);
      for (const css of importedCss(chunks.get(f)))
        if (!known.has(base + css) && !files.includes(base + css)) files.push(base + css);
    }
    result[path] = files;
  }
  return result;
}

/**
 * The script's source: the table of files (each URL once) and of paths (indexes into it), and the
 * few lines that add the links for the hash route of the page. `homeAlias` is the path `/` stands
 * for (the H5 home on a phone). Runs as a classic script with no imports, before anything else.
 */
export function routePreloadScript(byPath: Record<string, string[]>, homeAlias?: string): string {
  const files: string[] = [];
  const index = new Map<string, number>();
  const table: Record<string, number[]> = {};
  for (const [path, list] of Object.entries(byPath)) {
    table[path] = list.map((f) => {
      let i = index.get(f);
      if (i === undefined) {
        i = files.length;
        files.push(f);
        index.set(f, i);
      }
      return i;
    });
  }
  if (homeAlias && table[homeAlias]) table['/'] = table[homeAlias];
  return `/* Route hint (docs/decisions/013-first-paint.md): the opened page's chunks, fetched while the entry downloads. */
(function () {
  var files = ${JSON.stringify(files)};
  var routes = ${JSON.stringify(table)};
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
  var list = Object.prototype.hasOwnProperty.call(routes, path) ? routes[path] : [];
  for (var i = 0; i < list.length; i++) {
    var href = files[list[i]];
    // Arriving after the entry, the router's own preloads are there already: no second link.
    if (document.querySelector('link[href="' + href + '"]')) continue;
    var link = document.createElement('link');
    if (/\\.css$/.test(href)) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else link.rel = 'modulepreload';
    link.setAttribute('crossorigin', '');
    link.href = href;
    document.head.appendChild(link);
  }
})();
`;
}
