/**
 * Serves the built web app (apps/web/dist) on `/`: hashed assets cached for a year as immutable,
 * `index.html` never cached. Compression comes from @fastify/compress registered before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface WebOptions {
  distDir: string;
}

export default fp<WebOptions>(
  async function web(app: FastifyInstance, opts) {
    const index = path.join(opts.distDir, 'index.html');
    if (!fs.existsSync(index)) {
      app.log.warn({ distDir: opts.distDir }, 'web app not built: run `npm run build` to serve the portal');
      app.get('/', { schema: { hide: true } }, async (_req, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send('<!doctype html><meta charset="utf-8"><p>前端尚未构建，请先运行 npm run build。</p>'),
      );
      return;
    }
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          res.setHeader('Cache-Control', 'no-cache');
        } else {
          res.setHeader('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  },
  { name: 'web' },
);
