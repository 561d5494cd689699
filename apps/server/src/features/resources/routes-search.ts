/**
 * Search routes (docs/resources.md, Search): the search with facets, a resource's detail, the
 * resource counts of a book's chapters and the nearest chapter with resources.
 */
import {
  ApiPaths,
  envelope,
  idParam,
  paged,
  ResourceMessages,
  resourceChapterCount,
  resourceChapterCountsQuery,
  resourceDetail,
  resourceFacets as resourceFacetsSchema,
  resourceFilters,
  resourceListItem,
  resourceNearest,
  resourceNearestQuery,
  resourceSearchQuery,
} from '@eav/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resources } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { decideAccess, isAdmin, visible } from './access';
import { chapterCounts, findChapter, nearestChapter } from './chapters';
import { optionalUser, type ResourcesContext } from './routes-common';
import { cardQuery, resourceFacets, searchResources, toCards } from './search';
import { isFavorite } from './stats';

/** Most resources the nearest-chapter answer carries. */
const NEAREST_MAX = 20;

const searchRoutes: FastifyPluginAsyncZod<ResourcesContext> = async (app) => {
  app.get(
    ApiPaths.resourceSearch,
    {
      schema: {
        tags: ['resources'],
        summary: '资源搜索（筛选、关键词、排序、分页）',
        querystring: resourceSearchQuery,
        response: { 200: envelope(paged(resourceListItem)) },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await searchResources(app.db, q);
      return ok(page(items, total, q.page, q.pageSize));
    },
  );

  app.get(
    ApiPaths.resourceFacets,
    {
      schema: {
        tags: ['resources'],
        summary: '资源筛选项及数量（每个维度按其余条件计数）',
        querystring: resourceFilters,
        response: { 200: envelope(resourceFacetsSchema) },
      },
    },
    async (request) => ok(await resourceFacets(app.db, request.query)),
  );

  app.get(
    ApiPaths.resourceChapterCounts,
    {
      schema: {
        tags: ['resources'],
        summary: '教材各章节的资源数量',
        querystring: resourceChapterCountsQuery,
        response: { 200: envelope(z.array(resourceChapterCount)) },
      },
    },
    async (request) => {
      const { textbookId } = request.query;
      if (!textbookId) throw badRequest('请选择教材');
      return ok(await chapterCounts(app.db, textbookId));
    },
  );

  app.get(
    ApiPaths.resourceNearest,
    {
      schema: {
        tags: ['resources'],
        summary: '本章节暂无资源时：最近的有资源的章节及其资源',
        querystring: resourceNearestQuery,
        response: { 200: envelope(resourceNearest) },
      },
    },
    async (request) => {
      const { chapterId, type } = request.query;
      if (!chapterId) throw badRequest('请选择章节');
      const chapter = await findChapter(app.db, chapterId);
      if (!chapter) throw notFound('章节不存在');
      const near = await nearestChapter(app.db, chapter, type);
      if (!near) return ok({ chapter: null, items: [] });
      const rows = await cardQuery(app.db)
        .where(
          and(
            eq(resources.chapterId, near.id),
            eq(resources.status, 'published'),
            type ? eq(resources.type, type) : undefined,
          ),
        )
        .orderBy(desc(resources.createdAt), desc(resources.id))
        .limit(NEAREST_MAX);
      return ok({ chapter: near, items: await toCards(app.db, rows) });
    },
  );

  app.get(
    ApiPaths.resource(':id'),
    {
      schema: {
        tags: ['resources'],
        summary: '资源详情（含当前用户能否使用）',
        params: z.object({ id: idParam }),
        response: { 200: envelope(resourceDetail) },
      },
    },
    async (request) => {
      const user = await optionalUser(request);
      const [row] = await cardQuery(app.db).where(eq(resources.id, request.params.id)).limit(1);
      const [extra] = await app.db
        .select({
          description: resources.description,
          status: resources.status,
          rejectReason: resources.rejectReason,
          uploaderId: resources.uploaderId,
          access: resources.access,
          textbookId: resources.textbookId,
        })
        .from(resources)
        .where(eq(resources.id, request.params.id));
      if (!row || !extra || !visible(extra, user)) throw notFound(ResourceMessages.notFound);
      const decision = await decideAccess(app.db, extra, user);
      const mayReview = isAdmin(user) || (user !== null && extra.uploaderId === user.id);
      return ok({
        ...(await toCards(app.db, [row]))[0]!,
        description: extra.description,
        status: extra.status as 'pending' | 'published' | 'rejected',
        rejectReason: mayReview ? extra.rejectReason : null,
        favorited: user ? await isFavorite(app.db, user.id, row.id) : false,
        canAccess: decision.allowed,
        accessHint: decision.hint,
        need: decision.need,
      });
    },
  );
};

export default searchRoutes;
