/**
 * The user's question basket (试题篮) and composed papers (组卷) under `/api/v1/users/{userId}/…`
 * (docs/api.md, Basket and composed papers): login required, owner only (another user's answers 404).
 */
import {
  ApiPaths,
  basket,
  basketAddBody,
  composedPaperBody,
  composedPaperDetail,
  composedPaperItem,
  composedPaperListQuery,
  envelope,
  idParam,
  Messages,
  paged,
  paperExportQuery,
} from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import {
  addToBasket,
  clearBasket,
  composedDetail,
  composedExportDoc,
  createComposed,
  type ComposedPaper,
  deleteComposed,
  getBasket,
  listComposed,
  removeFromBasket,
  updateComposed,
} from './basket';
import {
  assertOwner,
  exportRateLimit,
  mayExportAnswers,
  routePath,
  sectionsAsRead,
  sendExport,
  type QuestionBankOptions,
} from './routes-common';

const userParams = z.object({ userId: idParam });
const paperParams = z.object({ userId: idParam, id: idParam });
const itemParams = z.object({ userId: idParam, questionId: idParam });

const basketRoutes: FastifyPluginAsyncZod<QuestionBankOptions> = async (app, opts) => {
  const auth = { onRequest: app.requireAuth };
  /** A composed paper as its owner may read it (`sectionsAsRead`): composing reveals no withheld answer. */
  const asRead = async (request: FastifyRequest, paper: ComposedPaper) => ({
    ...paper,
    sections: await sectionsAsRead(app, request, opts, paper.sections),
  });

  app.get(
    routePath(ApiPaths.userBasket, 'userId'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '我的试题篮',
        params: userParams,
        response: { 200: envelope(basket) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      return ok(await getBasket(app.db, request.params.userId));
    },
  );

  app.post(
    routePath(ApiPaths.userBasket, 'userId'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '加入试题篮（已在篮中的试题保持不变；最多 100 道）',
        params: userParams,
        body: basketAddBody,
        response: { 200: envelope(basket) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      await addToBasket(app.db, request.params.userId, request.body.questionIds, new Date(app.clock()));
      return ok(await getBasket(app.db, request.params.userId));
    },
  );

  app.delete(
    routePath(ApiPaths.userBasket, 'userId'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '清空试题篮',
        params: userParams,
        response: { 200: envelope(basket) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      await clearBasket(app.db, request.params.userId);
      return ok(await getBasket(app.db, request.params.userId));
    },
  );

  app.delete(
    routePath(ApiPaths.userBasketItem, 'userId', 'questionId'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '移出试题篮',
        params: itemParams,
        response: { 200: envelope(basket) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      await removeFromBasket(app.db, request.params.userId, request.params.questionId);
      return ok(await getBasket(app.db, request.params.userId));
    },
  );

  app.get(
    routePath(ApiPaths.userPapers, 'userId'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '我的组卷（最新在前，分页）',
        params: userParams,
        querystring: composedPaperListQuery,
        response: { 200: envelope(paged(composedPaperItem)) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const { page: pageNo, pageSize } = request.query;
      const { items, total } = await listComposed(app.db, request.params.userId, pageNo, pageSize);
      return ok(page(items, total, pageNo, pageSize));
    },
  );

  app.post(
    routePath(ApiPaths.userPapers, 'userId'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '保存组卷（大题、分值、标题；可同时清空试题篮）',
        params: userParams,
        body: composedPaperBody,
        response: { 200: envelope(composedPaperDetail) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const id = await createComposed(app.db, request.params.userId, request.body, new Date(app.clock()));
      return ok(await asRead(request, (await composedDetail(app.db, request.params.userId, id))!));
    },
  );

  app.get(
    routePath(ApiPaths.userPaper, 'userId', 'id'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '组卷详情',
        params: paperParams,
        response: { 200: envelope(composedPaperDetail) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const found = await composedDetail(app.db, request.params.userId, request.params.id);
      if (!found) throw notFound(Messages.notFoundRequest);
      return ok(await asRead(request, found));
    },
  );

  app.put(
    routePath(ApiPaths.userPaper, 'userId', 'id'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '修改组卷',
        params: paperParams,
        body: composedPaperBody,
        response: { 200: envelope(composedPaperDetail) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const { userId, id } = request.params;
      if (!(await updateComposed(app.db, userId, id, request.body, new Date(app.clock()))))
        throw notFound(Messages.notFoundRequest);
      return ok(await asRead(request, (await composedDetail(app.db, userId, id))!));
    },
  );

  app.delete(
    routePath(ApiPaths.userPaper, 'userId', 'id'),
    {
      ...auth,
      schema: {
        tags: ['question-bank'],
        summary: '删除组卷',
        params: paperParams,
        response: { 200: envelope(z.object({ deleted: z.boolean() })) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      if (!(await deleteComposed(app.db, request.params.userId, request.params.id)))
        throw notFound(Messages.notFoundRequest);
      return ok({ deleted: true });
    },
  );

  app.get(
    routePath(ApiPaths.userPaperExport, 'userId', 'id'),
    {
      ...auth,
      config: { rateLimit: exportRateLimit() },
      schema: {
        tags: ['question-bank'],
        summary: '下载组卷（format=docx|pdf，answers=true 附参考答案与解析）',
        params: paperParams,
        querystring: paperExportQuery,
      },
    },
    async (request, reply) => {
      assertOwner(request, request.params.userId);
      const found = await composedDetail(app.db, request.params.userId, request.params.id);
      if (!found) throw notFound(Messages.notFoundRequest);
      const answers = await mayExportAnswers(app, request, opts, found.sections, request.query.answers);
      return sendExport(reply, composedExportDoc(found, answers), request.query.format);
    },
  );
};

export default basketRoutes;
