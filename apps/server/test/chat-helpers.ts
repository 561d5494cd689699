/**
 * Helpers of the chat integration tests: a listening server (port 0) for real WebSocket handshakes
 * with the `ws` client, sockets that collect the events they receive, and the signed calls of a
 * visitor, a user and an agent.
 */
import { ApiPaths, type ChatEvent, type ChatSession } from '@eav/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { api } from './helpers';

/** Listens on an ephemeral port; answers the base URL (`http://127.0.0.1:PORT`). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A connected socket and the events it received so far. */
export interface TestSocket {
  ws: WebSocket;
  events: ChatEvent[];
  /** Resolves with the first event (received or to come) matching `match`. */
  next(match: (e: ChatEvent) => boolean, timeoutMs?: number): Promise<ChatEvent>;
  close(): void;
}

/**
 * Opens `/ws/chat?ticket=` on `base` with the given Origin (default: the server's own); resolves once
 * the `ready` event arrived, rejects with the HTTP status of a refused handshake (`Unexpected server
 * response: 401`).
 */
export function connect(base: string, ticket: string, origin: string = base): Promise<TestSocket> {
  const url = `${base.replace(/^http/, 'ws')}${ApiPaths.chatSocket}?ticket=${encodeURIComponent(ticket)}`;
  const ws = new WebSocket(url, { headers: { origin } });
  const events: ChatEvent[] = [];
  const waiters: { match: (e: ChatEvent) => boolean; resolve: (e: ChatEvent) => void }[] = [];
  ws.on('message', (data: WebSocket.RawData) => {
    const event = JSON.parse(String(data)) as ChatEvent;
    events.push(event);
    for (const w of [...waiters])
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
  });
  const socket: TestSocket = {
    ws,
    events,
    next: (match, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const seen = events.find(match);
        if (seen) return resolve(seen);
        const timer = setTimeout(() => reject(new Error('no matching event')), timeoutMs);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      }),
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`Unexpected server response: ${res.statusCode}`)));
    socket
      .next((e) => e.type === 'ready')
      .then(() => resolve(socket))
      .catch(reject);
  });
}

/** Opens (or resumes) a chat: as a visitor with `visitor` token, a user with `token`, or a new visitor. */
export async function openChat(
  app: FastifyInstance,
  opts: { visitor?: string; token?: string; page?: string } = {},
): Promise<ChatSession> {
  const res = await api(app, {
    method: 'POST',
    url: ApiPaths.chatSession,
    body: { page: opts.page ?? '/mobileH5/home' },
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.visitor ? { headers: { 'x-chat-visitor': opts.visitor } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ChatSession }>().data;
}

/** Sends a message as a visitor or user; answers the raw response. */
export function send(app: FastifyInstance, body: unknown, opts: { visitor?: string; token?: string }) {
  return api(app, {
    method: 'POST',
    url: ApiPaths.chatMessages,
    body: { body },
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.visitor ? { headers: { 'x-chat-visitor': opts.visitor } } : {}),
  });
}

/** An agent's WebSocket ticket. */
export async function agentTicket(app: FastifyInstance, token: string): Promise<string> {
  const res = await api(app, { method: 'POST', url: ApiPaths.adminChatTicket, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { ticket: string } }>().data.ticket;
}
