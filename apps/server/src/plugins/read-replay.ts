/**
 * Repeats of cached reads answered at the start of the request (decision 018): a GET whose exact
 * target the read cache has answered before (`ReadCache.repeat`) is answered from memory by the
 * last `onRequest` hook, after the security headers, the signature's header check and the role
 * gate, with the signature's HMAC checked here as `preValidation` would. The answer is the one the
 * route gives (`cachedPayload`: ETag, 304, stored encodings), written directly: the body reading,
 * validation, handler and `onSend` hooks, which would not change it, are skipped. `onResponse` still
 * runs (metrics, request log).
 *
 * Anything else takes the full route: another method, a request with a body, an unknown target or
 * an answer to build again, an encoding the cache does not keep, a signature that does not match
 * (preValidation then refuses it), a rate-limited route, and every request once the app is closing
 * (the full route marks answers `Connection: close`).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { storedEncodingFor } from '../lib/compression';
import { cachedPayload, etagMatches } from '../lib/read-cache';
import { requestTarget } from './request-target';
import { mustSign } from './sign';

export default fp(
  async function readReplay(app: FastifyInstance) {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || closing) return done();
      const headers = request.headers;
      if (headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0') return done();
      // A rate limit is a route-level hook: such a route always takes the full route.
      if (requestTarget(request).config?.rateLimit) return done();
      const answer = app.readCache.repeat(request);
      if (!answer) return done();
      // An encoding the cache does not keep (deflate, or identity only) is the compress plugin's call.
      if (answer.encoded && headers['accept-encoding'] && !storedEncodingFor(request)) return done();
      if (mustSign(request) && app.signatureRefusal(request)) return done();
      // A 304 is sent by cachedPayload itself, through the full reply (it has no body to spare).
      if (etagMatches(headers['if-none-match'], answer.etag)) {
        cachedPayload(request, reply, answer);
        return;
      }
      const payload: Buffer = cachedPayload(request, reply, answer);
      const out = reply.getHeaders();
      out['x-request-id'] = request.id;
      out['content-length'] = String(payload.length);
      reply.hijack();
      reply.raw.writeHead(reply.statusCode, out as OutgoingHttpHeaders);
      reply.raw.end(payload);
      done();
    });
  },
  { name: 'read-replay', dependencies: ['read-cache', 'sign', 'auth', 'security-headers'] },
);
