/**
 * Prize groups and draws (docs/prize.md, Draws): the published groups with what is left, a draw
 * (points spent, stock taken, audited: draw.ts) and the prizes the user won.
 */
import {
  ApiPaths,
  drawBody,
  drawResult,
  envelope,
  ErrorCode,
  myPrizes,
  myPrizesQuery,
  PrizeMessages,
  prizeGroupQuery,
  prizeGroupsResult,
} from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unprocessable } from '../../lib/errors';
import { ok } from '../../lib/http';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { groupsOf, isRunning } from './activities';
import { prizesOf } from './draw';
import { totalsOf } from './points';
import { optionalUser, type PrizeOptions } from './routes-common';

const drawRoutes: FastifyPluginAsyncZod<PrizeOptions> = async (app, { service }) => {
  app.get(
    ApiPaths.prizeGroups,
    {
      schema: {
        tags: ['prize'],
        summary: '奖项：公布的数量、剩余数量、权重和每次抽奖消耗的积分',
        querystring: prizeGroupQuery,
        response: { 200: envelope(prizeGroupsResult) },
      },
    },
    async (request) => {
      const a = await service.activities.require(request.query.activityCode);
      const user = await optionalUser(request);
      const [groups, totals] = await Promise.all([
        groupsOf(app.db, a.id),
        user ? totalsOf(app.db, a.id, user.id) : Promise.resolve(null),
      ]);
      return ok({
        activityCode: a.code,
        drawCost: a.drawCost,
        perUserPrizeLimit: a.perUserPrizeLimit,
        totalWeight: groups.reduce((s, g) => s + g.weight, 0),
        groups,
        myDrawsLeft: totals ? Math.max(0, a.perUserPrizeLimit - totals.draws) : null,
      });
    },
  );

  app.post(
    ApiPaths.prizeDraw,
    {
      onRequest: app.requireAuth,
      // Flood guard per session (runs before auth, so keyed by the token).
      config: {
        rateLimit: {
          max: 60,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => `draw:${bearerToken(req) ? sha256Hex(bearerToken(req)) : req.ip}`,
        },
      },
      schema: {
        tags: ['prize'],
        summary: '抽奖：消耗积分，按公布的权重抽取；所抽奖项已抽完时发放兜底奖项',
        security: [{ bearer: [] }],
        body: drawBody,
        response: { 200: envelope(drawResult) },
      },
    },
    async (request) => {
      const { activityCode, requestId } = request.body;
      const a = await service.activities.require(activityCode);
      const now = app.clock();
      if (!isRunning(a, now)) throw unprocessable(PrizeMessages.notRunning, ErrorCode.PRIZE_NOT_RUNNING);
      const outcome = await service.draw(a, request.auth.user.id, now, requestId);
      if (!outcome.repeated)
        request.log.info(
          { userId: request.auth.user.id, activity: a.code, drawId: outcome.result.prize.drawId },
          'prize drawn',
        );
      return ok(outcome.result);
    },
  );

  app.get(
    ApiPaths.prizeMine,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['prize'],
        summary: '我的奖品（最新在前）',
        security: [{ bearer: [] }],
        querystring: myPrizesQuery,
        response: { 200: envelope(myPrizes) },
      },
    },
    async (request) => {
      const a = await service.activities.require(request.query.activityCode);
      return ok(await prizesOf(app.db, a.id, request.auth.user.id));
    },
  );
};

export default drawRoutes;
