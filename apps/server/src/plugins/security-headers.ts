/**
 * Security headers on every response (helmet), with the Content-Security-Policy of
 * docs/decisions/006-content-security-policy.md:
 * - scripts only from the portal itself, no inline script, no eval ('wasm-unsafe-eval' for the
 *   JPEG 2000 / colour wasm modules of the PDF reader);
 * - styles from the portal plus inline styles, which antd's CSS-in-JS injects at run time;
 * - images and media also from https: (imported covers, posters and videos may live on a CDN),
 *   data: and blob: (previews, hls.js Media Source streams);
 * - with FILE_STORAGE=s3, the object store's origin for fetches, images and media: stored files
 *   are redirects to it (docs/decisions/020-object-storage.md), and the PDF reader and hls.js
 *   fetch them;
 * - workers from the portal (pdf.js) and blob: (hls.js);
 * - never framed (`frame-ancestors 'none'`, X-Frame-Options DENY), nosniff, a referrer policy
 *   that sends other sites the origin only.
 * HSTS is sent only on requests that arrived over https (directly, or through a trusted proxy
 * saying `X-Forwarded-Proto: https` with TRUST_PROXY on): over plain http it would be ignored at
 * best, and a portal reached on http on purpose (intranet, tests) must stay reachable.
 *
 * helmet computes the headers once, at registration (the directives are constant), and each answer
 * gets that header table through Fastify's reply headers: running helmet's middleware on every
 * response set a dozen headers one by one on the raw response and showed in CPU profiles of cached
 * reads (docs/benchmarks.md explains how to take one). Answers that bypass the reply (a hijacked
 * server-sent event stream) set their own headers. JSON answers of the API get a shorter set
 * (`apiHeaderTable`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

/** The Content-Security-Policy directives (helmet's camelCase names). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
} satisfies Record<string, string[]>;

/** Strict-Transport-Security value for https requests: one year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** The policy's directives with `fileOrigins` (the object store's origin) allowed for fetches, images, media. */
export function cspDirectives(fileOrigins: readonly string[] = []): Record<string, string[]> {
  if (fileOrigins.length === 0) return CSP_DIRECTIVES;
  return {
    ...CSP_DIRECTIVES,
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...fileOrigins],
    imgSrc: [...CSP_DIRECTIVES.imgSrc, ...fileOrigins],
    mediaSrc: [...CSP_DIRECTIVES.mediaSrc, ...fileOrigins],
  };
}

/**
 * The headers helmet sets with the portal's options, lower-cased, computed by running its
 * middleware once against a recording response. Throws if helmet reports an error (a bad directive).
 */
export function securityHeaderTable(fileOrigins: readonly string[] = []): Record<string, string> {
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(fileOrigins) },
    // Decided per request (see the hook below).
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Covers and media may be shown by the province's other portals on sibling subdomains.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  applyHelmet({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** The policy of JSON answers: they are data, never documents, so nothing may load or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers of JSON answers of the API, after the OWASP REST Security Cheat Sheet (Security
 * headers): a policy that loads nothing and forbids framing, nosniff, DENY, and the referrer and
 * cross-origin resource policies of the documents. The other headers of `securityHeaderTable` only
 * mean something to a document a browser renders (opener, origin agent cluster, DNS prefetch,
 * download and Flash policies, the XSS auditor), and every answer's bytes are written on the
 * request path: a cached dictionary read answered 1.3 kB with them and 0.86 kB without.
 */
export function apiHeaderTable(document: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': API_CSP,
    'cross-origin-resource-policy': document['cross-origin-resource-policy'] ?? 'same-site',
    'referrer-policy': document['referrer-policy'] ?? 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * Whether a request target is answered with JSON by the API: `/api/**` (its documentation
 * excepted) and the activity's `/prize/api/**` (docs/api.md).
 */
function isApiTarget(url: string): boolean {
  return (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/prize/api/');
}

export interface SecurityHeadersOptions {
  /** Origins stored files are redirected to (the object store's), e.g. `https://oss.example.cn`. */
  fileOrigins?: readonly string[];
}

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
    const table = securityHeaderTable(opts.fileOrigins);
    const apiTable = apiHeaderTable(table);
    app.addHook('onRequest', (request, reply, done) => {
      // Any other spelling of an API path gets the document headers: the stricter side.
      reply.headers(isApiTarget(request.url) ? apiTable : table);
      // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY trusts the sender.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
      done();
    });
    // An API route that answers something else (a file, a picture, a provider's HTML page) gets the
    // document headers: a browser may render it. A 304 has no body of its own: the browser uses
    // the JSON it holds, so the answer keeps the API's headers.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode !== 304 && reply.getHeader('content-security-policy') === API_CSP) {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && !type.startsWith('application/json')) reply.headers(table);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
