/**
 * Build-time guard on what the first load of each part of the site pulls in. The web build fails
 * when a rule's chunks, together with every chunk they import statically (what the browser must
 * fetch before the page runs), contain a forbidden module. It keeps the gains of docs/benchmarks.md
 * ("Web bundle") from eroding one import at a time: an H5 page that imports a desktop component
 * drags antd in, and a plain value taken from a schema module drags zod in. It also fails when the
 * entry's first load outgrows its gzip budget (`ENTRY_BUDGET_GZIP_BYTES`).
 */
import { gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { H5_BOOK_PAGES, H5_FIRST_SCREEN } from './h5-pages';

export interface BundleRule {
  /** What the rule protects, for the error message. */
  name: string;
  /** The chunks the rule checks. */
  applies(chunk: OutputChunk): boolean;
  /** Module ids that must not be reachable from those chunks. */
  forbidden: RegExp;
}

const H5_PAGE = /\/src\/(app\/routes\/mobile\/|app\/routes\/mobile-home\.tsx$|components\/layouts\/h5-shell\.tsx$)/;
/** H5 pages with account forms, whose field rules are the contract's zod schemas. */
const H5_FORM_PAGE = /\/src\/app\/routes\/mobile\/(login|register|forget|phone-login|guardian-consent|guardian)\.tsx$/;
const ANTD = /\/node_modules\/(antd|@ant-design\/cssinjs)\//;
/** The operator console's modules: only its own lazy shell and sections load them (docs/console.md). */
const CONSOLE = /\/src\/(features\/console\/|app\/routes\/admin\/)/;
/** Every page chunk of the portal outside the console. */
const PORTAL_PAGE = /\/src\/(app\/routes\/(?!admin\/)|app\/shell\.tsx$|components\/layouts\/)/;
const ZOD = /\/node_modules\/zod\//;
/** Every desktop page and console section: a route module that is not an H5 page (app/routes/mobile*). */
const DESKTOP_PAGE = /\/src\/app\/routes\/(?!mobile)/;
/** antd-mobile's components and what only they use (the entry keeps its global styles and render helper). */
const ANTD_MOBILE_COMPONENTS =
  /\/node_modules\/(antd-mobile\/es\/components|antd-mobile-icons|@react-spring|@use-gesture)\//;
/** The readers' routes: their header paints before pdf.js arrives (docs/decisions/013-first-paint.md). */
const READER_PAGE = /\/src\/app\/routes\/(preview|mobile\/pdf)\.tsx$/;
const PDFJS = /\/node_modules\/(react-pdf|pdfjs-dist)\//;
/** The index of antd's icons: in the `icons` chunk with every icon the desktop and console show (vite.config.ts). */
const ALL_ANT_ICONS = /\/node_modules\/@ant-design\/icons\/es\/(index|icons\/index)\.js$/;
const H5_FORMS_AND_OVERLAYS =
  /\/node_modules\/(rc-field-form|async-validator|@floating-ui\/[^/]+|antd-mobile\/es\/components\/(form|dialog|picker|popover))\//;

/** The rules of this site (see docs/ARCHITECTURE.md for where plain values and helpers live). */
export const WEB_BUNDLE_RULES: BundleRule[] = [
  {
    name: 'the entry chunk loads no zod and no antd',
    applies: (c) => c.isEntry,
    forbidden: new RegExp(`${ANTD.source}|${ZOD.source}`),
  },
  {
    name: 'no portal page loads the operator console',
    applies: (c) => c.isEntry || PORTAL_PAGE.test(c.facadeModuleId ?? ''),
    forbidden: CONSOLE,
  },
  { name: 'H5 pages load no antd', applies: (c) => H5_PAGE.test(c.facadeModuleId ?? ''), forbidden: ANTD },
  {
    name: 'desktop pages and the console load no antd-mobile',
    applies: (c) => DESKTOP_PAGE.test(c.facadeModuleId ?? ''),
    forbidden: ANTD_MOBILE_COMPONENTS,
  },
  {
    name: 'H5 pages without account forms load no zod',
    applies: (c) => H5_PAGE.test(c.facadeModuleId ?? '') && !H5_FORM_PAGE.test(c.facadeModuleId ?? ''),
    forbidden: ZOD,
  },
  {
    name: 'the H5 shell and home load no form library, dialog, picker or popover',
    applies: (c) => H5_FIRST_SCREEN.test(c.facadeModuleId ?? ''),
    forbidden: H5_FORMS_AND_OVERLAYS,
  },
  {
    name: 'the H5 bookstore, book and reader load no form library, dialog, picker or popover',
    applies: (c) => H5_BOOK_PAGES.test(c.facadeModuleId ?? ''),
    forbidden: H5_FORMS_AND_OVERLAYS,
  },
  {
    name: "the H5 shell and home load only the icons they show, not the desktop's",
    applies: (c) => H5_FIRST_SCREEN.test(c.facadeModuleId ?? ''),
    forbidden: ALL_ANT_ICONS,
  },
  {
    name: 'the readers load pdf.js after their first paint',
    applies: (c) => READER_PAGE.test(c.facadeModuleId ?? ''),
    forbidden: PDFJS,
  },
];

/** The bundle's chunks by file name. */
export function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  return chunks;
}

