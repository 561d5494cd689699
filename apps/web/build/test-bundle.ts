/** Minimal Rollup output for the build plugins' tests. */
import type { OutputBundle, OutputChunk } from 'rollup';

/**
 * An output chunk: its source module, the chunks it imports statically, the stylesheets it imports
 * (Vite's metadata) and the modules it holds.
 */
export function chunk(
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  css: string[] = [],
  isEntry = false,
  modules: string[] = [],
): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: facade,
    isEntry,
    imports,
    modules: Object.fromEntries(modules.map((m) => [m, {}])),
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as OutputChunk;
}

/** A bundle of the given chunks, keyed by file name as Rollup's is. */
export function bundle(...chunks: OutputChunk[]): OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c])) as OutputBundle;
}
