/**
 * Serves the built web app (apps/web/dist) on `/`: hashed assets cached for a year as immutable,
 * other files for an hour. The page itself (`/` and `/index.html`; the app routes by hash, so no
 * other path falls back to it) is rendered once at start from `index.html` with the run-time
 * configuration tag the web reads (apps/web/src/config/runtime.ts) and is never cached without
 * revalidation. It comes in two variants, for phones and for other devices, that name the files of
 * the device's shell for preloading (`shell-preload.json`, docs/decisions/013-first-paint.md).
 * Compression comes from @fastify/compress registered before it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isMobileUserAgent } from '@eav/contract';
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

/** Files of one shell's first load (written by the web build: apps/web/build/shell-preload.ts). */
export interface ShellFiles {
  modules: string[];
  styles: string[];
}

/** What `shell-preload.json` holds: the files of each site's shell. */
export type ShellPreloads = Record<'h5' | 'desktop', ShellFiles>;

/** Root-relative asset URLs only: the file comes from the build, but a page never names another origin. */
const ASSET_URL = /^\/[A-Za-z0-9._~/-]+$/;

/**
 * Reads `shell-preload.json` from the built app; null when it is missing or not of the expected
 * shape (the page is then served without preload hints, which costs speed, not function).
 */
export function readShellPreloads(distDir: string): ShellPreloads | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(distDir, 'shell-preload.json'), 'utf8')) as ShellPreloads;
    const valid = (f: ShellFiles | undefined) =>
      !!f &&
      [f.modules, f.styles].every(
        (list) => Array.isArray(list) && list.every((u) => typeof u === 'string' && ASSET_URL.test(u)),
      );
    return valid(parsed.h5) && valid(parsed.desktop) ? parsed : null;
  } catch {
    return null;
  }
}

/** How the page asks for the shell's files (`fetchpriority` of the preload links). */
export type PreloadPriority = 'low' | 'auto';

/**
 * `index.html` with the run-time configuration tag (and, given `preload`, the shell's preload links)
 * at the end of `<head>` (or, for a page without one, right after the doctype, where the parser
 * opens the head implicitly). A meta tag, not an inline script, so the Content-Security-Policy
 * needs no exception (docs/decisions/006-content-security-policy.md). The links carry `crossorigin`
 * as Vite's own do, so the browser reuses the preloaded responses for the module and style loads.
 * `priority: 'low'` lets the render-blocking stylesheets and the entry go first on a slow link.
 */
export function renderIndexHtml(
  template: string,
  config: WebRuntimeConfig,
  preload?: ShellFiles,
  priority: PreloadPriority = 'auto',
): string {
  const fetchPriority = priority === 'low' ? ' fetchpriority="low"' : '';
  const links = [
    ...(preload?.modules ?? []).map(
      (u) => `<link rel="modulepreload" crossorigin${fetchPriority} href="${escapeHtmlAttribute(u)}" />`,
    ),
    ...(preload?.styles ?? []).map(
      (u) => `<link rel="preload" as="style" crossorigin${fetchPriority} href="${escapeHtmlAttribute(u)}" />`,
    ),
  ];
  const tags = [`<meta name="eav-config" content="${escapeHtmlAttribute(JSON.stringify(config))}" />`, ...links].join(
    '\n    ',
  );
  const headEnd = template.search(/<\/head>/i);
  if (headEnd >= 0) return `${template.slice(0, headEnd)}${tags}\n  ${template.slice(headEnd)}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(template)?.[0] ?? '';
  return `${doctype}${tags}${template.slice(doctype.length)}`;
}

/** A rendered page and its validator. */
interface Page {
  html: string;
  etag: string;
}

function page(html: string): Page {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
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

    // The configuration is fixed for the life of the process, so each variant is rendered once.
    const template = fs.readFileSync(index, 'utf8');
    const preloads = readShellPreloads(opts.distDir);
    if (!preloads)
      app.log.warn(
        { distDir: opts.distDir },
        'shell-preload.json missing or unreadable: pages served without preload hints',
      );
    const pages = {
      // On a phone's slow link the shell waits for the stylesheets that block the first paint and for
      // the entry; on a desktop's the bandwidth is there, and a late shell would be compiled on the
      // main thread instead (docs/decisions/013-first-paint.md, measured both ways).
      h5: page(renderIndexHtml(template, opts.runtimeConfig, preloads?.h5, 'low')),
      desktop: page(renderIndexHtml(template, opts.runtimeConfig, preloads?.desktop)),
    };
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      // The same rule as the web's (apps/web/src/lib/device.ts), which sends phones to the H5 site.
      const { html, etag } = isMobileUserAgent(request.headers['user-agent']) ? pages.h5 : pages.desktop;
      reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'User-Agent');
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
