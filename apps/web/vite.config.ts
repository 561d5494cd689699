import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { bundleGuard } from './build/bundle-guard';

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

/**
 * The web build fails when a first load pulls in what it should not (build/bundle-guard.ts); the
 * dev server proxies the API to the Fastify server on PORT (default 8080).
 */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, path.resolve(import.meta.dirname, '../server'), '');
  const apiTarget = `http://127.0.0.1:${env.PORT || 8080}`;
  return {
    plugins: [react(), bundleGuard(), devRuntimeConfig(env)],
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
    },
    test: undefined,
  };
});
