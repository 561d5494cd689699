/**
 * What the request-path plugins read of a request's target, worked out once per request:
 * - `path`: `canonicalPath` of @eav/contract of the URL (absolute form and percent escapes
 *   resolved, `/prize/api/` → `/api/`), the path every check judges, unknown paths included;
 * - `pattern`, `canonicalPattern`: the URL pattern of the route it matched and its canonical path
 *   (worked out once per pattern, not per request);
 * - `config`: the matched route's config (`roles`, rate limits…).
 *
 * The signature check, the role gate and the metrics each asked for these, and Fastify's
 * `request.routeOptions` builds a new object of a dozen fields on every read: on a cached read that
 * was several objects and canonical paths per request (docs/benchmarks.md, Foundation).
 */
import { canonicalPath } from '@eav/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface RequestTargetFacts {
  /** `canonicalPath` of the request URL. */
  path: string;
  /** URL pattern of the matched route, undefined when no route matched (404). */
  pattern: string | undefined;
  /** `canonicalPath` of `pattern`. */
  canonicalPattern: string | undefined;
  /** The matched route's config, undefined when no route matched. */
  config: FastifyContextConfig | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requestTarget` on first use; read it through that function. */
    eavTarget: RequestTargetFacts | null;
  }
}

/** Canonical paths of route patterns: one entry a registered pattern, so bounded by the route table. */
const canonicalPatterns = new Map<string, string>();

function canonicalPattern(pattern: string): string {
  let canonical = canonicalPatterns.get(pattern);
  if (canonical === undefined) {
    canonical = canonicalPath(pattern);
    canonicalPatterns.set(pattern, canonical);
  }
  return canonical;
}

/**
 * The target facts of a request (see the file comment), computed on the first call and kept on the
 * request. The URL and the matched route cannot change during a request.
 */
export function requestTarget(request: FastifyRequest): RequestTargetFacts {
  const known = request.eavTarget;
  if (known) return known;
  const route = request.routeOptions;
  const pattern = route.url;
  const facts: RequestTargetFacts = {
    path: canonicalPath(request.url),
    pattern,
    canonicalPattern: pattern === undefined ? undefined : canonicalPattern(pattern),
    config: route.config,
  };
  request.eavTarget = facts;
  return facts;
}

export default fp(
  async function requestTargetPlugin(app: FastifyInstance) {
    // Declared on the request's shape, so that setting it per request keeps one hidden class.
    app.decorateRequest('eavTarget', null);
  },
  { name: 'request-target' },
);
