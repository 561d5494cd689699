/**
 * The student's own lists under `/api/v1/users/{userId}/…` (docs/teaching.md): 我的作业 across their
 * classes and the wrong-question book (错题本) with retry. Owner only (another user's answers 404).
 */
import {
  ApiPaths,
  assignmentSummary,
  envelope,
  idParam,
  myAssignmentsQuery,
  paged,
  wrongQuestionItem,
  wrongQuestionListQuery,
  wrongRetryBody,
  wrongRetryResult,
  wrongUpdateBody,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../lib/http';
import { myAssignments } from './assignments';
import { assertSelf, routePath, type TeachingOptions } from './routes-common';
import { deleteWrong, listWrong, markWrong, retryWrong } from './wrong-book';

const userParams = z.object({ userId: idParam });
const entryParams = z.object({ userId: idParam, id: idParam });
const tags = ['teaching'];
const security = [{ bearer: [] }];

const mineRoutes: FastifyPluginAsyncZod<TeachingOptions> = async (app) => {
  const auth = { onRequest: app.requireAuth };
  const now = () => new Date(app.clock());

  app.get(
    routePath(ApiPaths.userTeachingAssignments, 'userId'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '我的作业',
        params: userParams,
        querystring: myAssignmentsQuery,
        response: { 200: envelope(paged(assignmentSummary)) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const q = request.query;
      const r = await myAssignments(app.db, request.params.userId, q, now());
      return ok(page(r.items, r.total, q.page, q.pageSize));
    },
  );

  app.get(
    routePath(ApiPaths.userWrongQuestions, 'userId'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '错题本',
        params: userParams,
        querystring: wrongQuestionListQuery,
        response: { 200: envelope(paged(wrongQuestionItem)) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      const q = request.query;
      const r = await listWrong(app.db, request.params.userId, q, now());
      return ok(page(r.items, r.total, q.page, q.pageSize));
    },
  );

  app.post(
    routePath(ApiPaths.userWrongQuestionRetry, 'userId', 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '错题重做',
        params: entryParams,
        body: wrongRetryBody,
        response: { 200: envelope(wrongRetryResult) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return ok(await retryWrong(app.db, request.params.userId, request.params.id, request.body.response, now()));
    },
  );

  app.patch(
    routePath(ApiPaths.userWrongQuestion, 'userId', 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '标记错题已掌握',
        params: entryParams,
        body: wrongUpdateBody,
        response: { 200: envelope(wrongQuestionItem) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return ok(await markWrong(app.db, request.params.userId, request.params.id, request.body.mastered, now()));
    },
  );

  app.delete(
    routePath(ApiPaths.userWrongQuestion, 'userId', 'id'),
    {
      ...auth,
      schema: { tags, security, summary: '删除错题', params: entryParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      await deleteWrong(app.db, request.params.userId, request.params.id);
      return ok(null);
    },
  );
};

export default mineRoutes;
