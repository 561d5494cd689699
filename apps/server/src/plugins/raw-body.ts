/**
 * JSON body parser that keeps the exact string received (`request.rawBody`), which EAV-Sign
 * signs (docs/api.md, Signing: BODY). An empty JSON body parses to undefined instead of failing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export default fp(
  async function rawBody(app: FastifyInstance) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (request, body, done) => {
        const text = body as string;
        request.rawBody = text;
        if (text.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(badRequest('请求体不是合法的 JSON'), undefined);
        }
      },
    );
  },
  { name: 'raw-body' },
);
