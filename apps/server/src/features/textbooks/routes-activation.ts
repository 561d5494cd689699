/**
 * Activation routes (docs/api.md, Activation): redeeming a code, and the user's own textbooks.
 */
import {
  activationBody,
  activationResult,
  ApiPaths,
  envelope,
  ErrorCode,
  idParam,
  myTextbook,
  paged,
  paginationQuery,
  TextbookMessages,
  textbookListItem,
} from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { redeemCode } from './activation';
import { cardsByIds } from './catalogue';
import { ownedTextbooks, progressOut } from './content';
import { routePath, type TextbooksOptions } from './routes-common';

const activationRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app) => {
  app.post(
    ApiPaths.textbookActivation,
    {
      preHandler: app.requireAuth,
      // Request flood guard per session (runs before auth, so keyed by the token); wrong codes are
      // limited separately per user (10 an hour, activation_failures).
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => `act:${bearerToken(req) ? sha256Hex(bearerToken(req)) : req.ip}`,
        },
      },
      schema: {
        tags: ['textbooks'],
        summary: '使用激活码激活教材（带 textbookId 时，其他教材的激活码答 409 并附该教材，不核销）',
        body: activationBody,
        response: {
          200: envelope(activationResult),
          409: z.object({ code: z.literal(ErrorCode.CODE_OTHER_BOOK), msg: z.string(), data: textbookListItem }),
        },
      },
    },
    async (request) => {
      const user = request.auth.user;
      const { code, textbookId } = request.body;
      const result = await redeemCode(app.db, user.id, code, app.clock(), { expectedTextbookId: textbookId });
      const card = (await cardsByIds(app.db, [result.textbookId])).get(result.textbookId);
      if (!card) throw notFound(TextbookMessages.notFound);
      if (result.status === 'otherBook') {
        // Nothing redeemed: the dialog names the book and asks before a second call for it.
        throw new AppError(409, ErrorCode.CODE_OTHER_BOOK, `${TextbookMessages.codeOtherBook}《${card.title}》`, card);
      }
      request.log.info(
        {
          userId: user.id,
          textbookId: result.textbookId,
          alreadyOwned: result.alreadyOwned,
          alreadyRedeemed: result.alreadyRedeemed,
        },
        'textbook activated',
      );
      const answer = ok({
        textbook: card,
        activatedAt: result.activatedAt.toISOString(),
        alreadyOwned: result.alreadyOwned,
        alreadyRedeemed: result.alreadyRedeemed,
      });
      // A repeat of this user's code, or a book already owned: say so, never a bare success.
      if (result.alreadyRedeemed) return { ...answer, msg: TextbookMessages.codeAlreadyRedeemed };
      return result.alreadyOwned ? { ...answer, msg: TextbookMessages.alreadyActivated } : answer;
    },
  );

  app.get(
    routePath(ApiPaths.userTextbooks, 'userId'),
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['textbooks'],
        summary: '我的教材（已激活的教材、激活时间、阅读进度）',
        params: z.object({ userId: idParam }),
        querystring: paginationQuery,
        response: { 200: envelope(paged(myTextbook)) },
      },
    },
    async (request) => {
      // Another user's list is hidden (docs/api.md: 404, not 403).
      if (request.params.userId !== request.auth.user.id) throw notFound();
      const { page: pageNo, pageSize } = request.query;
      const { rows, total } = await ownedTextbooks(app.db, request.auth.user.id, pageNo, pageSize);
      const cards = await cardsByIds(
        app.db,
        rows.map((r) => r.textbookId),
      );
      const items = rows
        .filter((r) => cards.has(r.textbookId))
        .map((r) => ({
          textbook: cards.get(r.textbookId)!,
          source: r.source,
          activatedAt: r.activatedAt.toISOString(),
          progress:
            r.page !== null && r.progressAt
              ? progressOut({ page: r.page, updatedAt: r.progressAt }, cards.get(r.textbookId)!.pageCount)
              : null,
        }));
      return ok(page(items, total, pageNo, pageSize));
    },
  );
};

export default activationRoutes;
