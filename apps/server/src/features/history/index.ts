/**
 * 浏览记录 feature (docs/api.md, 浏览记录): a user's own list of what they opened, newest first, and
 * clearing it. The rows are written by the routes that open items (`lib/browse-history.ts`); this
 * feature reads the items' tables only for their current titles, and erases the rows at account
 * cancellation.
 */
import {
  ApiPaths,
  browseHistoryItem,
  envelope,
  idParam,
  paged,
  paginationQuery,
  type BrowseHistoryItem,
  type BrowseKind,
} from '@eav/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client';
import { browseHistory } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';

interface Row {
  kind: BrowseKind;
  item_id: number;
  title: string;
  viewed_at: Date | string;
  total: number | string;
}

/**
 * One page of `userId`'s history, newest first, with each item's current title; entries whose item
 * is gone (or a resource no longer published) are left out.
 */
export async function historyPage(
  db: Db,
  userId: number,
  pageNo: number,
  pageSize: number,
): Promise<{ items: BrowseHistoryItem[]; total: number }> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
    select h.kind, h.item_id, coalesce(t.title, r.title, v.title, p.title) as title, h.viewed_at,
           count(*) over () as total
    from browse_history h
    left join textbooks t on h.kind = 'textbook' and t.id = h.item_id
    left join resources r on h.kind = 'resource' and r.id = h.item_id and r.status = 'published'
    left join videos v on h.kind = 'video' and v.id = h.item_id
    left join papers p on h.kind = 'paper' and p.id = h.item_id
    where h.user_id = ${userId} and coalesce(t.title, r.title, v.title, p.title) is not null
    order by h.viewed_at desc, h.kind, h.item_id desc
    limit ${pageSize} offset ${(pageNo - 1) * pageSize}`),
  );
  const items = rows.map((r) => ({
    kind: r.kind,
    itemId: Number(r.item_id),
    title: r.title,
    viewedAt: new Date(r.viewed_at).toISOString(),
  }));
  // Past the last page the window has no row to count on: count apart.
  const total: number =
    rows.length > 0 ? Number(rows[0]!.total) : pageNo > 1 ? (await historyPage(db, userId, 1, 1)).total : 0;
  return { items, total };
}

const historyFeature: FastifyPluginAsyncZod = async (app) => {
  app.registerErasure('history', async (tx, userId) => {
    await tx.delete(browseHistory).where(eq(browseHistory.userId, userId));
  });

  const params = z.object({ userId: idParam });
  const route = ApiPaths.userHistory(':userId');

  app.get(
    route,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['history'],
        summary: '浏览记录（本人打开过的教材、资源、视频与试卷，最近的在前）',
        params,
        querystring: paginationQuery,
        response: { 200: envelope(paged(browseHistoryItem)) },
      },
    },
    async (request, reply) => {
      // Another user's history is hidden (docs/api.md: 404, not 403).
      if (request.params.userId !== request.auth.user.id) throw notFound();
      reply.header('Cache-Control', 'private, no-store');
      const { page: pageNo, pageSize } = request.query;
      const { items, total } = await historyPage(app.db, request.auth.user.id, pageNo, pageSize);
      return ok(page(items, total, pageNo, pageSize));
    },
  );

  app.delete(
    route,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['history'],
        summary: '清空浏览记录',
        params,
        response: { 200: envelope(z.object({ cleared: z.number().int() })) },
      },
    },
    async (request) => {
      if (request.params.userId !== request.auth.user.id) throw notFound();
      const removed = await app.db
        .delete(browseHistory)
        .where(eq(browseHistory.userId, request.auth.user.id))
        .returning({ kind: browseHistory.kind });
      return ok({ cleared: removed.length });
    },
  );
};

export default historyFeature;
