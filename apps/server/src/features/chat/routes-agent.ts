/**
 * The agents' desk (docs/chat.md), roles `admin` and `support` under `/api/v1/admin/chat/…`: the
 * queue and lists with the person's context, one conversation's messages, taking, answering and
 * closing conversations, canned replies, and the desk's WebSocket ticket. Every change is sent to
 * the other agents (and an answer to the person) through the hub.
 */
import {
  ApiPaths,
  cannedReply,
  cannedReplyBody,
  chatConversationDetail,
  chatConversationSummary,
  chatListQuery,
  chatSendBody,
  chatSendResult,
  chatTicket,
  envelope,
  idParam,
  LIMITS,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { AGENT_ROLES, assertSendRate, type ChatContext } from './common';
import {
  addCanned,
  addMessage,
  claimConversation,
  closeConversation,
  conversationMessages,
  conversationSummary,
  deleteCanned,
  listCanned,
  listConversations,
} from './service';
import { issueTicket } from './tickets';

const tags = ['chat'];
const security = [{ bearer: [] }];
const config = { roles: AGENT_ROLES };
const idParams = z.object({ id: idParam });
const BODY_LIMIT = 8 * 1024;

/** `ApiPaths.adminChatClaim(':id')` and the like: the route pattern of a path builder. */
const pattern = (build: (id: string) => string) => build(':id');

const agentRoutes: FastifyPluginAsyncZod<{ ctx: ChatContext }> = async (app, { ctx }) => {
  const now = () => new Date(app.clock());
  const announce = async (id: number) =>
    ctx.hub.publish(id, { type: 'conversation', conversation: await conversationSummary(app.db, id) });

  app.get(
    ApiPaths.adminChatConversations,
    {
      config,
      schema: {
        tags,
        security,
        summary: '客服会话列表',
        querystring: chatListQuery,
        response: { 200: envelope(z.array(chatConversationSummary)) },
      },
    },
    async (request) => ok(await listConversations(app.db, request.query.status, request.auth.user.id)),
  );

  app.get(
    pattern(ApiPaths.adminChatConversation),
    {
      config,
      schema: {
        tags,
        security,
        summary: '客服会话详情',
        params: idParams,
        response: { 200: envelope(chatConversationDetail) },
      },
    },
    async (request) => {
      const summary = await conversationSummary(app.db, request.params.id);
      return ok({ ...summary, messages: await conversationMessages(app.db, summary.id) });
    },
  );

  app.post(
    pattern(ApiPaths.adminChatClaim),
    {
      config,
      schema: {
        tags,
        security,
        summary: '接入会话',
        params: idParams,
        response: { 200: envelope(chatConversationSummary) },
      },
    },
    async (request) => {
      await claimConversation(app.db, request.params.id, request.auth.user.id);
      await announce(request.params.id);
      return ok(await conversationSummary(app.db, request.params.id));
    },
  );

  app.post(
    pattern(ApiPaths.adminChatReply),
    {
      config,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: '回复会话',
        params: idParams,
        body: chatSendBody,
        response: { 200: envelope(chatSendResult) },
      },
    },
    async (request) => {
      const id = request.params.id;
      await conversationSummary(app.db, id); // 404 for an unknown conversation
      await assertSendRate(app, `a${request.auth.user.id}`, LIMITS.chat.agentSendPerWindow);
      const message = await addMessage(app.db, {
        conversationId: id,
        sender: 'agent',
        agentId: request.auth.user.id,
        body: request.body.body,
        afterHours: false,
        now: now(),
      });
      await ctx.hub.publish(id, { type: 'message', message });
      await announce(id);
      return ok({ message, serviceOpen: ctx.serviceOpen() });
    },
  );

  app.post(
    pattern(ApiPaths.adminChatClose),
    {
      config,
      schema: {
        tags,
        security,
        summary: '结束会话',
        params: idParams,
        response: { 200: envelope(chatConversationSummary) },
      },
    },
    async (request) => {
      await closeConversation(app.db, request.params.id);
      await announce(request.params.id);
      return ok(await conversationSummary(app.db, request.params.id));
    },
  );

  app.post(
    ApiPaths.adminChatTicket,
    {
      config,
      schema: { tags, security, summary: '客服工作台连接凭证', response: { 200: envelope(chatTicket) } },
    },
    async (request) =>
      ok({
        ticket: await issueTicket(app.kv, {
          kind: 'agent',
          userId: request.auth.user.id,
          sessionHash: sha256Hex(bearerToken(request)),
        }),
      }),
  );

  app.get(
    ApiPaths.adminChatCanned,
    { config, schema: { tags, security, summary: '快捷回复', response: { 200: envelope(z.array(cannedReply)) } } },
    async () => ok(await listCanned(app.db)),
  );

  app.post(
    ApiPaths.adminChatCanned,
    {
      config,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: '新增快捷回复',
        body: cannedReplyBody,
        response: { 200: envelope(cannedReply) },
      },
    },
    async (request) => ok(await addCanned(app.db, request.body.text, request.auth.user.id)),
  );

  app.delete(
    pattern(ApiPaths.adminChatCannedItem),
    {
      config,
      schema: { tags, security, summary: '删除快捷回复', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteCanned(app.db, request.params.id);
      return ok(null);
    },
  );
};

export default agentRoutes;
