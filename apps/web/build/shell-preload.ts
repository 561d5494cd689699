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
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { staticClosure } from './bundle-guard';

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
}

/** Vite's per-chunk metadata: the CSS files a chunk imports. */
type WithCss = OutputChunk & { viteMetadata?: { importedCss?: Set<string> } };

/**
 * Each shell's first load minus what the entry loads, as root-relative URLs (`base` is Vite's `/`).
 * Throws when a shell's chunk is missing, so a renamed shell fails the build instead of silently
 * losing its preload.
 */
export function shellPreloads(bundle: OutputBundle, base = '/'): Record<ShellName, ShellFiles> {
  const chunks = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const byEntry = new Set<string>();
  for (const chunk of chunks.values()) if (chunk.isEntry) for (const f of staticClosure(chunk, chunks)) byEntry.add(f);
  const entryCss = new Set(
    [...byEntry].flatMap((f) => [...((chunks.get(f) as WithCss).viteMetadata?.importedCss ?? [])]),
  );

  const result = {} as Record<ShellName, ShellFiles>;
  for (const [name, patterns] of Object.entries(SHELL_MODULES) as [ShellName, readonly RegExp[]][]) {
    const files: string[] = [];
    for (const pattern of patterns) {
      const root = [...chunks.values()].find((c) => pattern.test(c.facadeModuleId ?? ''));
      if (!root) throw new Error(`shell chunk not found: ${pattern.source}`);
      for (const f of staticClosure(root, chunks)) if (!byEntry.has(f) && !files.includes(f)) files.push(f);
    }
    const styles = new Set<string>();
    for (const f of files)
      for (const css of (chunks.get(f) as WithCss).viteMetadata?.importedCss ?? []) styles.add(css);
    result[name] = {
      modules: files.map((f) => base + f),
      styles: [...styles].filter((css) => !entryCss.has(css)).map((css) => base + css),
    };
  }
  return result;
}

/** Vite plugin: emits `shell-preload.json` on `vite build`. */
export function shellPreload(): Plugin {
  let base = '/';
  return {
    name: 'eav-shell-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: SHELL_PRELOAD_FILE,
        source: `${JSON.stringify(shellPreloads(bundle, base), null, 2)}\n`,
      });
    },
  };
}
