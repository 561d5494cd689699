/**
 * The console's 印次 routes (docs/publishing.md, Console), roles `CONSOLE_ACCESS.content`: printings
 * of every book or one (`textbookId`; server paging) and their export, record, edit and delete.
 * Each write and its audit row commit together; the write is then announced to the read cache.
 */
import {
  adminPrintingRow,
  adminPrintingsQuery,
  ApiPaths,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  exportQuery,
  idParam,
  paged,
  printingBody,
  PublishingMessages,
  type AdminPrintingRow,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { sendTable, type ExportColumn } from '../../lib/table-export';
import { routePath, type PublishingOptions } from './common';
import { countPrintings, listPrintings, printingSnapshot, updatePrinting } from './console';
import { addPrinting, bookOf, deletePrinting } from './records';

const config = { roles: CONSOLE_ACCESS.content };
const tags = ['publishing'];
const idParams = z.object({ id: idParam });
const row = envelope(adminPrintingRow);

const columns: ExportColumn<AdminPrintingRow>[] = [
  { header: '编号', value: (r) => r.id, width: 8 },
  { header: '教材', value: (r) => r.textbookTitle, width: 36 },
  { header: '教材 id', value: (r) => r.textbookId, width: 10 },
  { header: '版次', value: (r) => r.editionNo, width: 8 },
  { header: '印次', value: (r) => r.printingNo, width: 8 },
  { header: '印刷日期', value: (r) => r.printedOn, width: 12 },
  { header: '说明', value: (r) => r.note, width: 30 },
];

const printingRoutes: FastifyPluginAsyncZod<PublishingOptions> = async (app, { audit }) => {
  const changed = () => app.readCache.invalidate('publishing');
  const one = async (id: number) => {
    const [r] = await listPrintings(app.db, {}, 1, 0, id);
    if (!r) throw notFound(PublishingMessages.printingNotFound);
    return r;
  };

  app.get(
    ApiPaths.adminPublishingPrintings,
    {
      config,
      schema: {
        tags,
        summary: '印次列表（全部教材或一本）',
        querystring: adminPrintingsQuery,
        response: { 200: envelope(paged(adminPrintingRow)) },
      },
    },
    async (request) => {
      const q = request.query;
      const [total, items] = await Promise.all([
        countPrintings(app.db, q),
        listPrintings(app.db, q, q.pageSize, (q.page - 1) * q.pageSize),
      ]);
      return ok(page(items, total, q.page, q.pageSize));
    },
  );

  app.get(
    ApiPaths.adminPublishingPrintingsExport,
    { config, schema: { tags, summary: '导出印次列表', querystring: adminPrintingsQuery.extend(exportQuery.shape) } },
    async (request, reply) =>
      sendTable(
        reply,
        request.query.format,
        '印次',
        columns,
        await listPrintings(app.db, request.query, CONSOLE_EXPORT_MAX_ROWS, 0),
      ),
  );

  app.post(
    ApiPaths.adminPublishingPrintings,
    {
      config,
      schema: { tags, summary: '登记教材的版次印次', body: printingBody, response: { 200: row } },
    },
    async (request) => {
      const id = await app.db.transaction(async (tx) => {
        const p = await addPrinting(tx, request.body);
        await audit?.(tx, request, {
          event: 'publishing_printing_create',
          target: `printing:${p.id}`,
          before: null,
          after: await printingSnapshot(tx, p.id),
        });
        return p.id;
      });
      await changed();
      return ok(await one(id));
    },
  );

  app.put(
    routePath(ApiPaths.adminPublishingPrinting, 'id'),
    {
      config,
      schema: { tags, summary: '修改印次记录', params: idParams, body: printingBody, response: { 200: row } },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const before = await printingSnapshot(tx, id);
        if (!before) throw notFound(PublishingMessages.printingNotFound);
        await bookOf(tx, request.body.textbookId);
        await updatePrinting(tx, id, request.body);
        await audit?.(tx, request, {
          event: 'publishing_printing_update',
          target: `printing:${id}`,
          before,
          after: await printingSnapshot(tx, id),
        });
      });
      await changed();
      return ok(await one(id));
    },
  );

  app.delete(
    routePath(ApiPaths.adminPublishingPrinting, 'id'),
    { config, schema: { tags, summary: '删除印次记录', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const before = await printingSnapshot(tx, id);
        await deletePrinting(tx, id);
        await audit?.(tx, request, {
          event: 'publishing_printing_delete',
          target: `printing:${id}`,
          before,
          after: null,
        });
      });
      await changed();
      return ok(null);
    },
  );
};

export default printingRoutes;
