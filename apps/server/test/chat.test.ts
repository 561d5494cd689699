/**
 * 在线客服 (docs/chat.md) on a listening server with real WebSocket handshakes: messages persist and
 * reach the agent's socket and back, refused handshakes get no socket, size and rate limits answer
 * in Chinese, messages outside service hours are kept for the agents, and a cancelled account's
 * conversations and old visitor conversations are erased.
 */
import { ApiPaths, LIMITS, Messages, type ChatConversationSummary, type ChatEvent } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../src/db/schema';
import { purgeVisitorConversations } from '../src/features/chat/service';
import { TestClock } from './accounts-helpers';
import { agentTicket, connect, listen, openChat, send } from './chat-helpers';
import { api, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

/** A Beijing wall-clock time as epoch ms. */
const beijing = (iso: string) => new Date(`${iso}+08:00`).getTime();

const clock = new TestClock();
const t = useTestApp({ clock: clock.fn });

const isMessage = (body: string) => (e: ChatEvent) => e.type === 'message' && e.message.body === body;

describe('chat between a visitor and an agent', () => {
  it('stores messages, delivers them over WebSocket both ways, and keeps them across reloads', async () => {
    clock.now = beijing('2026-11-23T10:00'); // Monday morning: open
    const base = await listen(t.app);
    const admin = await createUser(t.database.db, ['admin']);
    const desk = await connect(base, await agentTicket(t.app, admin.token));

    const first = await openChat(t.app, { page: '/mobileH5/textbook' });
    expect(first.visitorToken).toMatch(/^[\w-]{43}$/);
    expect(first.serviceOpen).toBe(true);
    expect(first.messages).toEqual([]);
    const visitor = first.visitorToken!;
    // Only the token's hash is stored.
    const [row] = await t.app.db.select().from(chatConversations).where(eq(chatConversations.id, first.conversationId));
    expect(row!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.visitorHash).not.toBe(visitor);

    const widget = await connect(base, first.ticket);
    const sent = await send(t.app, '  你好，激活码在哪里输入？ ', { visitor });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.message).toMatchObject({
      sender: 'visitor',
      body: '你好，激活码在哪里输入？',
      afterHours: false,
    });

    // The agent's socket gets the message and the queue change, with the visitor's page.
    await desk.next(isMessage('你好，激活码在哪里输入？'));
    const queued = (await desk.next((e) => e.type === 'conversation')) as Extract<ChatEvent, { type: 'conversation' }>;
    expect(queued.conversation).toMatchObject({
      id: first.conversationId,
      status: 'waiting',
      isVisitor: true,
      page: '/mobileH5/textbook',
      unanswered: 1,
    });
    const waiting = await api(t.app, {
      url: ApiPaths.adminChatConversations,
      query: { status: 'waiting' },
      token: admin.token,
    });
    expect(waiting.json().data.map((c: ChatConversationSummary) => c.id)).toContain(first.conversationId);

    const reply = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminChatReply(first.conversationId),
      token: admin.token,
      body: { body: '请打开“激活教材”页面输入 <b>16 位</b>激活码。' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const got = await widget.next(isMessage('请打开“激活教材”页面输入 <b>16 位</b>激活码。'));
    expect(got).toMatchObject({ message: { sender: 'agent', agentName: `客服 ${String(admin.id).padStart(3, '0')}` } });

    // The conversation is the agent's now, and both messages survive a reload.
    const mine = await api(t.app, {
      url: ApiPaths.adminChatConversations,
      query: { status: 'mine' },
      token: admin.token,
    });
    expect(mine.json().data[0]).toMatchObject({
      id: first.conversationId,
      status: 'active',
      agentId: admin.id,
      unanswered: 0,
    });
    const again = await openChat(t.app, { visitor });
    expect(again.visitorToken).toBeUndefined();
    expect(again.conversationId).toBe(first.conversationId);
    expect(again.messages.map((m) => m.sender)).toEqual(['visitor', 'agent']);
    const detail = await api(t.app, { url: ApiPaths.adminChatConversation(first.conversationId), token: admin.token });
    expect(detail.json().data.messages).toHaveLength(2);

    // Closing it; writing again puts it back into the queue.
    await api(t.app, { method: 'POST', url: ApiPaths.adminChatClose(first.conversationId), token: admin.token });
    await send(t.app, '还有一个问题', { visitor });
    const back = await api(t.app, { url: ApiPaths.adminChatConversation(first.conversationId), token: admin.token });
    expect(back.json().data).toMatchObject({ status: 'waiting', agentId: null });
    desk.close();
    widget.close();
  });

  it('shows agents the logged-in user by name, and canned replies can be listed, added and removed', async () => {
    clock.now = beijing('2026-11-23T10:00');
    const admin = await createUser(t.database.db, ['admin']);
    const user = await createUser(t.database.db);
    const chat = await openChat(t.app, { token: user.token, page: '/myBook' });
    expect(chat.visitorToken).toBeUndefined();
    expect((await send(t.app, '我的教材不见了', { token: user.token })).statusCode).toBe(200);
    const detail = await api(t.app, { url: ApiPaths.adminChatConversation(chat.conversationId), token: admin.token });
    expect(detail.json().data).toMatchObject({ isVisitor: false, page: '/myBook', lastMessage: '我的教材不见了' });
    expect(detail.json().data.userName).toMatch(/^u[0-9a-f]{10}$/);

    const canned = await api(t.app, { url: ApiPaths.adminChatCanned, token: admin.token });
    expect(canned.json().data.length).toBeGreaterThanOrEqual(3);
    const added = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminChatCanned,
      token: admin.token,
      body: { text: '稍等，我帮您查询。' },
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().data.id as number;
    expect(
      (await api(t.app, { method: 'DELETE', url: ApiPaths.adminChatCannedItem(id), token: admin.token })).statusCode,
    ).toBe(200);
    expect(
      (await api(t.app, { method: 'DELETE', url: ApiPaths.adminChatCannedItem(id), token: admin.token })).statusCode,
    ).toBe(404);
  });

  it('keeps the desk from people without an agent role', async () => {
    const user = await createUser(t.database.db);
    expect((await api(t.app, { url: ApiPaths.adminChatConversations })).statusCode).toBe(401);
    expect((await api(t.app, { url: ApiPaths.adminChatConversations, token: user.token })).statusCode).toBe(404);
    expect((await api(t.app, { method: 'POST', url: ApiPaths.adminChatTicket, token: user.token })).statusCode).toBe(
      404,
    );
  });
});

describe('WebSocket handshake', () => {
  it('refuses a missing, forged or reused ticket, an ended session and a foreign origin before upgrading', async () => {
    clock.now = beijing('2026-11-23T10:00');
    const base = await listen(t.app);
    const chat = await openChat(t.app);
    await expect(connect(base, '')).rejects.toThrow(/401/);
    await expect(connect(base, 'A'.repeat(43))).rejects.toThrow(/401/);
    await expect(connect(base, chat.ticket, 'https://evil.example')).rejects.toThrow(/403/);
    // The refused foreign-origin attempt did not use the ticket up.
    const ok = await connect(base, chat.ticket);
    ok.close();
    await expect(connect(base, chat.ticket)).rejects.toThrow(/401/);

    // A user's ticket is refused once the session has ended (logout).
    const user = await createUser(t.database.db);
    const mine = await openChat(t.app, { token: user.token });
    expect((await api(t.app, { method: 'POST', url: ApiPaths.logout, token: user.token })).statusCode).toBe(200);
    await expect(connect(base, mine.ticket)).rejects.toThrow(/401/);
  });

  it('refuses a plain HTTP request without the upgrade and an unsigned REST call', async () => {
    const res = await t.app.inject({ method: 'GET', url: ApiPaths.chatSocket });
    expect(res.statusCode).not.toBe(101);
    const unsigned = await t.app.inject({ method: 'POST', url: ApiPaths.chatSession, payload: {} });
    expect(unsigned.statusCode).toBe(400);
  });
});

describe('limits', () => {
  it('answers an empty, an overlong and a too frequent message with Chinese messages', async () => {
    clock.now = beijing('2026-11-23T10:00');
    const { visitorToken } = await openChat(t.app);
    const visitor = visitorToken!;
    const empty = await send(t.app, '   ', { visitor });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain(Messages.chatEmpty);
    const long = await send(t.app, '长'.repeat(LIMITS.chat.messageMax + 1), { visitor });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain(Messages.chatTooLong);
    expect((await send(t.app, '长'.repeat(LIMITS.chat.messageMax), { visitor })).statusCode).toBe(200);
    for (let i = 1; i < LIMITS.chat.sendPerWindow; i++)
      expect((await send(t.app, `第 ${i} 条`, { visitor })).statusCode).toBe(200);
    const flood = await send(t.app, '再来一条', { visitor });
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toMatchObject({ code: 'RATE.LIMITED', msg: Messages.chatTooFrequent });
    // No conversation without a visitor token or login.
    const anonymous = await send(t.app, '你好', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().msg).toBe('会话已失效，请重新打开在线客服');
  });
});

describe('outside service hours', () => {
  it('tells the visitor, keeps the message and shows it to agents in the morning', async () => {
    clock.now = beijing('2026-11-23T23:30'); // Monday night: closed
    const admin = await createUser(t.database.db, ['admin']);
    const chat = await openChat(t.app);
    expect(chat.serviceOpen).toBe(false);
    const sent = await send(t.app, '晚上好，明天请联系我', { visitor: chat.visitorToken! });
    expect(sent.json().data).toMatchObject({ serviceOpen: false, message: { afterHours: true } });

    clock.now = beijing('2026-11-24T09:05'); // Tuesday morning
    const waiting = await api(t.app, {
      url: ApiPaths.adminChatConversations,
      query: { status: 'waiting' },
      token: admin.token,
    });
    const item = (waiting.json().data as ChatConversationSummary[]).find((c) => c.id === chat.conversationId);
    expect(item).toMatchObject({ afterHours: true, unanswered: 1, lastMessage: '晚上好，明天请联系我' });
    expect((await openChat(t.app, { visitor: chat.visitorToken! })).serviceOpen).toBe(true);
  });
});

describe('erasure', () => {
  it("erases a cancelled user's conversations and detaches an agent's messages", async () => {
    clock.now = Date.now();
    const admin = await createUser(t.database.db, ['admin']);
    const user = await createUser(t.database.db);
    const chat = await openChat(t.app, { token: user.token });
    await send(t.app, '请删除我的资料', { token: user.token });
    await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminChatReply(chat.conversationId),
      token: admin.token,
      body: { body: '好的' },
    });
    const finish = await t.app.db.transaction((tx) => t.app.eraseUser(tx, user.id, new Date(clock.now)));
    await finish();
    expect(await t.app.db.select().from(chatConversations).where(eq(chatConversations.userId, user.id))).toEqual([]);
    expect(
      await t.app.db.select().from(chatMessages).where(eq(chatMessages.conversationId, chat.conversationId)),
    ).toEqual([]);
    expect(t.app.erasureNames()).toContain('chat');
  });

  it('purges visitor conversations after the retention period, and empty ones after a day', async () => {
    clock.now = Date.now();
    const user = await createUser(t.database.db);
    const old = await openChat(t.app);
    await send(t.app, '旧消息', { visitor: old.visitorToken! });
    const empty = await openChat(t.app);
    await openChat(t.app, { token: user.token });
    await send(t.app, '用户消息', { token: user.token });

    clock.advance(2 * 86400_000);
    await purgeVisitorConversations(t.app.db, new Date(t.app.clock()));
    const ids = async () =>
      (await t.app.db.select({ id: chatConversations.id }).from(chatConversations)).map((r) => r.id);
    expect(await ids()).toContain(old.conversationId);
    expect(await ids()).not.toContain(empty.conversationId);

    clock.advance(LIMITS.chat.visitorRetentionDays * 86400_000);
    await purgeVisitorConversations(t.app.db, new Date(t.app.clock()));
    expect(await ids()).not.toContain(old.conversationId);
    // Users' conversations are kept until the account is cancelled.
    expect(await t.app.db.select().from(chatConversations).where(eq(chatConversations.userId, user.id))).toHaveLength(
      1,
    );
    // The purged visitor's token opens a new conversation with a new token.
    const fresh = await openChat(t.app, { visitor: old.visitorToken! });
    expect(fresh.visitorToken).toBeDefined();
    expect(fresh.conversationId).not.toBe(old.conversationId);
  });
});
