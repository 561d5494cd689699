/**
 * Build step of docs/decisions/013-first-paint.md ("Shell with the page"): writes `shell-preload.json`
 * next to `index.html`, the files of each shell's first load that the entry does not already load:
 *
 *   { "h5": { "modules": ["/assets/h5-shell-….js", …], "styles": ["/assets/h5-ui-….css", …] },
 *     "desktop": { … } }
 *
 * The server names them in the page as `<link rel="modulepreload">` and `<link rel="preload" as="style">`
 * for the shell the visitor's device will render (apps/server/src/plugins/web.ts), so they download and
 * compile in parallel with the entry instead of after it has run. Without the file the page is served
 * without the hints.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { paths } from '../src/config/paths';
import { chunksOf, importedCss, staticClosure } from './bundle-guard';
import { routeFiles, routeModules, routePreloadScript } from './route-preload';

export const SHELL_PRELOAD_FILE = 'shell-preload.json';

/**
 * The chunks every page loads after the entry, whatever its route: the root route's component
 * (src/app/shell.tsx, lazy in the router) and the shell of the device's site (loaded by
 * src/components/layouts/shells.ts).
 */
const SHELL_MODULES = {
  h5: [/\/src\/app\/shell\.tsx$/, /\/src\/components\/layouts\/h5-shell\.tsx$/],
  desktop: [/\/src\/app\/shell\.tsx$/, /\/src\/components\/layouts\/desktop-shell\.tsx$/],
} as const;

export type ShellName = keyof typeof SHELL_MODULES;

export interface ShellFiles {
  /** Script URLs, in load order. */
  modules: string[];
  /** Stylesheet URLs the shell's chunks import. */
  styles: string[];
  /** The site's route hint script (build/route-preload.ts), when the build wrote one. */
  routes?: string;
}

/** What the entries load before any shell: their static closure and its stylesheets (file names). */
function entryFirstLoad(chunks: Map<string, OutputChunk>): { files: Set<string>; css: Set<string> } {
  const files = new Set<string>();
  for (const chunk of chunks.values()) if (chunk.isEntry) for (const f of staticClosure(chunk, chunks)) files.add(f);
  return { files, css: new Set([...files].flatMap((f) => [...importedCss(chunks.get(f))])) };
}

/**
 * Each shell's first load minus what the entry loads, as root-relative URLs (`base` is Vite's `/`).
 * Throws when a shell's chunk is missing, so a renamed shell fails the build instead of silently
 * losing its preload.
 */
export function shellPreloads(bundle: OutputBundle, base = '/'): Record<ShellName, ShellFiles> {
  const chunks = chunksOf(bundle);
  const { files: byEntry, css: entryCss } = entryFirstLoad(chunks);

  const result = {} as Record<ShellName, ShellFiles>;
  for (const [name, patterns] of Object.entries(SHELL_MODULES) as [ShellName, readonly RegExp[]][]) {
    const files: string[] = [];
    for (const pattern of patterns) {
      const root = [...chunks.values()].find((c) => pattern.test(c.facadeModuleId ?? ''));
      if (!root) throw new Error(`shell chunk not found: ${pattern.source}`);
      for (const f of staticClosure(root, chunks)) if (!byEntry.has(f) && !files.includes(f)) files.push(f);
    }
    const styles = new Set<string>();
    for (const f of files) for (const css of importedCss(chunks.get(f))) styles.add(css);
    result[name] = {
      modules: files.map((f) => base + f),
      styles: [...styles].filter((css) => !entryCss.has(css)).map((css) => base + css),
    };
  }
  return result;
}

/**
 * Vite plugin: on `vite build`, emits each site's route hint script and `shell-preload.json`
 * naming the shells' files and those scripts.
 */
export function shellPreload(): Plugin {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'eav-shell-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const shells = shellPreloads(bundle, base);
      const routes = routeModules(fs.readFileSync(path.join(root, 'src/app/router.tsx'), 'utf8'));
      const first = entryFirstLoad(chunksOf(bundle));
      const entry = [...first.files, ...first.css].map((f) => base + f);
      for (const site of ['h5', 'desktop'] as const) {
        const known = new Set([...entry, ...shells[site].modules, ...shells[site].styles]);
        const source = routePreloadScript(
          routeFiles(bundle, routes[site], known, base),
          site === 'h5' ? paths.mobile.home : undefined,
        );
        const ref = this.emitFile({ type: 'asset', name: `routes-${site}.js`, source });
        shells[site].routes = base + this.getFileName(ref);
      }
      this.emitFile({
        type: 'asset',
        fileName: SHELL_PRELOAD_FILE,
        source: `${JSON.stringify(shells, null, 2)}\n`,
      });
    },
  };
}
