/**
 * The console's 激活码 section (docs/console.md), roles `operator` and `admin`: batches of activation
 * codes for a book. Creating a batch answers the file of its codes (Excel or CSV) — the only time
 * the plain codes exist; the list shows each batch's redeemed count, a batch's codes show who
 * redeemed them (codes identified by a hash prefix), and voiding a batch disables its unused codes.
 * Every list exports with the same filters. Writes and exports are audited through the operator audit.
 */
import {
  adminBatchCodeRow,
  adminBatchCodesQuery,
  adminCodeBatchBody,
  adminCodeBatchesQuery,
  adminCodeBatchRow,
  ApiPaths,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  exportQuery,
  idField,
  paged,
  type AdminBatchCodeRow,
  type AdminCodeBatchRow,
} from '@eav/contract';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activationBatches, activationCodes, textbooks, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { exportAuditEntry, sendTable, type ExportColumn } from '../../lib/table-export';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { createBatch, redeemedOf, voidBatch } from './batches';
import type { TextbooksOptions } from './routes-common';

const tags = ['console'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idField('批次编号无效') });
type BatchFilters = z.infer<typeof adminCodeBatchesQuery>;
type CodeFilters = z.infer<typeof adminBatchCodesQuery>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const batchColumns: ExportColumn<AdminCodeBatchRow>[] = [
  { header: '批次编号', value: (r) => r.id, width: 10 },
  { header: '批次名', value: (r) => r.name, width: 24 },
  { header: '教材', value: (r) => r.textbookTitle, width: 36 },
  { header: '数量', value: (r) => r.count, width: 8 },
  { header: '已激活', value: (r) => r.redeemed, width: 8 },
  { header: '有效期至', value: (r) => r.expiresAt, width: 26 },
  { header: '创建人', value: (r) => r.createdBy },
  { header: '创建时间', value: (r) => r.createdAt, width: 26 },
  { header: '作废时间', value: (r) => r.voidedAt, width: 26 },
];
const codeColumns: ExportColumn<AdminBatchCodeRow>[] = [
  { header: '编号', value: (r) => r.id, width: 10 },
  { header: '激活码摘要', value: (r) => r.hashPrefix, width: 14 },
  { header: '激活时间', value: (r) => r.redeemedAt, width: 26 },
  { header: '激活用户', value: (r) => r.redeemedBy, width: 20 },
];

const batchRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { audit }) => {
  const config = { roles: CONSOLE_ACCESS.content };
  const creator = alias(users, 'creator');

  function batchWhere(q: BatchFilters, id?: number): SQL | undefined {
    const conds: (SQL | undefined)[] = [id ? eq(activationBatches.id, id) : undefined];
    if (q.textbook) {
      const like = `%${likeEscape(q.textbook)}%`;
      conds.push(
        or(ilike(textbooks.title, like), ilike(textbooks.externalId, like), ilike(activationBatches.name, like)),
      );
    }
    if (q.status === 'voided') conds.push(isNotNull(activationBatches.voidedAt));
    if (q.status === 'active') conds.push(isNull(activationBatches.voidedAt));
    return and(...conds);
  }

  async function batches(q: BatchFilters, limit: number, offset: number, id?: number): Promise<AdminCodeBatchRow[]> {
    const dir = q.order === 'ascend' ? asc : desc;
    const rows = await app.db
      .select({
        id: activationBatches.id,
        name: activationBatches.name,
        textbookId: activationBatches.textbookId,
        textbookTitle: textbooks.title,
        count: activationBatches.count,
        redeemed: redeemedOf,
        expiresAt: activationBatches.expiresAt,
        createdAt: activationBatches.createdAt,
        createdBy: creator.userName,
        voidedAt: activationBatches.voidedAt,
      })
      .from(activationBatches)
      .innerJoin(textbooks, eq(textbooks.id, activationBatches.textbookId))
      .leftJoin(creator, eq(creator.id, activationBatches.createdBy))
      .where(batchWhere(q, id))
      .orderBy(
        dir(q.sort === 'count' ? activationBatches.count : activationBatches.createdAt),
        dir(activationBatches.id),
      )
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      ...r,
      redeemed: Number(r.redeemed),
      expiresAt: iso(r.expiresAt),
      createdAt: r.createdAt.toISOString(),
      voidedAt: iso(r.voidedAt),
    }));
  }

  app.get(
    ApiPaths.adminCodeBatches,
    {
      config,
      schema: {
        tags,
        security,
        summary: '激活码批次列表',
        querystring: adminCodeBatchesQuery,
        response: { 200: envelope(paged(adminCodeBatchRow)) },
      },
    },
    async (request) => {
      const q = request.query;
      const [{ n } = { n: 0 }] = await app.db
        .select({ n: count() })
        .from(activationBatches)
        .innerJoin(textbooks, eq(textbooks.id, activationBatches.textbookId))
        .where(batchWhere(q));
      return ok(page(await batches(q, q.pageSize, (q.page - 1) * q.pageSize), n, q.page, q.pageSize));
    },
  );

  app.get(
    ApiPaths.adminCodeBatchesExport,
    {
      config,
      schema: {
        tags,
        security,
        summary: '导出激活码批次列表',
        querystring: adminCodeBatchesQuery.extend(exportQuery.shape),
      },
    },
    async (request, reply) => {
      const rows = await batches(request.query, CONSOLE_EXPORT_MAX_ROWS, 0);
      await audit?.(
        app.db,
        request,
        exportAuditEntry('code_batches', request.query.format, rows.length, request.query),
      );
      return sendTable(reply, request.query.format, '激活码批次', batchColumns, rows);
    },
  );

  app.post(
    ApiPaths.adminCodeBatches,
    {
      config: {
        ...config,
        rateLimit: {
          max: 20,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => `batches:${bearerToken(req) ? sha256Hex(bearerToken(req)) : req.ip}`,
        },
      },
      schema: {
        tags,
        security,
        summary: '生成一批激活码，直接返回激活码文件（Excel 或 CSV；明文仅此一次）',
        body: adminCodeBatchBody,
      },
    },
    async (request, reply) => {
      const b = request.body;
      const now = app.clock();
      const created = await app.db.transaction(async (tx) => {
        const c = await createBatch(tx, {
          textbook: b.textbook,
          count: b.count,
          expires: b.expiresAt ?? null,
          name: b.name,
          createdBy: request.auth.user.id,
          now,
        });
        await audit?.(tx, request, {
          event: 'console_code_batch',
          target: `code_batch:${c.id}`,
          before: null,
          after: { textbookId: c.book.id, name: b.name, count: b.count, expiresAt: iso(c.expiresAt) },
        });
        return c;
      });
      // Never the codes themselves: a log line must not hand out books.
      request.log.info(
        { batchId: created.id, count: created.codes.length, by: request.auth.user.id },
        'code batch created',
      );
      const rows = created.codes.map((code, i) => ({ i: i + 1, code }));
      const expires = b.expiresAt ?? '长期有效';
      return sendTable(
        reply.header('X-Batch-Id', String(created.id)),
        b.format,
        `激活码-${created.id}`,
        [
          { header: '序号', value: (r) => r.i, width: 8 },
          { header: '激活码', value: (r) => r.code, width: 24 },
          { header: '教材', value: () => created.book.title, width: 36 },
          { header: '批次', value: () => b.name, width: 20 },
          { header: '有效期至', value: () => expires, width: 14 },
        ],
        rows,
      );
    },
  );

  app.post(
    ApiPaths.adminCodeBatchVoid(':id'),
    {
      config,
      schema: {
        tags,
        security,
        summary: '作废批次（未使用的激活码失效）',
        params: idParams,
        response: { 200: envelope(adminCodeBatchRow) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const r = await voidBatch(tx, id, request.auth.user.id, app.clock());
        await audit?.(tx, request, {
          event: 'console_code_batch_void',
          target: `code_batch:${id}`,
          before: { voided: false, unusedCodes: r.unused, redeemedCodes: r.redeemed },
          after: { voided: true, unusedCodes: 0, redeemedCodes: r.redeemed },
        });
      });
      const [row] = await batches({ page: 1, pageSize: 1, textbook: undefined }, 1, 0, id);
      if (!row) throw notFound('批次不存在');
      return ok(row);
    },
  );

  async function codes(batchId: number, q: CodeFilters, limit: number, offset: number): Promise<AdminBatchCodeRow[]> {
    const redeemer = alias(users, 'redeemer');
    const rows = await app.db
      .select({
        id: activationCodes.id,
        codeHash: activationCodes.codeHash,
        usedAt: activationCodes.usedAt,
        usedBy: activationCodes.usedBy,
        userName: redeemer.userName,
      })
      .from(activationCodes)
      .leftJoin(redeemer, eq(redeemer.id, activationCodes.usedBy))
      .where(codeWhere(batchId, q))
      .orderBy(desc(activationCodes.usedAt), asc(activationCodes.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      id: r.id,
      hashPrefix: r.codeHash.slice(0, 8),
      redeemedAt: iso(r.usedAt),
      redeemedBy: r.userName,
      redeemedById: r.usedBy,
    }));
  }
  const codeWhere = (batchId: number, q: CodeFilters) =>
    and(
      eq(activationCodes.batchId, batchId),
      q.status === 'redeemed' ? isNotNull(activationCodes.usedAt) : undefined,
      q.status === 'unused' ? isNull(activationCodes.usedAt) : undefined,
    );

  async function batchExists(id: number) {
    const [b] = await app.db
      .select({ id: activationBatches.id })
      .from(activationBatches)
      .where(eq(activationBatches.id, id));
    if (!b) throw notFound('批次不存在');
  }

  app.get(
    ApiPaths.adminCodeBatchCodes(':id'),
    {
      config,
      schema: {
        tags,
        security,
        summary: '批次内的激活码（激活状态与激活用户）',
        params: idParams,
        querystring: adminBatchCodesQuery,
        response: { 200: envelope(paged(adminBatchCodeRow)) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const q = request.query;
      await batchExists(id);
      const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(activationCodes).where(codeWhere(id, q));
      return ok(page(await codes(id, q, q.pageSize, (q.page - 1) * q.pageSize), n, q.page, q.pageSize));
    },
  );

  app.get(
    ApiPaths.adminCodeBatchCodesExport(':id'),
    {
      config,
      schema: {
        tags,
        security,
        summary: '导出批次内激活码的激活情况',
        params: idParams,
        querystring: adminBatchCodesQuery.extend(exportQuery.shape),
      },
    },
    async (request, reply) => {
      await batchExists(request.params.id);
      const rows = await codes(request.params.id, request.query, CONSOLE_EXPORT_MAX_ROWS, 0);
      await audit?.(
        app.db,
        request,
        exportAuditEntry(`code_batch:${request.params.id}`, request.query.format, rows.length, request.query),
      );
      return sendTable(reply, request.query.format, `激活码批次-${request.params.id}`, codeColumns, rows);
    },
  );
};

export default batchRoutes;
