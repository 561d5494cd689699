/**
 * Response compression: the settings of the compress plugin (app.ts, @fastify/compress), the one-call
 * compression of JSON answers (plugins/json-compression.ts, docs/decisions/017-json-compression.md)
 * and of the read cache's answers, which it keeps compressed (docs/decisions/011-read-cache.md).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Answers smaller than this many bytes are sent as they are (the header costs more than it saves). */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Encodings the compress plugin offers, in the server's order of preference. */
export const COMPRESS_ENCODINGS = ['br', 'gzip', 'deflate'] as const;

/** Encodings compressed in one call (every browser accepts both; deflate is left to the plugin). */
export type StoredEncoding = 'br' | 'gzip';
export type EncodedBytes = Record<StoredEncoding, Buffer>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli settings for JSON text: quality 5 packed a 5 kB catalogue page as tightly as 9 at a tenth of the time. */
const BROTLI_OPTIONS = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/**
 * `bytes` in one stored encoding, compressed in one call on libuv's thread pool (off the event
 * loop): brotli at quality 5, gzip at zlib's default level 6.
 */
export function encodeBytes(encoding: StoredEncoding, bytes: Buffer): Promise<Buffer> {
  return encoding === 'br' ? brotli(bytes, BROTLI_OPTIONS(bytes.length)) : gzip(bytes);
}

/** `bytes` in every stored encoding (the read cache keeps them all). */
export async function encodeAnswer(bytes: Buffer): Promise<EncodedBytes> {
  const [br, gz] = await Promise.all([encodeBytes('br', bytes), encodeBytes('gzip', bytes)]);
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

/** Adds `accept-encoding` to the reply's Vary header unless it is there (RFC 9110 §12.5.5). */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}
