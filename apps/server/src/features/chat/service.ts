/**
 * The chat's database work (docs/chat.md): opening or resuming a person's conversation, storing
 * messages, the agents' queue and lists with the person's context, claiming and closing, and canned
 * replies. Every function takes the database and the business time; none knows of sockets.
 */
import { LIMITS, type ChatConversationSummary, type ChatMessage, type ChatSender } from '@eav/contract';
import { and, asc, count, desc, eq, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { chatCannedReplies, chatConversations, chatMessages, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

/** Who is writing in a conversation: a visitor (by token hash) or a logged-in user. */
export type ChatOwner = { kind: 'visitor'; visitorHash: string } | { kind: 'user'; userId: number };

type MessageRow = typeof chatMessages.$inferSelect;

/** Agents are shown as 客服 + their id, never by their account name. */
export function agentDisplayName(agentId: number | null): string | null {
  return agentId == null ? null : `客服 ${String(agentId).padStart(3, '0')}`;
}

/** Visitors are shown as 访客 + the conversation number. */
function visitorDisplayName(conversationId: number): string {
  return `访客 ${String(conversationId).padStart(4, '0')}`;
}

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender as ChatSender,
    agentName: row.sender === 'agent' ? agentDisplayName(row.agentId) : null,
    body: row.body,
    afterHours: row.afterHours,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The latest `LIMITS.chat.historyMax` messages of a conversation, oldest first. */
export async function recentMessages(db: Db, conversationId: number): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(LIMITS.chat.historyMax);
  return rows.reverse().map(toMessage);
}

/**
 * The owner's conversation, created when they have none (a closed one is reopened into the queue
 * when they write again, see `addMessage`). `page` updates the context agents see.
 */
export async function openConversation(
  db: Db,
  owner: ChatOwner,
  page: string | undefined,
  now: Date,
): Promise<typeof chatConversations.$inferSelect> {
  const where =
    owner.kind === 'user'
      ? eq(chatConversations.userId, owner.userId)
      : eq(chatConversations.visitorHash, owner.visitorHash);
  const [found] = await db.select().from(chatConversations).where(where).orderBy(desc(chatConversations.id)).limit(1);
  if (found) {
    if (page && page !== found.page) {
      await db.update(chatConversations).set({ page }).where(eq(chatConversations.id, found.id));
      found.page = page;
    }
    return found;
  }
  const [created] = await db
    .insert(chatConversations)
    .values({
      userId: owner.kind === 'user' ? owner.userId : null,
      visitorHash: owner.kind === 'visitor' ? owner.visitorHash : null,
      page: page ?? null,
      createdAt: now,
      lastMessageAt: now,
    })
    // Two tabs of one visitor opening at once: the second finds the first's row.
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [again] = await db.select().from(chatConversations).where(where).limit(1);
  if (!again) throw conflict('会话创建失败，请重试');
  return again;
}

/** The conversation of `owner`, or null when they never opened one. */
export async function findConversation(db: Db, owner: ChatOwner) {
  const where =
    owner.kind === 'user'
      ? eq(chatConversations.userId, owner.userId)
      : eq(chatConversations.visitorHash, owner.visitorHash);
  const [row] = await db.select().from(chatConversations).where(where).orderBy(desc(chatConversations.id)).limit(1);
  return row ?? null;
}

/**
 * Stores a message and moves the conversation: a person's message puts a closed conversation back
 * into the queue; an agent's message makes a waiting conversation the agent's. In one transaction.
 */
export async function addMessage(
  db: Db,
  input: { conversationId: number; sender: ChatSender; agentId?: number; body: string; afterHours: boolean; now: Date },
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        conversationId: input.conversationId,
        sender: input.sender,
        agentId: input.agentId ?? null,
        body: input.body,
        afterHours: input.afterHours,
        createdAt: input.now,
      })
      .returning();
    const set: Partial<typeof chatConversations.$inferInsert> = { lastMessageAt: input.now };
    if (input.sender === 'agent') {
      await tx
        .update(chatConversations)
        .set({ ...set, status: 'active', agentId: sql`coalesce(${chatConversations.agentId}, ${input.agentId})` })
        .where(eq(chatConversations.id, input.conversationId));
    } else {
      await tx
        .update(chatConversations)
        .set({
          ...set,
          status: sql`case when ${chatConversations.status} = 'closed' then 'waiting' else ${chatConversations.status} end`,
          agentId: sql`case when ${chatConversations.status} = 'closed' then null else ${chatConversations.agentId} end`,
        })
        .where(eq(chatConversations.id, input.conversationId));
    }
    return toMessage(row!);
  });
}

