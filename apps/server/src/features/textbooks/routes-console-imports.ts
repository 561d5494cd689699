/**
 * The console's catalogue import jobs (docs/console-content.md, Catalogue import): upload a JSON
 * Lines catalogue, follow its progress as server-sent events, read its report. The routes and the
 * shared job state are lib/import-job-routes.ts and lib/import-jobs.ts; the import is the CLI's
 * `importTextbooks`.
 */
import { ApiPaths } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerImportJobRoutes } from '../../lib/import-job-routes';
import { noAudit } from '../../lib/operator-audit';
import { importTextbooks } from './importer';
import type { TextbooksOptions } from './routes-common';

export { IMPORT_FILE_LIMIT } from '../../lib/import-job-routes';

const importRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { audit = noAudit }) => {
  await registerImportJobRoutes(app, {
    startPath: ApiPaths.adminCatalogueImports,
    jobPath: ApiPaths.adminCatalogueImport,
    eventsPath: ApiPaths.adminCatalogueImportEvents,
    tag: 'console',
    startSummary: '上传教材目录（JSON Lines，multipart 字段 file）并开始导入；每位运营人员同时只能有一个导入',
    kindOf: () => 'catalogue',
    kinds: ['catalogue'],
    emptyMessage: '文件是空的，请上传 JSON Lines 格式的教材目录',
    run: (_kind, text, onProgress) => importTextbooks(app.db, text, { onProgress }),
    audit,
    auditEvent: 'catalogue_import',
  });
};

export default importRoutes;
