/**
 * 在线客服 (docs/chat.md): one Fastify plugin of the people's chat (`routes-person.ts`), the agents'
 * desk (`routes-agent.ts`) and the WebSocket (`routes-socket.ts`, @fastify/websocket), with the hub
 * of open sockets and the Redis bus between instances (`hub.ts`), the eraser of users' conversations
 * and the periodic purge of old visitor conversations.
 */
import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Counter } from 'prom-client';
import { SESSION_TOPIC } from '../../plugins/auth';
import { serviceOpenAt, type ChatContext, type ChatOptions } from './common';
import { ChatHub } from './hub';
import agentRoutes from './routes-agent';
import personRoutes from './routes-person';
import socketRoutes, { SOCKET_MAX_PAYLOAD, socketErrorHandler } from './routes-socket';
import { eraseChatData, purgeVisitorConversations } from './service';

export type { ChatOptions } from './common';

/** How often old visitor conversations are purged, ms (once per period across instances). */
export const PURGE_EVERY_MS = 3600_000;

const chatFeature: FastifyPluginAsyncZod<ChatOptions> = async (app, opts) => {
  const hub = new ChatHub(app.redis, `${opts.kvPrefix}chat`);
  await hub.start();
  app.addHook('preClose', async () => {
    await hub.stop();
  });
  const ctx: ChatContext = { hub, config: opts.config, serviceOpen: () => serviceOpenAt(opts.config, app.clock()) };

  app.registerErasure('chat', async (tx, userId) => {
    await eraseChatData(tx, userId);
  });
  // A session that ended or changed (logout, disabling, roles, cancellation) closes the user's
  // sockets here and in the other instances; the client reconnects through a new, checked ticket.
  app.invalidation.on(SESSION_TOPIC, (data) => {
    const id = Number(data);
    if (Number.isInteger(id)) hub.closeUser(id);
  });

  // Visitor conversations past their retention, at the business time, as a periodic task of the job
  // queue (lib/job-queue.ts); a failure is logged by the queue and the next period tries again.
  app.jobQueue.every('chat.purge', PURGE_EVERY_MS, async () => {
    await purgeVisitorConversations(app.db, new Date(app.clock()));
  });

  await app.register(personRoutes, { ctx });
  await app.register(agentRoutes, { ctx });
  // @fastify/websocket adds an onRequest and an onResponse hook to every route of the context it is
  // registered in: its own context keeps them on the socket route instead of every request.
  await app.register(async (sockets) => {
    const refused = new Counter({
      name: 'eav_ws_frames_refused_total',
      help: 'WebSocket frames refused by /ws/chat, by reason (too_large: over the frame limit, closed with 1009)',
      labelNames: ['reason'] as const,
      registers: [app.metrics.registry],
    });
    await sockets.register(websocket, {
      options: { maxPayload: SOCKET_MAX_PAYLOAD },
      errorHandler: socketErrorHandler(refused),
    });
    await sockets.register(socketRoutes, { ctx });
  });
};

export default chatFeature;
