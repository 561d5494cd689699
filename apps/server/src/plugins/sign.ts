/**
 * EAV-Sign verification (docs/api.md, Signing) on every `/api/**` and `/prize/api/**` request,
 * using the one signer of @eav/contract.
 *
 * Whether a request must be signed, and the PATH it is signed with, are decided once, on
 * `canonicalPath` of the request target (the path as routing sees it: absolute form and percent
 * escapes resolved) and on the matched route's URL pattern: no spelling of a signed route escapes.
 *
 * Two steps:
 * - `onRequest`, before the body is read: the headers are present and well formed and the timestamp
 *   is within 300 s, so an unsigned or stale request is refused without receiving its upload;
 * - `preValidation`, once the raw body is known: the HMAC (constant-time comparison), before schema
 *   validation so that a tampered request is told SIGN.INVALID rather than a field error.
 */
import {
  ErrorCode,
  Messages,
  SIGN_HEADERS,
  SIGN_MAX_SKEW_MS,
  signaturesEqual,
  signRequest,
  splitRequestTarget,
} from '@eav/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { nodeHmacSha256Hex } from '../lib/hmac';
import { requestTarget } from './request-target';

/** Paths under /api that a browser opens directly (documentation) and so cannot sign. */
const UNSIGNED_PREFIXES = ['/api/docs'];

/**
 * Whether a canonical path (see `canonicalPath`) needs a signature: everything under `/api/`
 * (`/prize/api/` is already rewritten to it) except the documentation.
 */
export function isSignedPath(path: string): boolean {
  if (!path.startsWith('/api/')) return false;
  return !UNSIGNED_PREFIXES.some((p) => path === p || path.startsWith(p + '/'));
}

/**
 * Whether the request must carry a valid EAV-Sign: judged on its canonical path (unknown paths
 * included) and on the URL pattern of the route it matched; either one suffices.
 */
export function mustSign(request: FastifyRequest): boolean {
  const target = requestTarget(request);
  if (isSignedPath(target.path)) return true;
  return target.canonicalPattern !== undefined && isSignedPath(target.canonicalPattern);
}

/** Bearer token of the request, or '' (also used by the auth plugin). */
export function bearerToken(request: FastifyRequest): string {
  const h = request.headers.authorization;
  if (!h) return '';
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() ?? '';
}

/**
 * Marks the answer to a request refused before its body was read with `Connection: close` when a
 * body is on its way, so that the client stops uploading instead of the server discarding it.
 */
export function closeIfBodyPending(request: FastifyRequest, reply: FastifyReply): void {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > 0 || request.headers['transfer-encoding'] !== undefined) reply.header('connection', 'close');
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The EAV-Sign HMAC check of a request whose headers passed the `onRequest` check: undefined
     * when the signature matches, else the SIGN.INVALID error to answer. Reads `request.rawBody`
     * ('' before or without a JSON body).
     */
    signatureRefusal(request: FastifyRequest): AppError | undefined;
  }
}

export interface SignOptions {
  secret: string;
  /** Clock source, for tests. */
  now?: () => number;
}

/** The query of a request target as the router splits it off (after the first "?" or "#"). */
function query(url: string): string {
  // Fast path for the common target without "#": everything after the first "?".
  if (!url.includes('#')) {
    const q = url.indexOf('?');
    return q === -1 ? '' : url.slice(q + 1);
  }
  return splitRequestTarget(url).query;
}

const invalid = () => new AppError(400, ErrorCode.SIGN_INVALID, Messages.signInvalid);

/** A header's single value, or undefined when absent or repeated. */
function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' ? v : undefined;
}

export default fp<SignOptions>(
  async function sign(app: FastifyInstance, opts) {
    const now = opts.now ?? Date.now;

    // Both hooks are synchronous, callback-style: no promise per request (see app.ts).
    app.addHook('onRequest', (request, reply, done) => {
      if (!mustSign(request)) return done();
      const ts = header(request, SIGN_HEADERS.timestamp);
      const sig = header(request, SIGN_HEADERS.sign);
      let refusal: AppError | undefined;
      if (ts === undefined || !/^\d{1,16}$/.test(ts) || sig === undefined || !/^[0-9a-f]{64}$/.test(sig)) {
        refusal = invalid();
      } else if (Math.abs(now() - Number(ts)) > SIGN_MAX_SKEW_MS) {
        refusal = new AppError(400, ErrorCode.SIGN_EXPIRED, Messages.signExpired);
      }
      if (refusal) closeIfBodyPending(request, reply);
      done(refusal);
    });

    /** The HMAC check (see the file comment); the onRequest check has passed on the same request. */
    const signatureRefusal = (request: FastifyRequest): AppError | undefined => {
      const ts = header(request, SIGN_HEADERS.timestamp);
      const sig = header(request, SIGN_HEADERS.sign);
      if (ts === undefined || sig === undefined) return invalid();
      const expected = signRequest(
        {
          method: request.method,
          path: request.url,
          // The query exactly as the router split it off (after the first "?" or "#").
          query: new URLSearchParams(query(request.url)),
          body: request.rawBody ?? '',
          token: bearerToken(request),
          timestamp: ts,
        },
        opts.secret,
        nodeHmacSha256Hex,
      );
      return signaturesEqual(expected, sig) ? undefined : invalid();
    };
    app.decorate('signatureRefusal', signatureRefusal);

    app.addHook('preValidation', (request, _reply, done) => {
      // The same decision as onRequest's: the target facts are worked out once per request.
      if (!mustSign(request)) return done();
      done(signatureRefusal(request));
    });
  },
  { name: 'sign', dependencies: ['raw-body', 'request-target'] },
);
