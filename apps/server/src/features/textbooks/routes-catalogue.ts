/**
 * Catalogue routes (docs/api.md, Textbooks): the list with filters and keyword, the facets and a
 * book's detail (chapters, access for the current user, progress, related books, videos).
 */
import {
  ApiPaths,
  envelope,
  idParam,
  paged,
  textbookDetail,
  textbookFacets,
  textbookListItem,
  textbookListQuery,
  textbookFilters,
  TextbookMessages,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { decideAccess, ownsTextbook } from './access';
import { cardsByIds, facets, findBook, listTextbooks, relatedTextbooks } from './catalogue';
import { chapterTree, getProgress, videosOfBook } from './content';
import { servableFile } from './media';
import { optionalUser, routePath, type TextbooksOptions } from './routes-common';

const catalogueRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { config }) => {
  app.get(
    ApiPaths.textbooks,
    {
      schema: {
        tags: ['textbooks'],
        summary: '教材列表（筛选、关键词搜索、分页）',
        querystring: textbookListQuery,
        response: { 200: envelope(paged(textbookListItem)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, ...filters } = request.query;
      const { items, total } = await listTextbooks(app.db, filters, pageNo, pageSize);
      return ok(page(items, total, pageNo, pageSize));
    },
  );

  app.get(
    ApiPaths.textbookFacets,
    {
      schema: {
        tags: ['textbooks'],
        summary: '筛选项及其教材数量（每个维度按其余筛选条件统计）',
        querystring: textbookFilters,
        response: { 200: envelope(textbookFacets) },
      },
    },
    async (request) => ok(await facets(app.db, request.query)),
  );

  app.get(
    routePath(ApiPaths.textbook, 'id'),
    {
      schema: {
        tags: ['textbooks'],
        summary: '教材详情（目录、权限、阅读进度、相关教材、网络学习视频）',
        params: z.object({ id: idParam }),
        response: { 200: envelope(textbookDetail) },
      },
    },
    async (request) => {
      const book = await findBook(app.db, request.params.id);
      if (!book) throw notFound(TextbookMessages.notFound);
      const user = await optionalUser(request);
      const [chapters, related, vids, owned, progress] = await Promise.all([
        chapterTree(app.db, book.id),
        relatedTextbooks(app.db, book),
        videosOfBook(app.db, book.id),
        user ? ownsTextbook(app.db, user.id, book.id) : Promise.resolve(false),
        user ? getProgress(app.db, user.id, book.id) : Promise.resolve(null),
      ]);
      // A remote file counts only when its host may be fetched (REMOTE_MEDIA_HOSTS).
      const hasFile = servableFile(book, config.remoteMediaHosts);
      const decision = decideAccess(book.access, user, owned);
      const card = (await cardsByIds(app.db, [book.id])).get(book.id)!;
      return ok({
        ...card,
        hasFile,
        description: book.description,
        fileSize: book.fileSize,
        chapters,
        owned,
        canRead: hasFile && decision.allowed,
        accessHint: !hasFile ? TextbookMessages.noFile : decision.hint,
        progress,
        related,
        videos: vids,
      });
    },
  );
};

export default catalogueRoutes;
