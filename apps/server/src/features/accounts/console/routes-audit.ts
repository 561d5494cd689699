/**
 * The console's 审计日志 section (docs/console.md): the audit trail filtered by user (operator or
 * account concerned), event, IP and time, newest first, with CSV or Excel export of the same
 * filters (each export itself audited). Read only, `admin` only.
 */
import {
  adminAuditQuery,
  adminAuditRow,
  ApiPaths,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  exportQuery,
  paged,
  type AdminAuditRow,
} from '@eav/contract';
import { and, asc, count, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { auditLog, users } from '../../../db/schema';
import { ok, page } from '../../../lib/http';
import { exportAuditEntry, sendTable, type ExportColumn } from '../../../lib/table-export';
import { operatorAudit } from '../audit';

const tags = ['console'];
const security = [{ bearer: [] }];
type Filters = z.infer<typeof adminAuditQuery>;

function whereOf(q: Filters): SQL | undefined {
  return and(
    q.user ? or(eq(auditLog.actorId, q.user), eq(auditLog.userId, q.user)) : undefined,
    q.event ? eq(auditLog.event, q.event) : undefined,
    q.ip ? eq(auditLog.ip, q.ip) : undefined,
    q.from ? gte(auditLog.createdAt, new Date(q.from)) : undefined,
    q.to ? lte(auditLog.createdAt, new Date(q.to)) : undefined,
  );
}

const json = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);
const text = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : '');

const exportColumns: ExportColumn<AdminAuditRow>[] = [
  { header: '时间', value: (r) => r.at, width: 26 },
  { header: '操作', value: (r) => r.event, width: 22 },
  { header: '结果', value: (r) => r.result, width: 10 },
  { header: '操作人', value: (r) => (r.actorId ? `${r.actorName ?? ''}（${r.actorId}）` : ''), width: 18 },
  { header: '相关用户', value: (r) => r.userId },
  { header: '对象', value: (r) => r.target },
  { header: 'IP', value: (r) => r.ip },
  { header: '修改前', value: (r) => text(r.before), width: 40 },
  { header: '修改后', value: (r) => text(r.after), width: 40 },
  { header: '详情', value: (r) => text(r.detail), width: 40 },
];

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { roles: CONSOLE_ACCESS.admin };
  const actor = alias(users, 'actor');

  async function list(q: Filters, limit: number, offset: number): Promise<AdminAuditRow[]> {
    const rows = await app.db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        event: auditLog.event,
        result: auditLog.result,
        actorId: auditLog.actorId,
        actorName: actor.userName,
        userId: auditLog.userId,
        target: auditLog.target,
        subject: auditLog.subject,
        ip: auditLog.ip,
        before: auditLog.before,
        after: auditLog.after,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .where(whereOf(q))
      .orderBy(q.order === 'ascend' ? asc(auditLog.createdAt) : desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ createdAt, before, after, detail, ...r }) => ({
      ...r,
      at: createdAt.toISOString(),
      before: json(before),
      after: json(after),
      detail: json(detail),
    }));
  }

  app.get(
    ApiPaths.adminAudit,
    {
      config,
      schema: {
        tags,
        security,
        summary: '审计日志（按用户、操作、IP、时间筛选）',
        querystring: adminAuditQuery,
        response: { 200: envelope(paged(adminAuditRow)) },
      },
    },
    async (request) => {
      const q = request.query;
      const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(auditLog).where(whereOf(q));
      return ok(page(await list(q, q.pageSize, (q.page - 1) * q.pageSize), n, q.page, q.pageSize));
    },
  );

  app.get(
    ApiPaths.adminAuditExport,
    {
      config,
      schema: {
        tags,
        security,
        summary: '导出审计日志（CSV 或 Excel）',
        querystring: adminAuditQuery.extend(exportQuery.shape),
      },
    },
    async (request, reply) => {
      const rows = await list(request.query, CONSOLE_EXPORT_MAX_ROWS, 0);
      await operatorAudit(app.db, request, exportAuditEntry('audit', request.query.format, rows.length, request.query));
      return sendTable(reply, request.query.format, '审计日志', exportColumns, rows);
    },
  );
};

export default auditRoutes;
