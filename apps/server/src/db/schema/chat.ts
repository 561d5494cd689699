/**
 * 在线客服 (docs/chat.md): conversations of visitors (an anonymous browser token, stored as its
 * SHA-256 hash) or logged-in users with the agents, their messages, and the agents' canned replies.
 *
 * Erasure: a user's conversations (with their messages) go at account cancellation; an agent's
 * messages stay in the conversations they answered, detached from the agent. Visitor conversations
 * are deleted `LIMITS.chat.visitorRetentionDays` after their last message (features/chat/purge.ts).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One person's conversation: exactly one of `user_id` and `visitor_hash` is set. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the visitor token the browser keeps. */
    visitorHash: text('visitor_hash'),
    /** waiting | active | closed */
    status: text('status').notNull().default('waiting'),
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** The in-app path the person was on when they last opened the chat. */
    page: text('page'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_visitor_hash_idx').on(t.visitorHash),
    index('chat_conversations_user_idx').on(t.userId),
    index('chat_conversations_status_idx').on(t.status, t.lastMessageAt),
  ],
);

/** A message; `body` is plain text (never rendered as HTML). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** visitor | user | agent | system */
    sender: text('sender').notNull(),
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    afterHours: boolean('after_hours').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Canned replies (快捷回复) shared by every agent. */
export const chatCannedReplies = pgTable('chat_canned_replies', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
