/**
 * The console's 勘误 routes (docs/publishing.md, Console), roles `CONSOLE_ACCESS.review`: the errata
 * table of every book (filters `textbookId`, `q`; server paging) and its export, publish (the same
 * book, page and original text updates that notice), edit and withdraw. Also the book picker the
 * 勘误 and 印次 tabs share (`CONSOLE_ACCESS.publishing`). Each write and its audit row commit
 * together; the write is then announced to the read cache's scope 'publishing'.
 */
import {
  adminErrataQuery,
  adminErratumRow,
  adminPublishingTextbook,
  adminPublishingTextbooksQuery,
  ApiPaths,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  erratum,
  erratumBody,
  exportQuery,
  idParam,
  paged,
  PublishingMessages,
  type AdminErratumRow,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { sendTable, type ExportColumn } from '../../lib/table-export';
import { routePath, type PublishingOptions } from './common';
import { countErrata, erratumSnapshot, listErrata, pickTextbooks, sameErratumId } from './console';
import { deleteErratum, saveErratum, updateErratum } from './records';

const config = { roles: CONSOLE_ACCESS.review };
const tags = ['publishing'];
const idParams = z.object({ id: idParam });

const columns: ExportColumn<AdminErratumRow>[] = [
  { header: '编号', value: (r) => r.id, width: 8 },
  { header: '教材', value: (r) => r.textbookTitle, width: 36 },
  { header: '教材 id', value: (r) => r.textbookId, width: 10 },
  { header: '页码', value: (r) => r.page, width: 8 },
  { header: '原文', value: (r) => r.original, width: 40 },
  { header: '更正', value: (r) => r.correction, width: 40 },
  { header: '发布日期', value: (r) => r.publishedOn, width: 12 },
  { header: '说明', value: (r) => r.note, width: 30 },
  { header: '状态', value: () => '已发布', width: 8 },
];

const errataRoutes: FastifyPluginAsyncZod<PublishingOptions> = async (app, { audit }) => {
  const now = () => new Date(app.clock());
  const changed = () => app.readCache.invalidate('publishing');

  app.get(
    ApiPaths.adminPublishingTextbooks,
    {
      config: { roles: CONSOLE_ACCESS.publishing },
      schema: {
        tags,
        summary: '选择教材（按书名或外部编号，至多 20 本）',
        querystring: adminPublishingTextbooksQuery,
        response: { 200: envelope(z.array(adminPublishingTextbook)) },
      },
    },
    async (request) => ok(await pickTextbooks(app.db, request.query.q, request.query.id)),
  );

  app.get(
    ApiPaths.adminPublishingErrata,
    {
      config,
      schema: {
        tags,
        summary: '勘误列表（全部教材；按教材、关键词筛选）',
        querystring: adminErrataQuery,
        response: { 200: envelope(paged(adminErratumRow)) },
      },
    },
    async (request) => {
      const q = request.query;
      const [total, items] = await Promise.all([
        countErrata(app.db, q),
        listErrata(app.db, q, q.pageSize, (q.page - 1) * q.pageSize),
      ]);
      return ok(page(items, total, q.page, q.pageSize));
    },
  );

  app.get(
    ApiPaths.adminPublishingErrataExport,
    { config, schema: { tags, summary: '导出勘误列表', querystring: adminErrataQuery.extend(exportQuery.shape) } },
    async (request, reply) =>
      sendTable(
        reply,
        request.query.format,
        '勘误',
        columns,
        await listErrata(app.db, request.query, CONSOLE_EXPORT_MAX_ROWS, 0),
      ),
  );

  app.post(
    ApiPaths.adminPublishingErrata,
    {
      config,
      schema: {
        tags,
        summary: '发布勘误（同一教材、页码和原文再次提交时更新该条）',
        body: erratumBody,
        response: { 200: envelope(erratum) },
      },
    },
    async (request) => {
      const saved = await app.db.transaction(async (tx) => {
        const sameId = await sameErratumId(tx, request.body);
        const before = sameId === null ? null : await erratumSnapshot(tx, sameId);
        const r = await saveErratum(tx, request.body, now());
        await audit?.(tx, request, {
          event: r.created ? 'publishing_erratum_create' : 'publishing_erratum_update',
          target: `erratum:${r.erratum.id}`,
          before,
          after: await erratumSnapshot(tx, r.erratum.id),
        });
        return r.erratum;
      });
      await changed();
      return ok(saved);
    },
  );

  app.put(
    routePath(ApiPaths.adminPublishingErratum, 'id'),
    {
      config,
      schema: { tags, summary: '修改勘误', params: idParams, body: erratumBody, response: { 200: envelope(erratum) } },
    },
    async (request) => {
      const { id } = request.params;
      const saved = await app.db.transaction(async (tx) => {
        const before = await erratumSnapshot(tx, id);
        if (!before) throw notFound(PublishingMessages.erratumNotFound);
        const e = await updateErratum(tx, id, request.body, now());
        await audit?.(tx, request, {
          event: 'publishing_erratum_update',
          target: `erratum:${id}`,
          before,
          after: await erratumSnapshot(tx, id),
        });
        return e;
      });
      await changed();
      return ok(saved);
    },
  );

  app.delete(
    routePath(ApiPaths.adminPublishingErratum, 'id'),
    { config, schema: { tags, summary: '撤回勘误', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const before = await erratumSnapshot(tx, id);
        await deleteErratum(tx, id);
        await audit?.(tx, request, {
          event: 'publishing_erratum_delete',
          target: `erratum:${id}`,
          before,
          after: null,
        });
      });
      await changed();
      return ok(null);
    },
  );
};

export default errataRoutes;
