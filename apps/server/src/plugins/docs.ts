/**
 * OpenAPI document generated from the route zod schemas, with Swagger UI at `/api/docs`. Off in
 * production unless API_DOCS=true (docs/api.md, Configuration): the document maps every endpoint
 * and parameter for anyone who asks, which a public portal need not hand out; off, `/api/docs`
 * answers the envelope 404 of any unknown API path.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface DocsOptions {
  /** AppConfig.apiDocs. */
  enabled: boolean;
}

export default fp<DocsOptions>(
  async function docs(app: FastifyInstance, opts) {
    if (!opts.enabled) return;
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: '数字教材服务平台 API',
          description:
            'Every `/api/**` and `/prize/api/**` call carries EAV-Timestamp and EAV-Sign (see docs/contract in the repository). Responses use the `{ code, msg, data }` envelope.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
