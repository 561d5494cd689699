/**
 * The chat WebSocket `GET /ws/chat?ticket=` (docs/decisions/015-chat-websocket.md). Everything is
 * checked in `onRequest`, before the connection is upgraded, so a refused handshake gets a plain
 * HTTP answer (403 for a foreign origin, 401 for a missing, used or expired ticket or a session that
 * ended since) and no socket: the Origin must be the portal's own, and the single-use ticket must
 * name a conversation that still exists (people) or a live session of an agent. The socket only
 * carries events from the server; people and agents send through the signed REST calls.
 */
import { ApiPaths, Messages } from '@eav/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Counter } from 'prom-client';
import type { WebSocket } from '@fastify/websocket';
import { AppError, unauthorized } from '../../lib/errors';
import { AGENT_ROLES, liveSessionUser, type ChatContext } from './common';
import { conversationExists } from './service';
import { redeemTicket } from './tickets';

/** Largest frame a client may send (clients send none; pings are control frames). */
export const SOCKET_MAX_PAYLOAD = 1024;
/** Interval of the server's pings; a socket that missed one pong is dropped. */
const PING_MS = 30_000;

/** ws's error code of a frame over `maxPayload` (ws/lib/receiver.js); ws closes the socket with 1009. */
const FRAME_TOO_LARGE = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

/**
 * The error handler of the chat sockets (@fastify/websocket's `errorHandler`). A frame over
 * SOCKET_MAX_PAYLOAD is the client's fault: it is logged as a warning and counted in `refused`
 * (reason `too_large`), and the socket is left to ws, which has sent the close frame with 1009
 * (message too big) and ends the connection after the closing handshake. Anything else is logged
 * as an error and the socket terminated, as the plugin's default handler does.
 */
export function socketErrorHandler(refused: Counter<'reason'>) {
  return (error: Error & { code?: unknown }, socket: WebSocket, request: FastifyRequest): void => {
    if (error.code === FRAME_TOO_LARGE) {
      refused.inc({ reason: 'too_large' });
      request.log.warn({ code: error.code, limit: SOCKET_MAX_PAYLOAD }, 'chat socket: frame over the size limit');
      return;
    }
    request.log.error({ err: error }, 'chat socket error');
    socket.terminate();
  };
}

type Accepted = { kind: 'person'; conversationId: number; userId: number | null } | { kind: 'agent'; userId: number };
const accepted = new WeakMap<FastifyRequest, Accepted>();

/**
 * Whether the handshake's Origin is the portal's own: PUBLIC_ORIGIN when configured, otherwise the
 * origin of the Host the request was sent to (same scheme-less host and port).
 */
export function sameOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (publicOrigin) return url.origin === new URL(publicOrigin).origin;
  return url.host === request.headers.host;
}

export default async function socketRoutes(app: FastifyInstance, { ctx }: { ctx: ChatContext }) {
  app.get(
    ApiPaths.chatSocket,
    {
      websocket: true,
      schema: { hide: true },
      onRequest: async (request) => {
        if (!sameOrigin(request, ctx.config.publicOrigin)) throw new AppError(403, 403, '连接来源不被允许');
        const ticket = (request.query as { ticket?: unknown }).ticket;
        const grant = typeof ticket === 'string' ? await redeemTicket(app.kv, ticket) : null;
        if (!grant) throw unauthorized('连接凭证无效或已过期，请刷新页面后重试');
        if (grant.kind === 'agent') {
          const user = await liveSessionUser(app, grant.sessionHash);
          if (!user || user.id !== grant.userId || !AGENT_ROLES.some((r) => user.roles.includes(r)))
            throw unauthorized(Messages.tokenInvalid);
          accepted.set(request, { kind: 'agent', userId: user.id });
          return;
        }
        let userId: number | null = null;
        if (grant.sessionHash) {
          const user = await liveSessionUser(app, grant.sessionHash);
          if (!user) throw unauthorized(Messages.tokenInvalid);
          userId = user.id;
        }
        if (!(await conversationExists(app.db, grant.conversationId)))
          throw unauthorized('会话已失效，请重新打开在线客服');
        accepted.set(request, { kind: 'person', conversationId: grant.conversationId, userId });
      },
    },
    (socket, request) => {
      const who = accepted.get(request);
      if (!who) {
        socket.close(1008, 'not authorised');
        return;
      }
      if (who.kind === 'agent') ctx.hub.addAgent(socket, who.userId);
      else ctx.hub.addPerson(socket, who.conversationId, who.userId);
      let alive = true;
      socket.on('pong', () => void (alive = true));
      const timer = setInterval(() => {
        if (!alive) return void socket.terminate();
        alive = false;
        socket.ping();
      }, PING_MS);
      timer.unref();
      socket.on('close', () => clearInterval(timer));
      // Clients send nothing; a text frame is ignored.
      socket.on('message', () => undefined);
      socket.send(JSON.stringify({ type: 'ready', serviceOpen: ctx.serviceOpen() }));
    },
  );
}
