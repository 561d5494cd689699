/**
 * Operators' review (docs/resources.md, Review): the list of uploads by state and the single-use
 * decision pending → published, or pending → rejected with a reason shown to the uploader, audited.
 * Roles `admin` and `reviewer` (declared per route for the role gate of plugins/auth.ts). The queue
 * exports as CSV or Excel with the same state filter (docs/console-content.md, Resource review).
 */
import {
  ApiPaths,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  exportQuery,
  type MyResourceUpload,
  RESOURCE_STATUS_LABELS,
  RESOURCE_TYPE_LABELS,
  ErrorCode,
  idParam,
  myResourceUpload,
  paged,
  ResourceMessages,
  resourceReviewBody,
  resourceUploadListQuery,
  CONSOLE_ACCESS,
} from '@eav/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resources } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { noAudit } from '../../lib/operator-audit';
import { exportAuditEntry, sendTable, type ExportColumn } from '../../lib/table-export';
import type { ResourcesContext } from './routes-common';
import { uploadQuery } from './routes-mine';

/** Review is the reviewers' work (and the administrators'). */
const REVIEW = { roles: CONSOLE_ACCESS.review } as const;

const exportColumns: ExportColumn<MyResourceUpload>[] = [
  { header: '编号', value: (u) => u.resource.id, width: 8 },
  { header: '标题', value: (u) => u.resource.title, width: 30 },
  { header: '类型', value: (u) => RESOURCE_TYPE_LABELS[u.resource.type], width: 10 },
  { header: '教材', value: (u) => u.resource.textbook?.title ?? '', width: 30 },
  { header: '上传者', value: (u) => u.resource.uploader ?? '' },
  { header: '上传时间', value: (u) => u.resource.createdAt, width: 26 },
  { header: '状态', value: (u) => RESOURCE_STATUS_LABELS[u.status], width: 10 },
  { header: '不通过原因', value: (u) => u.rejectReason, width: 30 },
  { header: '审核时间', value: (u) => u.reviewedAt, width: 26 },
];

/** Uploads only: the portal's generated resources have no uploader and need no review. */
const queueWhere = (status: string | undefined) =>
  and(sql`${resources.uploaderId} is not null`, status ? eq(resources.status, status) : undefined);

const adminRoutes: FastifyPluginAsyncZod<ResourcesContext> = async (app, { audit = noAudit }) => {
  app.get(
    ApiPaths.adminResources,
    {
      config: REVIEW,
      schema: {
        tags: ['resources'],
        summary: '教师上传的资源（按审核状态，运营人员）',
        security: [{ bearer: [] }],
        querystring: resourceUploadListQuery,
        response: { 200: envelope(paged(myResourceUpload)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, status } = request.query;
      const where = queueWhere(status);
      const [rows, [count]] = await Promise.all([
        uploadQuery(app.db, where, pageNo, pageSize),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(resources)
          .where(where),
      ]);
      return ok(page(rows, Number(count?.n ?? 0), pageNo, pageSize));
    },
  );

  app.get(
    ApiPaths.adminResourcesExport,
    {
      config: REVIEW,
      schema: {
        tags: ['resources'],
        summary: '导出教师上传的资源（CSV 或 Excel，与列表相同的状态筛选）',
        security: [{ bearer: [] }],
        querystring: resourceUploadListQuery.extend(exportQuery.shape),
      },
    },
    async (request, reply) => {
      const { format, status } = request.query;
      const rows = await uploadQuery(app.db, queueWhere(status), 1, CONSOLE_EXPORT_MAX_ROWS);
      await audit(app.db, request, exportAuditEntry('resources', format, rows.length, { status }));
      return sendTable(reply, format, '资源审核', exportColumns, rows);
    },
  );

  app.post(
    ApiPaths.adminResourceReview(':id'),
    {
      config: REVIEW,
      schema: {
        tags: ['resources'],
        summary: '审核资源：通过（发布）或不通过（附原因）',
        security: [{ bearer: [] }],
        params: z.object({ id: idParam }),
        body: resourceReviewBody,
        response: { 200: envelope(myResourceUpload) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const now = new Date(app.clock());
      // Single-use: only a pending resource moves, so two operators cannot both decide.
      const changed = await app.db.transaction(async (tx) => {
        const moved = await tx
          .update(resources)
          .set(
            body.decision === 'approve'
              ? { status: 'published', rejectReason: null, reviewedAt: now, reviewedBy: request.auth.user.id }
              : { status: 'rejected', rejectReason: body.reason, reviewedAt: now, reviewedBy: request.auth.user.id },
          )
          .where(and(eq(resources.id, id), eq(resources.status, 'pending')))
          .returning({ id: resources.id, status: resources.status, rejectReason: resources.rejectReason });
        if (moved[0])
          await audit(tx, request, {
            event: 'resource_review',
            target: `resource:${id}`,
            before: { status: 'pending' },
            after: { status: moved[0].status, rejectReason: moved[0].rejectReason },
          });
        return moved;
      });
      if (changed.length === 0) {
        const [exists] = await app.db.select({ id: resources.id }).from(resources).where(eq(resources.id, id));
        if (!exists) throw notFound(ResourceMessages.notFound);
        throw conflict(ResourceMessages.reviewedAlready, ErrorCode.RESOURCE_REVIEWED);
      }
      const [entry] = await uploadQuery(app.db, eq(resources.id, id), 1, 1);
      return ok(entry!);
    },
  );
};

export default adminRoutes;
