/**
 * Reading time and points (docs/prize.md, Reading time and Points): the reader's heartbeat and the
 * user's points statement. Both answer only for the logged-in user's own id (another id: 404).
 */
import {
  ApiPaths,
  envelope,
  ErrorCode,
  heartbeatQuery,
  heartbeatResult,
  integralQuery,
  integralResult,
  PrizeMessages,
  prizeUserParams,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unprocessable } from '../../lib/errors';
import { ok } from '../../lib/http';
import { isRunning } from './activities';
import { requireOwnId, routePath, type PrizeOptions } from './routes-common';

const readingRoutes: FastifyPluginAsyncZod<PrizeOptions> = async (app, { service }) => {
  app.get(
    routePath(ApiPaths.prizeHeartbeat, 'userId'),
    {
      onRequest: app.requireAuth,
      // No rate limit of its own: whatever the pace, the server's clock bounds what is credited
      // (a repeated heartbeat credits nothing), and pupils of one school share one address.
      schema: {
        tags: ['prize'],
        summary: '阅读心跳：按服务器时钟累计两次心跳之间（不超过 60 秒）的阅读时长',
        security: [{ bearer: [] }],
        params: prizeUserParams,
        querystring: heartbeatQuery,
        response: { 200: envelope(heartbeatResult) },
      },
    },
    async (request) => {
      requireOwnId(request, request.params.userId);
      const { activityCode, textbookId, sessionId } = request.query;
      const a = await service.activities.require(activityCode);
      if (!isRunning(a, app.clock())) throw unprocessable(PrizeMessages.notRunning, ErrorCode.PRIZE_NOT_RUNNING);
      if (!a.bookSet.has(textbookId))
        throw unprocessable(PrizeMessages.bookNotRecommended, ErrorCode.PRIZE_BOOK_NOT_RECOMMENDED);
      return ok(await service.heartbeat(a, request.auth.user.id, textbookId, sessionId));
    },
  );

  app.get(
    routePath(ApiPaths.prizeIntegral, 'userId'),
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['prize'],
        summary: '我的积分：累计、可用和积分明细（不带 activityCode 时为当前活动）',
        security: [{ bearer: [] }],
        params: prizeUserParams,
        querystring: integralQuery,
        response: { 200: envelope(integralResult) },
      },
    },
    async (request) => {
      requireOwnId(request, request.params.userId);
      const code = request.query.activityCode;
      const a = code ? await service.activities.require(code) : await service.activities.current(app.clock());
      if (!a) throw notFound(PrizeMessages.activityNotFound);
      return ok(await service.integral(a, request.auth.user.id));
    },
  );
};

export default readingRoutes;
