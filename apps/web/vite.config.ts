import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ManualChunkMeta, ModuleInfo } from 'rollup';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { bundleGuard } from './build/bundle-guard';
import { H5_BOOK_PAGES, H5_FIRST_SCREEN } from './build/h5-pages';
import { shellPreload } from './build/shell-preload';

/**
 * Development only: the dev server writes the run-time configuration tag into index.html as the
 * portal server does in production (src/config/runtime.ts), from the same variables and defaults
 * as the server (apps/server/.env and the environment). `vite build` never runs this, so a
 * production build holds no secret and the server supplies it at run time.
 */
function devRuntimeConfig(env: Record<string, string>): Plugin {
  const config = {
    signSecret: env.EAV_SIGN_SECRET || 'dev-secret',
    publicOrigin: env.PUBLIC_ORIGIN || null,
    features: { apiDocs: env.API_DOCS !== 'false' && env.API_DOCS !== '0' },
  };
  return {
    name: 'eav-dev-runtime-config',
    apply: 'serve',
    transformIndexHtml: () => [
      // Vite escapes attribute values.
      { tag: 'meta', attrs: { name: 'eav-config', content: JSON.stringify(config) }, injectTo: 'head-prepend' },
    ],
  };
}

/** The libraries of the entry (what `src/main.tsx` needs before any page: React, router, HTTP, query cache, signing). */
const ENTRY_LIBRARIES =
  /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|axios|@tanstack\/(query-core|react-query)|@noble\/hashes|js-cookie|zustand|react-is|antd-mobile\/es\/(global|utils\/can-use-dom\.js|utils\/(unstable-)?render\.js))(\/|$)/;

/**
 * Vendor chunks (`output.manualChunks`): the entry's libraries in `vendor` (fetched in parallel
 * with the entry, cached across releases of the app code); antd-mobile's components with their
 * animation and gesture libraries in `h5-ui` (those the H5 shell and home show, so the home's first
 * load carries no form, picker or dialog), `h5-ui-books` (those the bookstore, book and reader add,
 * so opening a book does not download the account pages' forms) and `h5-ui-more` (the other H5
 * pages'), each with a `ui-common` group beside it for the libraries antd shares with them (so a
 * desktop page never loads antd-mobile); antd's icons in `h5-icons` (those the H5 shell and home show, with what they need) and
 * `icons` (the rest). The pages are listed in build/h5-pages.ts. Everything else is left to
 * Rollup; antd is never grouped, so no H5 page can be tied to it (build/bundle-guard.ts).
 * A group takes in the modules it imports that no group claims, so the entry's libraries are
 * claimed first: otherwise React would land in `h5-ui` and every page would load it.
 */
export function vendorChunk(id: string, meta: ManualChunkMeta): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (ENTRY_LIBRARIES.test(id)) return 'vendor';
  // antd-mobile's render helper (above) and what it uses of rc-util and Babel's helpers.
  if (/\/node_modules\/(@babel\/runtime|rc-util\/lib)\//.test(id) && staticallyFromEntry(id, meta)) return 'vendor';
  // The index modules import every component or icon, so they sit with the rest: the pages' imports
  // through them resolve to the modules themselves, and no earlier group imports `h5-ui-more`.
  if (H5_UI_INDEX.test(id)) return 'h5-ui-more';
  if (underH5Ui(id, meta)) {
    const tier = H5_TIERS.find((t) => t.holds(id, meta))?.chunk ?? 'h5-ui-more';
    // A library antd (or the app) imports as well, such as dayjs for antd's DatePicker, sits beside
    // the tier: in it, a desktop page would load the tier, and with it every antd-mobile component.
    return onlyUnderH5Ui(id, meta) ? tier : tier.replace('h5-ui', 'ui-common');
  }
  if (ANT_ICONS_INDEX.test(id)) return 'icons';
  if (underAntIcons(id, meta)) return onH5FirstScreenAntIcon(id, meta) ? 'h5-icons' : 'icons';
  return undefined;
}

const ANTD_MOBILE_COMPONENT = /\/node_modules\/antd-mobile\/es\/components\/([^/]+)\//;
const ANTD_MOBILE_ICON = /\/node_modules\/antd-mobile-icons\/es\/([^/.]+)\.js$/;
/** The libraries' own modules, and their index modules (which import every component or icon). */
const H5_UI_LIBRARY = /\/node_modules\/(antd-mobile\/es|antd-mobile-icons\/es|@react-spring|@use-gesture)\//;
const H5_UI_INDEX = /\/node_modules\/antd-mobile(-icons)?\/es\/index\.js$/;

