/**
 * Serves the built web app (apps/web/dist) on `/`: hashed assets cached for a year as immutable,
 * other files for an hour. The page itself (`/` and `/index.html`; the app routes by hash, so no
 * other path falls back to it) is rendered once at start from `index.html` with the run-time
 * configuration tag the web reads (apps/web/src/config/runtime.ts) and is never cached without
 * revalidation. Compression comes from @fastify/compress registered before it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

/**
 * What the browser gets in `<meta name="eav-config">` (JSON): the EAV-Sign secret (docs/api.md,
 * Signing; every client holds it, so it is no server secret), the public origin or null (the web
 * then uses the page's), and feature switches.
 */
export interface WebRuntimeConfig {
  signSecret: string;
  publicOrigin: string | null;
  features: Record<string, boolean>;
}

export interface WebOptions {
  distDir: string;
  runtimeConfig: WebRuntimeConfig;
}

/** The browser's share of the server configuration. */
export function webRuntimeConfig(config: AppConfig): WebRuntimeConfig {
  return {
    signSecret: config.signSecret,
    publicOrigin: config.publicOrigin ? config.publicOrigin.replace(/\/+$/, '') : null,
    features: { apiDocs: config.apiDocs },
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for a double- or single-quoted HTML attribute value. */
export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * `index.html` with the run-time configuration tag at the end of `<head>` (or, for a page without
 * one, right after the doctype, where the parser opens the head implicitly). A meta tag, not an
 * inline script, so the Content-Security-Policy needs no exception
 * (docs/decisions/006-content-security-policy.md).
 */
export function renderIndexHtml(template: string, config: WebRuntimeConfig): string {
  const meta = `<meta name="eav-config" content="${escapeHtmlAttribute(JSON.stringify(config))}" />`;
  const headEnd = template.search(/<\/head>/i);
  if (headEnd >= 0) return `${template.slice(0, headEnd)}${meta}\n  ${template.slice(headEnd)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(template)?.[0] ?? '';
  return `${doctype}${meta}${template.slice(doctype.length)}`;
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

    // The configuration is fixed for the life of the process, so the page is rendered once.
    const html = renderIndexHtml(fs.readFileSync(index, 'utf8'), opts.runtimeConfig);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    };
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/index.html', { schema: { hide: true } }, sendIndex);

    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/',
      index: false,
      // Pages only ever leave through sendIndex, with their configuration (also against
      // `/assets/../index.html` and percent-encoded spellings).
      allowedPath: (pathname) => !/\.html?$/i.test(path.posix.normalize(pathname)),
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  },
  { name: 'web' },
);
