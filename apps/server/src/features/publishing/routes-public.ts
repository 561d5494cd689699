/**
 * Public 智慧出版 routes (docs/publishing.md): the showcase, 出版动态 and a textbook's printings and
 * errata. Every answer comes from the read cache (decision 011): the showcase in scope 'textbooks'
 * (it follows the catalogue and its videos), the rest in scope 'publishing'.
 */
import {
  announcementDetail,
  announcementListItem,
  ApiPaths,
  bookPageParams,
  envelope,
  idParam,
  paged,
  pageErrata,
  paginationQuery,
  publishingShowcase,
  textbookPublishing,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../lib/http';
import { showcase } from './catalogue';
import { routePath, type PublishingOptions } from './common';
import { bookOf, errataOf, listAnnouncements, printingsOf, publishedAnnouncement } from './records';

const showcaseAnswer = envelope(publishingShowcase);
const listAnswer = envelope(paged(announcementListItem));
const detailAnswer = envelope(announcementDetail);
const bookAnswer = envelope(textbookPublishing);
const pageAnswer = envelope(pageErrata);

const publicRoutes: FastifyPluginAsyncZod<PublishingOptions> = async (app, { cards }) => {
  app.get(
    ApiPaths.publishingShowcase,
    {
      schema: {
        tags: ['publishing'],
        summary: '数字出版物展示（数字教材、音像教材、融合出版物）',
        response: { 200: showcaseAnswer },
      },
    },
    (request, reply) =>
      app.readCache.reply(request, reply, 'textbooks', 'publishing:showcase', async () => ({
        value: showcaseAnswer.parse(ok({ kinds: await showcase(app.db, cards) })),
      })),
  );

  app.get(
    ApiPaths.publishingAnnouncements,
    {
      schema: {
        tags: ['publishing'],
        summary: '出版动态列表（已发布，最新在前，分页）',
        querystring: paginationQuery,
        response: { 200: listAnswer },
      },
    },
    (request, reply) => {
      const { page: pageNo, pageSize } = request.query;
      return app.readCache.reply(request, reply, 'publishing', `news:${pageNo}:${pageSize}`, async () => {
        const { items, total } = await listAnnouncements(app.db, pageNo, pageSize, false);
        return { value: listAnswer.parse(ok(page(items, total, pageNo, pageSize))) };
      });
    },
  );

  app.get(
    routePath(ApiPaths.publishingAnnouncement, 'id'),
    {
      schema: {
        tags: ['publishing'],
        summary: '出版动态详情（Markdown 正文；未发布的公告答 404）',
        params: z.object({ id: idParam }),
        response: { 200: detailAnswer },
      },
    },
    (request, reply) =>
      app.readCache.reply(request, reply, 'publishing', `news:${request.params.id}`, async () => ({
        value: detailAnswer.parse(ok(await publishedAnnouncement(app.db, request.params.id))),
      })),
  );

  app.get(
    routePath(ApiPaths.publishingTextbook, 'id'),
    {
      schema: {
        tags: ['publishing'],
        summary: '教材的版次印次与勘误',
        params: z.object({ id: idParam }),
        response: { 200: bookAnswer },
      },
    },
    (request, reply) => {
      const id = request.params.id;
      return app.readCache.reply(request, reply, 'publishing', `book:${id}`, async () => {
        await bookOf(app.db, id);
        const [printings, errata] = await Promise.all([printingsOf(app.db, id), errataOf(app.db, id)]);
        return { value: bookAnswer.parse(ok({ textbookId: id, printings, errata })) };
      });
    },
  );

  app.get(
    ApiPaths.publishingPageErrata(':id', ':page'),
    {
      schema: {
        tags: ['publishing'],
        summary: '教材某一页的勘误',
        params: bookPageParams,
        response: { 200: pageAnswer },
      },
    },
    (request, reply) => {
      const { id, page: pageNo } = request.params;
      return app.readCache.reply(request, reply, 'publishing', `page:${id}:${pageNo}`, async () => {
        await bookOf(app.db, id);
        const items = await errataOf(app.db, id, pageNo);
        return { value: pageAnswer.parse(ok({ textbookId: id, page: pageNo, items })) };
      });
    },
  );
};

export default publicRoutes;