/** What a set of pages imports from the H5 libraries, by name. */
interface NamedUse {
  /** antd-mobile component folders (`tab-bar` for TabBar). */
  components: Set<string>;
  /** antd-mobile-icons names. */
  icons: Set<string>;
  /** @ant-design/icons names (the H5 home's entry grid). */
  antIcons: Set<string>;
}

/** An @ant-design/icons icon module, or the SVG definition of one, by name. */
const ANT_ICON = /\/node_modules\/@ant-design\/(icons\/es\/icons|icons-svg\/es\/asn)\/([^/.]+)\.js$/;
const ANT_ICONS_LIBRARY = /\/node_modules\/@ant-design\/icons(-svg)?\//;
/** The index modules, which import every icon. */
const ANT_ICONS_INDEX = /\/node_modules\/@ant-design\/icons\/es\/(index|icons\/index)\.js$/;

/** The names a module imports from `source` (`import { A, B as C } from 'source'` gives A and B). */
function namedImports(info: ModuleInfo, source: string): string[] {
  const names: string[] = [];
  for (const node of info.ast?.body ?? []) {
    if (node.type !== 'ImportDeclaration' || node.source.value !== source) continue;
    for (const spec of node.specifiers)
      if (spec.type === 'ImportSpecifier' && spec.imported.type === 'Identifier') names.push(spec.imported.name);
  }
  return names;
}

/**
 * What the app modules matched by `pages` import from antd-mobile and its icons, by name, with the
 * app's modules they import statically (what those pages run before any click). The app imports both
 * libraries from their index modules, which import every component, so the module graph alone would
 * put all of them on every page: the names are read from the parsed modules, once per build.
 */
function useOf(pages: RegExp, meta: ManualChunkMeta): NamedUse {
  const use: NamedUse = { components: new Set(), icons: new Set(), antIcons: new Set() };
  const queue = [...meta.getModuleIds()].filter((id) => pages.test(id));
  const seen = new Set<string>();
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = meta.getModuleInfo(id);
    if (!info) continue;
    for (const name of namedImports(info, 'antd-mobile'))
      use.components.add(name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase());
    for (const name of namedImports(info, 'antd-mobile-icons')) use.icons.add(name);
    for (const name of namedImports(info, '@ant-design/icons')) use.antIcons.add(name);
    for (const dep of info.importedIds) if (!dep.includes('/node_modules/')) queue.push(dep);
  }
  return use;
}

/** A group of antd-mobile's modules: those a set of pages needs (see `h5Tier`). */
interface H5Tier {
  chunk: string;
  /** Whether an H5 library module belongs to the group. */
  holds: (id: string, meta: ManualChunkMeta) => boolean;
  /** What the group's pages import by name (read once per build). */
  use: (meta: ManualChunkMeta) => NamedUse;
}

/**
 * The group `chunk` of the antd-mobile modules that the app modules matched by `pages` need: the
 * components and icons they name, the icons those components import by name (through the icons'
 * index module), and every module those import, transitively. Up through the libraries' own modules
 * only: the index modules import everything, and the app's modules were read by name.
 */
function h5Tier(chunk: string, pages: RegExp): H5Tier {
  let use: NamedUse | undefined;
  let libraryIcons: Set<string> | undefined;
  const useOnce = (meta: ManualChunkMeta) => (use ??= useOf(pages, meta));
  const iconsOfComponents = (meta: ManualChunkMeta): Set<string> => {
    if (libraryIcons) return libraryIcons;
    const icons = new Set<string>();
    for (const id of meta.getModuleIds()) {
      if (!ANTD_MOBILE_COMPONENT.test(id)) continue;
      const info = meta.getModuleInfo(id);
      const names = info ? namedImports(info, 'antd-mobile-icons') : [];
      if (names.length && holds(id, meta)) for (const name of names) icons.add(name);
    }
    return (libraryIcons = icons);
  };
  const holds = upward({
    holds: (id, meta) => {
      const named = useOnce(meta);
      const component = ANTD_MOBILE_COMPONENT.exec(id)?.[1];
      const icon = ANTD_MOBILE_ICON.exec(id)?.[1];
      return (
        (component !== undefined && named.components.has(component)) ||
        (icon !== undefined && (named.icons.has(icon) || iconsOfComponents(meta).has(icon)))
      );
    },
    via: (i, meta) => !H5_UI_INDEX.test(i) && underH5Ui(i, meta),
  });
  return { chunk, holds, use: useOnce };
}

