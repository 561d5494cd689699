/**
 * Operators' question-bank import (docs/api.md, Import formats): `POST
 * /api/v1/admin/question-bank/import?kind=questions|papers|knowledge-points|chapters` with the JSON
 * Lines file as the body (or a multipart file), administrators only (role gate of plugins/auth.ts,
 * before the body is read). The same services as the `import:*` commands; answers the report.
 */
import multipart from '@fastify/multipart';
import { ApiPaths, envelope, ErrorCode, importReport, questionBankImportQuery, CONSOLE_ACCESS } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/http';
import { runImport } from './importers';
import type { QuestionBankOptions } from './routes-common';

const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

const adminRoutes: FastifyPluginAsyncZod<QuestionBankOptions> = async (app) => {
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
      ApiPaths.adminQuestionBankImport,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        config: { roles: CONSOLE_ACCESS.content },
        schema: {
          tags: ['question-bank'],
          summary: '导入试题、试卷、知识点或教材目录（JSON Lines：请求体或 multipart 文件，管理员）',
          consumes: ['application/x-ndjson', 'text/plain', 'multipart/form-data'],
          querystring: questionBankImportQuery,
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
        if (!text || !text.trim()) throw new AppError(400, 400, '请上传 JSON Lines 格式的导入文件');
        // Validated by the route's querystring schema (the scope's own type provider does not infer it).
        const { kind } = request.query as z.infer<typeof questionBankImportQuery>;
        const report = await runImport(app.db, kind, text);
        request.log.info(
          {
            kind,
            created: report.created,
            updated: report.updated,
            skipped: report.skipped.length,
            by: request.auth.user.id,
          },
          'question bank imported',
        );
        return ok(report);
      },
    );
  });
};

export default adminRoutes;
