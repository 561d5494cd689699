/**
 * Paper-centre routes (docs/api.md, Papers): the paper list with filters, its facets, one paper in paper
 * order (answers for logged-in users, except questions of their open homework or quiz), and its
 * DOCX/PDF export (login required; without 参考答案 while such a question is in the paper).
 */
import {
  ApiPaths,
  envelope,
  idParam,
  paged,
  paperExportQuery,
  paperFacets,
  paperFilters,
  paperListItem,
  paperListQuery,
  paperRead,
  QuestionBankMessages,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { recordBrowse } from '../../lib/browse-history';
import { ok, page } from '../../lib/http';
import { paperDetail, paperExportDoc, paperItems } from './questions';
import {
  exportRateLimit,
  mayExportAnswers,
  routePath,
  sectionsAsRead,
  sendExport,
  type QuestionBankOptions,
} from './routes-common';
import { paperFacets as facetsOf, searchPapers } from './search-index';

const paperRoutes: FastifyPluginAsyncZod<QuestionBankOptions> = async (app, opts) => {
  app.get(
    ApiPaths.papers,
    {
      schema: {
        tags: ['question-bank'],
        summary: '试卷列表（学段、学科、年级、年份、地区、试卷类型、标题关键词，分页）',
        querystring: paperListQuery,
        response: { 200: envelope(paged(paperListItem)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, ...filters } = request.query;
      const { ids, total } = await searchPapers(app.db, filters, pageNo, pageSize);
      return ok(page(await paperItems(app.db, ids), total, pageNo, pageSize));
    },
  );

  app.get(
    ApiPaths.paperFacets,
    {
      schema: {
        tags: ['question-bank'],
        summary: '试卷筛选项及其数量（每个维度按其余筛选条件统计）',
        querystring: paperFilters,
        response: { 200: envelope(paperFacets) },
      },
    },
    async (request) => ok(await facetsOf(app.db, request.query)),
  );

  app.get(
    routePath(ApiPaths.paper, 'id'),
    {
      schema: {
        tags: ['question-bank'],
        summary: '试卷详情（按卷面顺序的大题与试题；登录后含答案与解析，本人未完成的作业或测验中的试题除外）',
        params: z.object({ id: idParam }),
        response: { 200: envelope(paperRead) },
      },
    },
    async (request, reply) => {
      const paper = await paperDetail(app.db, request.params.id);
      if (!paper) throw notFound(QuestionBankMessages.paperNotFound);
      // The answers depend on who asks: never kept by a shared cache.
      reply.header('Cache-Control', 'private, no-store');
      const user = (await request.getAuth())?.user;
      if (user) await recordBrowse(app.db, user, 'paper', paper.id, app.clock());
      return ok({ ...paper, sections: await sectionsAsRead(app, request, opts, paper.sections) });
    },
  );

  app.get(
    routePath(ApiPaths.paperExport, 'id'),
    {
      onRequest: app.requireAuth,
      config: { rateLimit: exportRateLimit() },
      schema: {
        tags: ['question-bank'],
        summary: '下载试卷（format=docx|pdf，answers=true 附参考答案与解析；需登录）',
        params: z.object({ id: idParam }),
        querystring: paperExportQuery,
      },
    },
    async (request, reply) => {
      const paper = await paperDetail(app.db, request.params.id);
      if (!paper) throw notFound(QuestionBankMessages.paperNotFound);
      const answers = await mayExportAnswers(app, request, opts, paper.sections, request.query.answers);
      return sendExport(reply, paperExportDoc(paper, answers), request.query.format);
    },
  );
};

export default paperRoutes;