/** How an upward walk over the module graph decides (see `upward`). */
interface UpwardRule {
  /** Modules the walk may answer yes for at all (others are no at once). */
  within?: (id: string) => boolean;
  /** The property itself. */
  holds: (id: string, meta: ManualChunkMeta) => boolean;
  /** The importers the walk goes up through (all by default). */
  via?: (importer: string, meta: ManualChunkMeta) => boolean;
  /** Whether every importer must reach the property (default: one is enough). */
  every?: boolean;
}

/**
 * A memoised test of whether a module has a property or reaches it through its importers: the
 * walks of the vendor groups below. A negative answer inside a cycle may be premature, so only
 * positive ones are kept (one build per process; the maps live as long as the configuration).
 */
function upward(rule: UpwardRule): (id: string, meta: ManualChunkMeta) => boolean {
  const known = new Set<string>();
  const test = (id: string, meta: ManualChunkMeta, seen: Set<string>): boolean => {
    if (known.has(id)) return true;
    if ((rule.within && !rule.within(id)) || seen.has(id)) return false;
    seen.add(id);
    const importers = (meta.getModuleInfo(id)?.importers ?? []).filter((i) => !rule.via || rule.via(i, meta));
    const up = (i: string) => test(i, meta, seen);
    const result =
      rule.holds(id, meta) || (rule.every ? importers.length > 0 && importers.every(up) : importers.some(up));
    if (result) known.add(id);
    return result;
  };
  return (id, meta) => test(id, meta, new Set());
}

const inNodeModules = (id: string) => id.includes('/node_modules/');

/**
 * Whether a module is one of the H5 libraries' (antd-mobile, its icons, the spring and gesture
 * libraries) or a library they import: Rollup puts a group's static dependencies into the group, so
 * both groups name theirs, or a dependency of the first screen could land in `h5-ui-more` and tie
 * the two together.
 */
const underH5Ui = upward({ within: inNodeModules, holds: (id) => H5_UI_LIBRARY.test(id) });

/** Whether a module is one of the H5 libraries' or a library only they import (no antd, no app module). */
const onlyUnderH5Ui = upward({ within: inNodeModules, holds: (id) => H5_UI_LIBRARY.test(id), every: true });

/**
 * antd-mobile's groups, tried in order, so a module both need sits in the earlier one and no group
 * imports a later one: `h5-ui` (the shell and home), `h5-ui-books` (what the book pages add); the
 * rest is `h5-ui-more`.
 */
const H5_TIERS: H5Tier[] = [h5Tier('h5-ui', H5_FIRST_SCREEN), h5Tier('h5-ui-books', H5_BOOK_PAGES)];

/** Whether a module is @ant-design/icons' (or its SVG definitions') or a library only they lead to. */
const underAntIcons = upward({ within: inNodeModules, holds: (id) => ANT_ICONS_LIBRARY.test(id), every: true });

/** Whether an icons module is one the H5 first screen names, or one those import, transitively. */
const onH5FirstScreenAntIcon = upward({
  holds: (id, meta) => {
    const name = ANT_ICON.exec(id)?.[2];
    return name !== undefined && H5_TIERS[0]!.use(meta).antIcons.has(name);
  },
  via: (i, meta) => !ANT_ICONS_INDEX.test(i) && underAntIcons(i, meta),
});

/** Whether an entry imports `id` through static imports only. */
const staticallyFromEntry = upward({ holds: (id, meta) => !!meta.getModuleInfo(id)?.isEntry });

/**
 * The web build fails when a first load pulls in what it should not (build/bundle-guard.ts); the
 * dev server proxies the API to the Fastify server on PORT (default 8080).
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, path.resolve(import.meta.dirname, '../server'), '');
  const apiTarget = `http://127.0.0.1:${env.PORT || 8080}`;
  return {
    plugins: [react(), bundleGuard(), shellPreload(), devRuntimeConfig(env)],
    resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
    server: {
      port: 5173,
      proxy: {
        '/api': apiTarget,
        '/prize/api': apiTarget,
        '/uploads': apiTarget,
        '/covers': apiTarget,
        '/media': apiTarget,
        '/ws/chat': { target: apiTarget, ws: true },
      },
    },
    build: {
      target: 'es2020',
      chunkSizeWarningLimit: 1500,
      rollupOptions: {
        // Without it a page's first load is some 60 chunks of 1-3 kB (antd-mobile's and the icon
        // set's per-component modules): on HTTP/1.1, six at a time, each costs a round trip on a
        // mobile network. Grouped, they are a handful (docs/decisions/013-first-paint.md).
        output: { manualChunks: vendorChunk },
      },
    },
    // pdf.js starts its worker as a module (`new Worker(url, { type: 'module' })`).
    worker: { format: 'es' },
    test: undefined,
  };
});
