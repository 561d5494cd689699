/**
 * The console's question-bank import jobs (docs/console-content.md, Question-bank import): `POST
 * /api/v1/admin/question-bank/imports?kind=questions|papers|knowledge-points|chapters` with the JSON
 * Lines file as multipart `file`, then the job's state and progress events, as for the catalogue
 * (lib/import-job-routes.ts). The same importers as `npm run import:*` and `POST …/question-bank/import`.
 */
import {
  ApiPaths,
  QUESTION_BANK_IMPORT_KINDS,
  questionBankImportQuery,
  type QuestionBankImportKind,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { registerImportJobRoutes } from '../../lib/import-job-routes';
import { noAudit } from '../../lib/operator-audit';
import { runImport } from './importers';
import type { QuestionBankOptions } from './routes-common';

const importJobRoutes: FastifyPluginAsyncZod<QuestionBankOptions> = async (app, { audit = noAudit }) => {
  await registerImportJobRoutes(app, {
    startPath: ApiPaths.adminQuestionBankImports,
    jobPath: ApiPaths.adminQuestionBankImportJob,
    eventsPath: ApiPaths.adminQuestionBankImportEvents,
    tag: 'console',
    startSummary:
      '上传试题、试卷、知识点或教材目录（?kind=…，JSON Lines，multipart 字段 file）并开始导入；每位运营人员同时只能有一个导入',
    querystring: questionBankImportQuery,
    // Validated by the route's querystring schema before the body is read.
    kindOf: (request) => (request.query as z.infer<typeof questionBankImportQuery>).kind,
    kinds: QUESTION_BANK_IMPORT_KINDS,
    emptyMessage: '文件是空的，请上传 JSON Lines 格式的导入文件',
    run: (kind, text, onProgress) =>
      runImport(app.db, kind as QuestionBankImportKind, text, {
        onProgress: (_phase, done, total) => onProgress({ done, total }),
      }),
    audit,
    auditEvent: 'question_bank_import',
  });
};

export default importJobRoutes;
