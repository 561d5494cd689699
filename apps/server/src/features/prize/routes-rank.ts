/**
 * The ranking (docs/prize.md, Ranking): the top RANK_TOP with masked names and the caller's own row.
 * Public; `userId`, when given, must be the logged-in user's id (another id: 404).
 */
import { ApiPaths, envelope, Messages, rankQuery, rankResult } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/http';
import { optionalUser, type PrizeOptions } from './routes-common';

const rankRoutes: FastifyPluginAsyncZod<PrizeOptions> = async (app, { service }) => {
  app.get(
    ApiPaths.prizeRank,
    {
      schema: {
        tags: ['prize'],
        summary: '排行榜：前 50 名（姓名脱敏）和我的名次；同分时先达到者在前',
        querystring: rankQuery,
        response: { 200: envelope(rankResult) },
      },
    },
    async (request) => {
      const { activityCode, userId } = request.query;
      const user = await optionalUser(request);
      if (userId !== undefined && userId !== user?.id) throw notFound(Messages.notFoundRequest);
      const a = await service.activities.require(activityCode);
      return ok(await service.rank(a, user?.id ?? null));
    },
  );
};

export default rankRoutes;
