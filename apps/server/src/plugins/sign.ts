/**
 * EAV-Sign verification (contract.md section 3) on every `/api/**` and `/prize/api/**` route,
 * using the one signer of @eav/contract. Runs before validation so a tampered request is told
 * SIGN.INVALID rather than a field error. Constant-time comparison.
 */
import { ErrorCode, Messages, SIGN_HEADERS, SIGN_MAX_SKEW_MS, signaturesEqual, signRequest } from '@eav/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Paths under /api that a browser opens directly (documentation) and so cannot sign. */
const UNSIGNED_PREFIXES = ['/api/docs'];

export function isSignedPath(url: string): boolean {
  if (!(url.startsWith('/api/') || url.startsWith('/prize/api/'))) return false;
  return !UNSIGNED_PREFIXES.some((p) => url === p || url.startsWith(p + '/') || url.startsWith(p + '?'));
}

/** Bearer token of the request, or '' (also used by the auth plugin). */
export function bearerToken(request: FastifyRequest): string {
  const h = request.headers.authorization;
  if (!h) return '';
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() ?? '';
}

export interface SignOptions {
  secret: string;
  /** Clock source, for tests. */
  now?: () => number;
}

export default fp<SignOptions>(
  async function sign(app: FastifyInstance, opts) {
    const now = opts.now ?? Date.now;
    app.addHook('preValidation', async (request) => {
      if (!isSignedPath(request.url)) return;
      const ts = request.headers[SIGN_HEADERS.timestamp.toLowerCase()];
      const sig = request.headers[SIGN_HEADERS.sign.toLowerCase()];
      if (typeof ts !== 'string' || !/^\d{1,16}$/.test(ts) || typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig)) {
        throw new AppError(400, ErrorCode.SIGN_INVALID, Messages.signInvalid);
      }
      if (Math.abs(now() - Number(ts)) > SIGN_MAX_SKEW_MS) {
        throw new AppError(400, ErrorCode.SIGN_EXPIRED, Messages.signExpired);
      }
      const q = request.url.indexOf('?');
      const expected = signRequest(
        {
          method: request.method,
          path: q === -1 ? request.url : request.url.slice(0, q),
          query: new URLSearchParams(q === -1 ? '' : request.url.slice(q + 1)),
          body: request.rawBody ?? '',
          token: bearerToken(request),
          timestamp: ts,
        },
        opts.secret,
      );
      if (!signaturesEqual(expected, sig)) throw new AppError(400, ErrorCode.SIGN_INVALID, Messages.signInvalid);
    });
  },
  { name: 'sign', dependencies: ['raw-body'] },
);
