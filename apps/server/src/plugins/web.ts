/**
 * Serves the built web app (apps/web/dist) on `/`: hashed assets cached for a year as immutable,
 * other files for an hour. The page itself (`/` and `/index.html`; the app routes by hash, so no
 * other path falls back to it) comes from `index.html` with the run-time configuration tag the web
 * reads (apps/web/src/config/runtime.ts) and is never cached without revalidation. It comes in two
 * variants, for phones and for other devices, that name the files of the device's shell for
 * preloading (`shell-preload.json`), and it carries the public answers of the first screen, so the
 * home's carousel needs no request of its own (docs/decisions/013-first-paint.md, amendment "the carousel in the page").
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

/**
 * Public answers the page carries for its first screen (docs/decisions/013-first-paint.md).
 * `answers` maps an API path to the JSON text of its envelope exactly as the API answers it; the
 * web takes each once instead of requesting it (apps/web/src/lib/inlined-answers.ts). `h5Images` are
 * the pictures the H5 home shows first (the lead banner), preloaded with high priority on phones.
 */
export interface FirstScreen {
  answers: Record<string, string>;
  h5Images: string[];
}

export interface WebOptions {
  distDir: string;
  runtimeConfig: WebRuntimeConfig;
  /** The first screen's answers for each page served; the page goes without them when this fails. */
  firstScreen?: () => Promise<FirstScreen>;
}

/** Name of the meta tag carrying the first screen's answers (JSON `{ [apiPath]: envelope }`). */
export const FIRST_SCREEN_META = 'eav-first-screen';

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
  /** The site's route hint: a script that preloads the chunks of the page the visitor opened. */
  routes?: string;
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
      ) &&
      (f.routes === undefined || (typeof f.routes === 'string' && ASSET_URL.test(f.routes)));
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
 * `priority: 'low'` lets the render-blocking stylesheets and the entry go first on a slow link. The
 * shell's route hint (`preload.routes`) comes first, as an async script.
 * `firstScreen` adds the preload links of its `images` (before the shell's files) and its `answers`
 * in `<meta name="eav-first-screen">`, HTML-escaped like the configuration.
 */
export function renderIndexHtml(
  template: string,
  config: WebRuntimeConfig,
  preload?: ShellFiles,
  priority: PreloadPriority = 'auto',
  firstScreen?: { answers: Record<string, string>; images: string[] },
): string {
  const fetchPriority = priority === 'low' ? ' fetchpriority="low"' : '';
  const links = [
    // The route hint runs as soon as it arrives (async, no imports), while the entry still downloads.
    ...(preload?.routes ? [`<script async src="${escapeHtmlAttribute(preload.routes)}"></script>`] : []),
    // The lead picture first: it is what a phone's first screen is measured by (largest paint).
    ...(firstScreen?.images ?? []).map(
      (u) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtmlAttribute(u)}" />`,
    ),
    ...(preload?.modules ?? []).map(
      (u) => `<link rel="modulepreload" crossorigin${fetchPriority} href="${escapeHtmlAttribute(u)}" />`,
    ),
    ...(preload?.styles ?? []).map(
      (u) => `<link rel="preload" as="style" crossorigin${fetchPriority} href="${escapeHtmlAttribute(u)}" />`,
    ),
  ];
  const answers = Object.entries(firstScreen?.answers ?? {});
  const tags = [
    `<meta name="eav-config" content="${escapeHtmlAttribute(JSON.stringify(config))}" />`,
    ...links,
    ...(answers.length
      ? [
          // The answers are JSON texts already: joined, not parsed and serialised again.
          `<meta name="${FIRST_SCREEN_META}" content="${escapeHtmlAttribute(
            `{${answers.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`,
          )}" />`,
        ]
      : []),
  ].join('\n    ');
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

    const template = fs.readFileSync(index, 'utf8');
    const preloads = readShellPreloads(opts.distDir);
    if (!preloads)
      app.log.warn(
        { distDir: opts.distDir },
        'shell-preload.json missing or unreadable: pages served without preload hints',
      );
    // On a phone's slow link the shell waits for the stylesheets that block the first paint and for
    // the entry; on a desktop's the bandwidth is there, and a late shell would be compiled on the
    // main thread instead (docs/decisions/013-first-paint.md, measured both ways).
    const variants = {
      h5: { preload: preloads?.h5, priority: 'low' as const },
      desktop: { preload: preloads?.desktop, priority: 'auto' as const },
    };
    type Variant = keyof typeof variants;
    // The configuration is fixed for the life of the process; the first screen's answers change
    // with the content, so each variant is rendered again only when they have changed.
    const rendered = new Map<Variant, { key: string; page: Page }>();
    const render = (variant: Variant, screen: FirstScreen | null): Page => {
      const answers = screen?.answers ?? {};
      const images = variant === 'h5' ? (screen?.h5Images ?? []) : [];
      const key = JSON.stringify([answers, images]);
      const last = rendered.get(variant);
      if (last?.key === key) return last.page;
      const { preload, priority } = variants[variant];
      const built = page(renderIndexHtml(template, opts.runtimeConfig, preload, priority, { answers, images }));
      rendered.set(variant, { key, page: built });
      return built;
    };
    const firstScreen = async (): Promise<FirstScreen | null> => {
      if (!opts.firstScreen) return null;
      try {
        return await opts.firstScreen();
      } catch (err) {
        // The page still works without them: the web requests what it was not given.
        app.log.warn({ err }, 'first screen answers unavailable: page served without them');
        return null;
      }
    };
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      // The same rule as the web's (apps/web/src/lib/device.ts), which sends phones to the H5 site.
      const variant: Variant = isMobileUserAgent(request.headers['user-agent']) ? 'h5' : 'desktop';
      const { html, etag } = render(variant, await firstScreen());
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
