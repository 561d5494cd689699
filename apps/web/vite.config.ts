import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ManualChunkMeta } from 'rollup';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { bundleGuard } from './build/bundle-guard';
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
 * animation and gesture libraries in `h5-ui` for the H5 pages; the icons in `icons`. Everything else
 * is left to Rollup; antd is never grouped, so no H5 page can be tied to it (build/bundle-guard.ts).
 * A group takes in the modules it imports that no group claims, so the entry's libraries are
 * claimed first: otherwise React would land in `h5-ui` and every page would load it.
 */
export function vendorChunk(id: string, meta: ManualChunkMeta): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (ENTRY_LIBRARIES.test(id)) return 'vendor';
  // antd-mobile's render helper (above) and what it uses of rc-util and Babel's helpers.
  if (/\/node_modules\/(@babel\/runtime|rc-util\/lib)\//.test(id) && staticallyFromEntry(id, meta)) return 'vendor';
  if (/\/node_modules\/(antd-mobile\/es\/components|antd-mobile-icons|@react-spring|@use-gesture)\//.test(id))
    return 'h5-ui';
  if (/\/node_modules\/@ant-design\/icons(-svg)?\//.test(id)) return 'icons';
  return undefined;
}

const fromEntry = new Map<string, boolean>();

/** Whether an entry imports `id` through static imports only (memoised per build). */
function staticallyFromEntry(id: string, meta: ManualChunkMeta, seen = new Set<string>()): boolean {
  const known = fromEntry.get(id);
  if (known !== undefined) return known;
  if (seen.has(id)) return false;
  seen.add(id);
  const info = meta.getModuleInfo(id);
  const result = !!info && (info.isEntry || info.importers.some((i) => staticallyFromEntry(i, meta, seen)));
  // A negative answer inside a cycle may be premature: only positive ones are kept.
  if (result) fromEntry.set(id, true);
  return result;
}

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
        '/files': apiTarget,
        '/covers': apiTarget,
        '/media': apiTarget,
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
    test: undefined,
  };
});