/** Summaries of conversations matching `where`, the most recent first, with the person's context. */
async function summaries(db: Db, where: SQL | undefined, limit = 200): Promise<ChatConversationSummary[]> {
  const rows = await db
    .select({
      c: chatConversations,
      userName: users.userName,
    })
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.userId))
    .where(where)
    .orderBy(desc(chatConversations.lastMessageAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.c.id);
  // The last message of each, and the person's messages after the last agent message.
  const last = await db.execute<{ conversation_id: number; body: string }>(sql`
    select distinct on (conversation_id) conversation_id, body from ${chatMessages}
    where conversation_id in ${sql.raw(`(${ids.map(Number).join(',')})`)}
    order by conversation_id, id desc`);
  const pending = await db.execute<{ conversation_id: number; n: number; after_hours: boolean }>(sql`
    select m.conversation_id, count(*)::int as n, bool_or(m.after_hours) as after_hours from ${chatMessages} m
    where m.conversation_id in ${sql.raw(`(${ids.map(Number).join(',')})`)}
      and m.sender in ('visitor', 'user')
      and m.id > coalesce((select max(a.id) from ${chatMessages} a
                           where a.conversation_id = m.conversation_id and a.sender = 'agent'), 0)
    group by m.conversation_id`);
  type Last = { conversation_id: number; body: string };
  type Pending = { conversation_id: number; n: number; after_hours: boolean };
  const lastBy = new Map(rowsOf<Last>(last).map((r) => [Number(r.conversation_id), r.body]));
  const pendingBy = new Map(rowsOf<Pending>(pending).map((r) => [Number(r.conversation_id), r]));
  return rows.map(({ c, userName }) => {
    const p = pendingBy.get(c.id);
    return {
      id: c.id,
      status: c.status as ChatConversationSummary['status'],
      userName: c.userId != null ? (userName ?? null) : null,
      displayName: c.userId != null ? (userName ?? '用户') : visitorDisplayName(c.id),
      isVisitor: c.userId == null,
      page: c.page,
      agentId: c.agentId,
      agentName: agentDisplayName(c.agentId),
      lastMessage: lastBy.get(c.id) ?? null,
      lastMessageAt: c.lastMessageAt.toISOString(),
      unanswered: p ? Number(p.n) : 0,
      afterHours: p ? Boolean(p.after_hours) : false,
      createdAt: c.createdAt.toISOString(),
    };
  });
}

/** Rows of a `db.execute` answer (postgres.js answers an array, PGlite `{rows}`). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** One conversation's summary; 404 when it does not exist. */
export async function conversationSummary(db: Db, id: number): Promise<ChatConversationSummary> {
  const [s] = await summaries(db, eq(chatConversations.id, id), 1);
  if (!s) throw notFound('会话不存在');
  return s;
}

/**
 * The agents' lists: `waiting` (the queue, with a message in it), `mine` (active ones of `agentId`),
 * `closed`, or `all` (every conversation with a message).
 */
export async function listConversations(
  db: Db,
  status: 'waiting' | 'mine' | 'closed' | 'all',
  agentId: number,
): Promise<ChatConversationSummary[]> {
  const hasMessage = sql`exists (select 1 from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id})`;
  const where =
    status === 'waiting'
      ? and(eq(chatConversations.status, 'waiting'), hasMessage)
      : status === 'mine'
        ? and(eq(chatConversations.status, 'active'), eq(chatConversations.agentId, agentId))
        : status === 'closed'
          ? eq(chatConversations.status, 'closed')
          : hasMessage;
  return summaries(db, where);
}

