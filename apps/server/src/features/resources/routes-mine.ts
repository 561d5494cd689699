/**
 * My resources (docs/resources.md, My resources): favourites, downloads and uploads of the
 * logged-in user under `/api/v1/users/{userId}/…` (owner only: anyone else gets a 404).
 */
import {
  ApiPaths,
  envelope,
  favoriteResult,
  idField,
  idParam,
  myResourceDownload,
  myResourceFavorite,
  myResourceUpload,
  paged,
  paginationQuery,
  ResourceMessages,
  resourceUploadListQuery,
  type ResourceStatus,
} from '@eav/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { resourceEvents, resourceFavorites, resources } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { visible } from './access';
import { assertSelf, type ResourcesContext } from './routes-common';
import { cardsByIds } from './search';
import { setFavorite } from './stats';

const userParams = z.object({ userId: idField('用户 id 无效') });
const userResourceParams = userParams.extend({ resourceId: idParam });

const mineRoutes: FastifyPluginAsyncZod<ResourcesContext> = async (app, { storage }) => {
  const auth = { onRequest: app.requireAuth };

  app.get(
    ApiPaths.userResourceFavorites(':userId'),
    {
      ...auth,
      schema: {
        tags: ['resources'],
        summary: '我的收藏（资源）',
        security: [{ bearer: [] }],
        params: userParams,
        querystring: paginationQuery,
        response: { 200: envelope(paged(myResourceFavorite)) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const me = request.auth.user.id;
      const { page: pageNo, pageSize } = request.query;
      const where = eq(resourceFavorites.userId, me);
      const [rows, [count]] = await Promise.all([
        app.db
          .select({ id: resourceFavorites.resourceId, at: resourceFavorites.createdAt })
          .from(resourceFavorites)
          .where(where)
          .orderBy(desc(resourceFavorites.createdAt), desc(resourceFavorites.resourceId))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(resourceFavorites)
          .where(where),
      ]);
      const cards = await cardsByIds(
        app.db,
        rows.map((r) => r.id),
      );
      const items = rows
        .filter((r) => cards.has(r.id))
        .map((r) => ({ resource: cards.get(r.id)!, favoritedAt: r.at.toISOString() }));
      return ok(page(items, Number(count?.n ?? 0), pageNo, pageSize));
    },
  );

  for (const on of [true, false]) {
    app.route({
      method: on ? 'PUT' : 'DELETE',
      url: ApiPaths.userResourceFavorite(':userId', ':resourceId'),
      ...auth,
      schema: {
        tags: ['resources'],
        summary: on ? '收藏资源' : '取消收藏资源',
        security: [{ bearer: [] }],
        params: userResourceParams,
        response: { 200: envelope(favoriteResult) },
      },
      handler: async (request) => {
        assertSelf(request, request.params.userId);
        const user = request.auth.user;
        const [row] = await app.db
          .select({
            id: resources.id,
            status: resources.status,
            uploaderId: resources.uploaderId,
            access: resources.access,
            textbookId: resources.textbookId,
          })
          .from(resources)
          .where(eq(resources.id, request.params.resourceId));
        // Removing stays possible for a resource that was unpublished meanwhile.
        if (!row || (on && !visible(row, user))) throw notFound(ResourceMessages.notFound);
        const result = await setFavorite(app.db, user.id, row.id, on, app.clock());
        return ok({ resourceId: row.id, ...result });
      },
    });
  }

  app.get(
    ApiPaths.userResourceDownloads(':userId'),
    {
      ...auth,
      schema: {
        tags: ['resources'],
        summary: '我的下载（每个资源一条，最近下载在前）',
        security: [{ bearer: [] }],
        params: userParams,
        querystring: paginationQuery,
        response: { 200: envelope(paged(myResourceDownload)) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const me = request.auth.user.id;
      const { page: pageNo, pageSize } = request.query;
      const where = and(eq(resourceEvents.userId, me), eq(resourceEvents.kind, 'download'));
      const last = sql<Date>`max(${resourceEvents.createdAt})`;
      const [rows, [count]] = await Promise.all([
        app.db
          .select({ id: resourceEvents.resourceId, at: last })
          .from(resourceEvents)
          .where(where)
          .groupBy(resourceEvents.resourceId)
          .orderBy(desc(last), desc(resourceEvents.resourceId))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        app.db
          .select({ n: sql<number>`count(distinct ${resourceEvents.resourceId})::int` })
          .from(resourceEvents)
          .where(where),
      ]);
      const cards = await cardsByIds(
        app.db,
        rows.map((r) => r.id),
      );
      const items = rows
        .filter((r) => cards.has(r.id))
        .map((r) => ({ resource: cards.get(r.id)!, downloadedAt: new Date(r.at).toISOString() }));
      return ok(page(items, Number(count?.n ?? 0), pageNo, pageSize));
    },
  );

  app.get(
    ApiPaths.userResourceUploads(':userId'),
    {
      ...auth,
      schema: {
        tags: ['resources'],
        summary: '我的上传（含审核状态）',
        security: [{ bearer: [] }],
        params: userParams,
        querystring: resourceUploadListQuery,
        response: { 200: envelope(paged(myResourceUpload)) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const { page: pageNo, pageSize, status } = request.query;
      const where = and(
        eq(resources.uploaderId, request.auth.user.id),
        status ? eq(resources.status, status) : undefined,
      );
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

  app.delete(
    ApiPaths.userResourceUpload(':userId', ':resourceId'),
    {
      ...auth,
      schema: {
        tags: ['resources'],
        summary: '删除我的上传（未发布的）',
        security: [{ bearer: [] }],
        params: userResourceParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const me = request.auth.user.id;
      const [mine] = await app.db
        .select({ status: resources.status })
        .from(resources)
        .where(and(eq(resources.id, request.params.resourceId), eq(resources.uploaderId, me)));
      if (!mine) throw notFound(ResourceMessages.notFound);
      // Conditional delete: a review that publishes it meanwhile wins, and the delete is refused.
      const deleted = await app.db
        .delete(resources)
        .where(
          and(
            eq(resources.id, request.params.resourceId),
            eq(resources.uploaderId, me),
            ne(resources.status, 'published'),
          ),
        )
        .returning({ key: resources.storageKey });
      if (deleted.length === 0) throw conflict(ResourceMessages.notDeletable);
      if (deleted[0]!.key) await storage.remove(deleted[0]!.key);
      return ok(null);
    },
  );
};

/** Uploads with their review state (my uploads, the operators' review list). */
export async function uploadQuery(db: Db, where: ReturnType<typeof and>, pageNo: number, pageSize: number) {
  const ids = await db
    .select({
      id: resources.id,
      status: resources.status,
      rejectReason: resources.rejectReason,
      reviewedAt: resources.reviewedAt,
    })
    .from(resources)
    .where(where)
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  if (ids.length === 0) return [];
  const cards = await cardsByIds(
    db,
    ids.map((r) => r.id),
  );
  return ids
    .filter((r) => cards.has(r.id))
    .map((r) => ({
      resource: cards.get(r.id)!,
      status: r.status as ResourceStatus,
      rejectReason: r.rejectReason,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
    }));
}

export default mineRoutes;
