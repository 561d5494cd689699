import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleGuard } from './build/bundle-guard';

/**
 * The web build reads EAV_SIGN_SECRET (contract section 5) at build time and fails when a first
 * load pulls in what it should not (build/bundle-guard.ts); the dev server proxies the API to the
 * Fastify server on PORT (default 8080).
 */
export default defineConfig(() => {
  const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  return {
    plugins: [react(), bundleGuard()],
    resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
    define: {
      __EAV_SIGN_SECRET__: JSON.stringify(process.env.EAV_SIGN_SECRET || 'dev-secret'),
    },
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
