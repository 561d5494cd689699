/**
 * 在线客服 across two instances (docs/chat.md): with Redis, a visitor's message sent through one
 * instance reaches an agent whose WebSocket is open on the other, and the answer comes back.
 * Skipped without TEST_REDIS_URL (both instances share this file's database).
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths, type ChatEvent } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { agentTicket, connect, listen, openChat, send } from './chat-helpers';
import { api, testConfig, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

const isMessage = (body: string) => (e: ChatEvent) => e.type === 'message' && e.message.body === body;

describe.skipIf(!process.env.TEST_REDIS_URL)('chat across two instances through Redis', () => {
  // One key prefix for both instances: they are one deployment (tickets and the bus channel are shared).
  const t = useTestApp({
    config: testConfig({ chatServiceHours: 'open' }),
    kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:`,
  });

  it('delivers a message sent on one instance to an agent connected to the other, and back', async () => {
    const a = t.app;
    const b = await t.build();
    const baseA = await listen(a);
    const baseB = await listen(b);
    const admin = await createUser(t.database.db, ['admin']);
    // The agent's ticket is issued by A and redeemed by B: tickets are shared.
    const desk = await connect(baseB, await agentTicket(a, admin.token));
    const chat = await openChat(a);
    const widget = await connect(baseA, chat.ticket);

    expect((await send(a, '通过实例 A 发送', { visitor: chat.visitorToken! })).statusCode).toBe(200);
    await desk.next(isMessage('通过实例 A 发送'));

    const reply = await api(b, {
      method: 'POST',
      url: ApiPaths.adminChatReply(chat.conversationId),
      token: admin.token,
      body: { body: '实例 B 的客服回复' },
    });
    expect(reply.statusCode).toBe(200);
    await widget.next(isMessage('实例 B 的客服回复'));
    desk.close();
    widget.close();
  });
});
