/**
 * Operators' textbook routes (docs/api.md, Activation codes and Import), role `admin` through the
 * role gate of plugins/auth.ts: everyone else gets the 404 of an unknown path, before the body is
 * read: creating activation codes (shown in plain text only in the answer). The catalogue is imported
 * by the console's import jobs (routes-console-imports.ts) or `npm run import:textbooks`.
 */
import { adminCodesBody, adminCodesResult, ApiPaths, envelope, plainText, CONSOLE_ACCESS } from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { issueCodes } from './activation';
import { routePath, type TextbooksOptions } from './routes-common';

const ADMIN = CONSOLE_ACCESS.content;

const adminRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app) => {
  app.post(
    routePath(ApiPaths.adminTextbookCodes, 'id'),
    {
      config: {
        roles: ADMIN,
        // Flood guard per session (keyed by the token: the limit runs before authentication).
        rateLimit: {
          max: 20,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => `codes:${bearerToken(req) ? sha256Hex(bearerToken(req)) : req.ip}`,
        },
      },
      schema: {
        tags: ['textbooks'],
        summary: '生成激活码（管理员；教材 id 或 externalId；激活码仅在本次响应中以明文返回）',
        params: z.object({ id: plainText(128, '教材标识过长').min(1, '请指定教材') }),
        body: adminCodesBody,
        response: { 200: envelope(adminCodesResult) },
      },
    },
    async (request) => {
      const { count, expiresAt, batch } = request.body;
      const issued = await issueCodes(app.db, {
        textbook: request.params.id,
        count,
        expires: expiresAt ?? null,
        batch: batch ?? null,
        now: app.clock(),
      });
      // Never the codes themselves: a log line must not hand out books.
      request.log.info(
        { textbookId: issued.book.id, count: issued.codes.length, batch: batch ?? null, by: request.auth.user.id },
        'activation codes issued',
      );
      return ok({
        textbookId: issued.book.id,
        codes: issued.codes,
        expiresAt: issued.expiresAt ? issued.expiresAt.toISOString() : null,
      });
    },
  );
};

export default adminRoutes;
