/**
 * Export of the console's textbook list (docs/console-content.md, Books):
 * `GET /api/v1/admin/catalogue/textbooks/export?format=csv|xlsx` with the list's filters and sort, at
 * most CONSOLE_EXPORT_MAX_ROWS rows, audited (`console_export`). Roles `admin` and `operator`.
 */
import {
  adminTextbookListQuery,
  ApiPaths,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  exportQuery,
  TEXTBOOK_ACCESS_LABELS,
  type AdminTextbookRow,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noAudit } from '../../lib/operator-audit';
import { exportAuditEntry, sendTable, type ExportColumn } from '../../lib/table-export';
import { listConsoleBooks } from './console-books';
import type { TextbooksOptions } from './routes-common';

const exportColumns: ExportColumn<AdminTextbookRow>[] = [
  { header: '编号', value: (b) => b.id, width: 8 },
  { header: 'externalId', value: (b) => b.externalId, width: 24 },
  { header: '标题', value: (b) => b.title, width: 40 },
  { header: '学段', value: (b) => b.stage, width: 8 },
  { header: '学科', value: (b) => b.subject, width: 8 },
  { header: '版本', value: (b) => b.edition, width: 12 },
  { header: '年级', value: (b) => b.grade },
  { header: '册次', value: (b) => b.volume },
  { header: '出版社', value: (b) => b.publisher, width: 20 },
  { header: '阅读权限', value: (b) => TEXTBOOK_ACCESS_LABELS[b.access], width: 10 },
  { header: '更新时间', value: (b) => b.updatedAt, width: 26 },
];

const consoleExportRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { audit = noAudit }) => {
  app.get(
    ApiPaths.adminCatalogueTextbooksExport,
    {
      config: { roles: CONSOLE_ACCESS.content },
      schema: {
        tags: ['console'],
        summary: '导出教材列表（CSV 或 Excel，与列表相同的筛选和排序）',
        security: [{ bearer: [] }],
        querystring: adminTextbookListQuery.extend(exportQuery.shape),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const rows = await listConsoleBooks(app.db, request.query, CONSOLE_EXPORT_MAX_ROWS, 0);
      await audit(app.db, request, exportAuditEntry('textbooks', format, rows.length, request.query));
      return sendTable(reply, format, '教材', exportColumns, rows);
    },
  );
};

export default consoleExportRoutes;