/** The stylesheets a chunk imports (Vite's per-chunk metadata). */
export function importedCss(chunk: OutputChunk | undefined): Set<string> {
  return (
    (chunk as { viteMetadata?: { importedCss?: Set<string> } } | undefined)?.viteMetadata?.importedCss ?? new Set()
  );
}

/** Breaches of `rules` in `bundle`, one line each: rule, chunk's source module, first forbidden module. */
export function bundleViolations(bundle: OutputBundle, rules: BundleRule[] = WEB_BUNDLE_RULES): string[] {
  const chunks = chunksOf(bundle);
  const found: string[] = [];
  for (const rule of rules) {
    for (const chunk of chunks.values()) {
      if (!rule.applies(chunk)) continue;
      const hit = firstReachable(chunk, chunks, rule.forbidden);
      if (hit) found.push(`${rule.name}: ${shortId(chunk.facadeModuleId ?? chunk.fileName)} reaches ${shortId(hit)}`);
    }
  }
  return found;
}

/**
 * Budget of the entry's first load: the entry chunk and every chunk it imports statically, gzip
 * bytes (what every page downloads and runs before anything else; docs/benchmarks.md, Web bundle).
 * Set from what the build reached (about 169 kB: React, the router, axios, TanStack Query, the
 * signer and the app's bootstrapping) with a little headroom; raise it only with a reason.
 */
export const ENTRY_BUDGET_GZIP_BYTES = 176 * 1024;

/** The entry's first load over `budget` gzip bytes, as one line per entry, or nothing. */
export function entryBudgetViolations(bundle: OutputBundle, budget: number = ENTRY_BUDGET_GZIP_BYTES): string[] {
  const chunks = chunksOf(bundle);
  const found: string[] = [];
  for (const entry of chunks.values()) {
    if (!entry.isEntry) continue;
    const files = staticClosure(entry, chunks);
    const bytes = files.reduce((sum, f) => sum + gzipSync(chunks.get(f)!.code).length, 0);
    if (bytes > budget)
      found.push(
        `the entry's first load (${files.join(', ')}) is ${(bytes / 1024).toFixed(1)} kB gzip, over its budget of ${(budget / 1024).toFixed(0)} kB`,
      );
  }
  return found;
}

/** `start` and every chunk it imports statically, transitively, as file names in load order. */
export function staticClosure(start: OutputChunk, chunks: Map<string, OutputChunk>): string[] {
  const seen: string[] = [];
  const queue = [start.fileName];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.includes(file) || !chunks.has(file)) continue;
    seen.push(file);
    queue.push(...chunks.get(file)!.imports);
  }
  return seen;
}

function firstReachable(start: OutputChunk, chunks: Map<string, OutputChunk>, forbidden: RegExp): string | null {
  const seen = new Set<string>();
  const queue = [start.fileName];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    if (!chunk) continue;
    const hit = Object.keys(chunk.modules).find((id) => forbidden.test(id));
    if (hit) return hit;
    queue.push(...chunk.imports);
  }
  return null;
}

function shortId(id: string): string {
  const nm = id.lastIndexOf('/node_modules/');
  if (nm >= 0) return id.slice(nm + 1);
  const src = id.lastIndexOf('/src/');
  return src >= 0 ? id.slice(src + 1) : id.slice(id.lastIndexOf('/') + 1);
}

/** Vite plugin: fails `vite build` when `bundleViolations` finds anything. */
export function bundleGuard(rules: BundleRule[] = WEB_BUNDLE_RULES): Plugin {
  return {
    name: 'eav-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = [...bundleViolations(bundle, rules), ...entryBudgetViolations(bundle)];
      if (found.length) this.error(`bundle rules broken (build/bundle-guard.ts):\n  ${found.join('\n  ')}`);
    },
  };
}
