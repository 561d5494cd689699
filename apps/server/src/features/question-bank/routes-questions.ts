/**
 * Question-bank routes (docs/api.md, Question bank): the question list with filters and keyword, its
 * facets, one question (answer and analysis for logged-in users, except while the question is in their
 * open homework or training quiz: `opts.answerGate`), and the knowledge-point tree. Public.
 */
import {
  ApiPaths,
  envelope,
  idParam,
  knowledgePointNode,
  knowledgePointQuery,
  paged,
  questionCard,
  questionRead,
  questionFacets,
  questionFilters,
  questionListQuery,
  QuestionBankMessages,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { questionCards, questionDetails } from './questions';
import { hiddenAnswers, questionAsRead, routePath, type QuestionBankOptions } from './routes-common';
import { questionFacets as facetsOf, searchQuestions } from './search-index';
import { knowledgePointTree } from './structure';

const questionRoutes: FastifyPluginAsyncZod<QuestionBankOptions> = async (app, opts) => {
  app.get(
    ApiPaths.questions,
    {
      schema: {
        tags: ['question-bank'],
        summary: '试题列表（学段、学科、题型、难度、知识点、教材章节、年份、地区、来源、题干关键词，分页）',
        querystring: questionListQuery,
        response: { 200: envelope(paged(questionCard)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, ...filters } = request.query;
      const { ids, total } = await searchQuestions(app.db, filters, pageNo, pageSize);
      return ok(page(await questionCards(app.db, ids), total, pageNo, pageSize));
    },
  );

  app.get(
    ApiPaths.questionFacets,
    {
      schema: {
        tags: ['question-bank'],
        summary: '试题筛选项及其数量（每个维度按其余筛选条件统计）',
        querystring: questionFilters,
        response: { 200: envelope(questionFacets) },
      },
    },
    async (request) => ok(await facetsOf(app.db, request.query)),
  );

  app.get(
    routePath(ApiPaths.question, 'id'),
    {
      schema: {
        tags: ['question-bank'],
        summary: '试题详情（登录后含答案与解析；在本人未完成的作业或测验中的试题不含答案）',
        params: z.object({ id: idParam }),
        response: { 200: envelope(questionRead) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const found = (await questionDetails(app.db, [id])).get(id);
      if (!found) throw notFound(QuestionBankMessages.questionNotFound);
      // The answer depends on who asks: never kept by a shared cache.
      reply.header('Cache-Control', 'private, no-store');
      const hidden = await hiddenAnswers(app, request, opts, [id]);
      return ok(questionAsRead(found, hidden.get(id)));
    },
  );

  app.get(
    ApiPaths.knowledgePoints,
    {
      schema: {
        tags: ['question-bank'],
        summary: '知识点树（每个节点含其下试题数量）',
        querystring: knowledgePointQuery,
        response: { 200: envelope(z.array(knowledgePointNode)) },
      },
    },
    async (request) => ok(await knowledgePointTree(app.db, request.query)),
  );
};

export default questionRoutes;
