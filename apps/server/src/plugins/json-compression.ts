/**
 * Compresses JSON answers of COMPRESS_THRESHOLD_BYTES or more in one call (docs/decisions/
 * 017-json-compression.md): brotli or gzip, whichever the request's Accept-Encoding prefers, on
 * libuv's thread pool. The answer then carries its Content-Encoding, and @fastify/compress, whose
 * own `onSend` runs after this one, passes it by; streams, files, pages and the encodings not kept
 * here (deflate) stay with the plugin. Answers the read cache has already encoded are left alone.
 *
 * Why not the plugin for JSON too: it sends every payload through a chain of streams, which for an
 * answer of a few kB cost several times the compression itself.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESS_THRESHOLD_BYTES, encodeBytes, storedEncodingFor, varyOnAcceptEncoding } from '../lib/compression';

export default fp(
  async function jsonCompression(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return done(null, payload);
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
      // A string's UTF-8 length is at least its length: short strings need no count.
      if (payload.length < COMPRESS_THRESHOLD_BYTES && Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES)
        return done(null, payload);
      varyOnAcceptEncoding(reply);
      const encoding = storedEncodingFor(request);
      if (!encoding) return done(null, payload);
      const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
      encodeBytes(encoding, bytes).then(
        (encoded) => {
          reply.header('content-encoding', encoding);
          done(null, encoded);
        },
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    });
  },
  { name: 'json-compression' },
);