/** Messages of a conversation for agents (the latest `historyMax`), oldest first. */
export async function conversationMessages(db: Db, id: number): Promise<ChatMessage[]> {
  return recentMessages(db, id);
}

/** The agent takes a conversation (also one another agent had: the desk shows who has it). */
export async function claimConversation(db: Db, id: number, agentId: number): Promise<void> {
  const r = await db
    .update(chatConversations)
    .set({ status: 'active', agentId })
    .where(eq(chatConversations.id, id))
    .returning({ id: chatConversations.id });
  if (r.length === 0) throw notFound('会话不存在');
}

/** Closes a conversation; the person writing again puts it back into the queue. */
export async function closeConversation(db: Db, id: number): Promise<void> {
  const r = await db
    .update(chatConversations)
    .set({ status: 'closed' })
    .where(and(eq(chatConversations.id, id), ne(chatConversations.status, 'closed')))
    .returning({ id: chatConversations.id });
  if (r.length === 0) {
    const [exists] = await db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.id, id));
    if (!exists) throw notFound('会话不存在');
  }
}

/** Whether the conversation exists. */
export async function conversationExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.id, id));
  return !!row;
}

export async function listCanned(db: Db) {
  return db
    .select({ id: chatCannedReplies.id, text: chatCannedReplies.text })
    .from(chatCannedReplies)
    .orderBy(asc(chatCannedReplies.id));
}

/** Adds a canned reply; 409 past `LIMITS.chat.cannedCount`. */
export async function addCanned(db: Db, text: string, createdBy: number) {
  const [n] = await db.select({ n: count() }).from(chatCannedReplies);
  if ((n?.n ?? 0) >= LIMITS.chat.cannedCount) throw conflict(`快捷回复最多 ${LIMITS.chat.cannedCount} 条`);
  const [row] = await db
    .insert(chatCannedReplies)
    .values({ text, createdBy })
    .returning({ id: chatCannedReplies.id, text: chatCannedReplies.text });
  return row!;
}

export async function deleteCanned(db: Db, id: number): Promise<void> {
  const r = await db
    .delete(chatCannedReplies)
    .where(eq(chatCannedReplies.id, id))
    .returning({ id: chatCannedReplies.id });
  if (r.length === 0) throw notFound('快捷回复不存在');
}

/** Hours a visitor conversation without any message is kept (a chat opened and left). */
export const EMPTY_VISITOR_HOURS = 24;

/**
 * Deletes visitor conversations (with their messages) whose last message is older than
 * `LIMITS.chat.visitorRetentionDays` at `now`, and those without any message older than
 * EMPTY_VISITOR_HOURS; answers how many went.
 */
export async function purgeVisitorConversations(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS.chat.visitorRetentionDays * 86400_000);
  const emptyCutoff = new Date(now.getTime() - EMPTY_VISITOR_HOURS * 3600_000);
  const gone = await db
    .delete(chatConversations)
    .where(
      and(
        isNotNull(chatConversations.visitorHash),
        or(
          lt(chatConversations.lastMessageAt, cutoff),
          and(
            lt(chatConversations.createdAt, emptyCutoff),
            sql`not exists (select 1 from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id})`,
          ),
        ),
      ),
    )
    .returning({ id: chatConversations.id });
  return gone.length;
}

/** Erases a user's conversations (their messages cascade) and detaches their agent messages and replies. */
export async function eraseChatData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(chatConversations).where(eq(chatConversations.userId, userId));
  await tx.update(chatConversations).set({ agentId: null }).where(eq(chatConversations.agentId, userId));
  await tx.update(chatMessages).set({ agentId: null }).where(eq(chatMessages.agentId, userId));
  await tx.update(chatCannedReplies).set({ createdBy: null }).where(eq(chatCannedReplies.createdBy, userId));
}
