/**
 * Response compression settings shared by the compress plugin (app.ts, @fastify/compress) and the
 * read cache, which keeps its answers compressed once instead of compressing them on every request
 * (docs/decisions/011-read-cache.md).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Answers smaller than this many bytes are sent as they are (the header costs more than it saves). */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Encodings the compress plugin offers, in the server's order of preference. */
export const COMPRESS_ENCODINGS = ['br', 'gzip', 'deflate'] as const;

/** Encodings the read cache keeps ready (every browser accepts both; deflate is left to the plugin). */
export type StoredEncoding = 'br' | 'gzip';
export type EncodedBytes = Record<StoredEncoding, Buffer>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * `bytes` compressed with brotli (quality 9: paid once per answer and version, so it may take a
 * millisecond more than the plugin's per-request quality 4) and gzip (level 9). Runs on libuv's
 * thread pool, off the event loop.
 */
export async function encodeAnswer(bytes: Buffer): Promise<EncodedBytes> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

// Browsers send a handful of distinct Accept-Encoding values: remember the outcome of each.
const negotiator = new Negotiator<StoredEncoding>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 256 }),
});

/**
 * The stored encoding to answer `request` with, or undefined to send the bytes as they are (no
 * Accept-Encoding, `identity` only, `x-no-compression`, or only encodings not stored). Reads the
 * header as @fastify/compress does: case-insensitive, `x-gzip` and `*` taken as gzip (RFC 9110
 * §12.5.3), q-values honoured, ties going to brotli.
 */
export function storedEncodingFor(request: FastifyRequest): StoredEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '' || request.headers['x-no-compression'] !== undefined)
    return undefined;
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) ?? undefined;
}
