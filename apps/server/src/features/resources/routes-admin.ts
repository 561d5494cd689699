/**
 * Operators' review (docs/resources.md, Review): the list of uploads by state and the single-use
 * decision pending → published, or pending → rejected with a reason shown to the uploader, audited.
 * Roles `admin` and `reviewer` (declared per route for the role gate of plugins/auth.ts).
 */
import {
  ApiPaths,
  envelope,
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
import type { ResourcesContext } from './routes-common';
import { uploadQuery } from './routes-mine';

/** Review is the reviewers' work (and the administrators'). */
const REVIEW = { roles: CONSOLE_ACCESS.review } as const;

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
      // Uploads only: the portal's generated resources have no uploader and need no review.
      const where = and(sql`${resources.uploaderId} is not null`, status ? eq(resources.status, status) : undefined);
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
