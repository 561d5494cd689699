/**
 * The chat of visitors and logged-in users (docs/chat.md): `POST chatSession` opens or resumes the
 * caller's conversation and hands out a WebSocket ticket (and a new visitor token to a browser
 * without one); `POST chatMessages` stores a message and sends it to the agents. Both are signed
 * REST calls; the caller is checked before the body is read.
 */
import {
  ApiPaths,
  chatSendBody,
  chatSendResult,
  chatSession,
  chatSessionBody,
  envelope,
  LIMITS,
  type ChatSession,
} from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { ok } from '../../lib/http';
import { newToken, sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { assertSendRate, callerOwner, type ChatContext } from './common';
import {
  addMessage,
  conversationSummary,
  findConversation,
  openConversation,
  recentMessages,
  type ChatOwner,
} from './service';
import { issueTicket } from './tickets';

const tags = ['chat'];
/** Small bodies only: a message is at most LIMITS.chat.messageMax characters. */
const BODY_LIMIT = 8 * 1024;

const owners = new WeakMap<FastifyRequest, ChatOwner | null>();

const personRoutes: FastifyPluginAsyncZod<{ ctx: ChatContext }> = async (app, { ctx }) => {
  const now = () => new Date(app.clock());

  /** Resolves the caller before the body is read (a bad bearer token answers 401 here). */
  const identify = async (request: FastifyRequest) => {
    owners.set(request, await callerOwner(request));
  };

  app.post(
    ApiPaths.chatSession,
    {
      onRequest: identify,
      bodyLimit: BODY_LIMIT,
      // New visitor conversations per address (a browser keeps its token, so one call per visit).
      config: { rateLimit: { max: 60, timeWindow: 3600_000 } },
      schema: {
        tags,
        summary: '打开在线客服会话',
        body: chatSessionBody,
        response: { 200: envelope(chatSession) },
      },
    },
    async (request) => {
      let owner = owners.get(request) ?? null;
      let issued: string | undefined;
      // A visitor token the server does not know (never issued, or purged) is replaced by a new one:
      // every stored token is one the server generated.
      if (owner?.kind === 'visitor' && !(await findConversation(app.db, owner))) owner = null;
      if (!owner) {
        issued = newToken();
        owner = { kind: 'visitor', visitorHash: sha256Hex(issued) };
      }
      const conversation = await openConversation(app.db, owner, request.body.page, now());
      const token = bearerToken(request);
      const ticket = await issueTicket(app.kv, {
        kind: 'person',
        conversationId: conversation.id,
        ...(owner.kind === 'user' ? { sessionHash: sha256Hex(token) } : {}),
      });
      const answer: ChatSession = {
        conversationId: conversation.id,
        status: conversation.status as ChatSession['status'],
        serviceOpen: ctx.serviceOpen(),
        messages: await recentMessages(app.db, conversation.id),
        ticket,
        ...(issued ? { visitorToken: issued } : {}),
      };
      return ok(answer);
    },
  );

  app.post(
    ApiPaths.chatMessages,
    {
      onRequest: identify,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: '发送客服消息',
        body: chatSendBody,
        response: { 200: envelope(chatSendResult) },
      },
    },
    async (request) => {
      const owner = owners.get(request);
      const conversation = owner ? await findConversation(app.db, owner) : null;
      if (!owner || !conversation) throw unauthorized('会话已失效，请重新打开在线客服');
      await assertSendRate(app, `c${conversation.id}`, LIMITS.chat.sendPerWindow);
      const open = ctx.serviceOpen();
      const message = await addMessage(app.db, {
        conversationId: conversation.id,
        sender: owner.kind,
        body: request.body.body,
        afterHours: !open,
        now: now(),
      });
      await ctx.hub.publish(conversation.id, { type: 'message', message });
      await ctx.hub.publish(conversation.id, {
        type: 'conversation',
        conversation: await conversationSummary(app.db, conversation.id),
      });
      return ok({ message, serviceOpen: open });
    },
  );
};

export default personRoutes;
