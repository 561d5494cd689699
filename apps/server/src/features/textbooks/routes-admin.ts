/**
 * Operators' textbook routes (docs/api.md, Activation codes and Import), role `admin` through the
 * role gate of plugins/auth.ts: everyone else gets the 404 of an unknown path, before the body is
 * read. Creating activation codes (shown in plain text only in the answer) and importing the
 * catalogue (JSON Lines in the body or as a multipart file).
 */
import multipart from '@fastify/multipart';
import {
  adminCodesBody,
  adminCodesResult,
  ApiPaths,
  envelope,
  ErrorCode,
  importReport,
  plainText,
  CONSOLE_ACCESS,
} from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/http';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { issueCodes } from './activation';
import { importTextbooks } from './importer';
import { routePath, type TextbooksOptions } from './routes-common';

const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
const ADMIN = CONSOLE_ACCESS.content;

const adminRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { config }) => {
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

  // The import's own body parsers stay inside this scope.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, { limits: { fileSize: IMPORT_BODY_LIMIT, files: 1, fields: 5 } });
    }
    scope.addContentTypeParser(
      ['application/x-ndjson', 'application/jsonl', 'application/x-jsonlines', 'text/plain'],
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      ApiPaths.adminTextbookImport,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        config: { roles: ADMIN },
        schema: {
          tags: ['textbooks'],
          summary: '导入教材目录（JSON Lines：请求体或 multipart 文件，管理员）',
          consumes: ['application/x-ndjson', 'text/plain', 'multipart/form-data'],
          response: { 200: envelope(importReport) },
        },
      },
      async (request) => {
        let text: string | undefined;
        if (request.isMultipart()) {
          const part = await request.file();
          if (part) {
            const buf = await part.toBuffer();
            if (part.file.truncated) throw new AppError(413, ErrorCode.FILE_TOO_LARGE, '导入文件过大（最大 64 MB）');
            text = buf.toString('utf8');
          }
        } else if (typeof request.body === 'string') {
          text = request.body;
        }
        if (!text || !text.trim()) throw new AppError(400, 400, '请上传 JSON Lines 格式的教材目录文件');
        const report = await importTextbooks(app.db, text, { dataDir: config.dataDir });
        request.log.info(
          {
            created: report.created,
            updated: report.updated,
            skipped: report.skipped.length,
            by: request.auth.user.id,
          },
          'textbook catalogue imported',
        );
        return ok(report);
      },
    );
  });
};

export default adminRoutes;
