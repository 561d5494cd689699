/**
 * 在线客服 (docs/chat.md): conversations of visitors and users with the agents (roles `support`
 * and `admin`), their messages, canned replies and the events of the chat WebSocket. Message text is
 * plain text everywhere: clients render it as text, never as HTML.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { Messages } from '../errors';

const L = LIMITS.chat;

/** Who wrote a message: a visitor (not logged in), a logged-in user, an agent, or the system. */
export const chatSender = z.enum(['visitor', 'user', 'agent', 'system']);
export type ChatSender = z.infer<typeof chatSender>;

/** waiting: in the queue, no agent yet; active: an agent took it; closed: ended by an agent. */
export const chatStatus = z.enum(['waiting', 'active', 'closed']);
export type ChatStatus = z.infer<typeof chatStatus>;

/** A message's text: trimmed, not empty, at most `LIMITS.chat.messageMax` characters. */
export const chatText = z
  .string({ error: Messages.chatEmpty })
  .trim()
  .min(1, Messages.chatEmpty)
  .max(L.messageMax, Messages.chatTooLong);

export const chatMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: chatSender,
  /** The agent's display name on agent messages (客服 + number, never the account name); null otherwise. */
  agentName: z.string().nullable(),
  body: z.string(),
  /** Written outside service hours: agents answer it in the next service hours. */
  afterHours: z.boolean(),
  /** ISO time. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Body of `POST chatSession`. */
export const chatSessionBody = z.object({
  /** The in-app path the person was on when they opened the chat (shown to agents). */
  page: z.string().trim().max(L.pageMax, `页面地址不能超过 ${L.pageMax} 个字符`).optional(),
});
export type ChatSessionBody = z.infer<typeof chatSessionBody>;

/** Answer of `POST chatSession`. */
export const chatSession = z.object({
  conversationId: z.number().int(),
  status: chatStatus,
  /**
   * A new visitor token, only when one was issued by this call: the browser keeps it (localStorage)
   * and sends it as `X-Chat-Visitor`; the server stores only its hash.
   */
  visitorToken: z.string().optional(),
  /** Whether agents are on duty now (service hours, Beijing time). */
  serviceOpen: z.boolean(),
  /** The latest messages, oldest first. */
  messages: z.array(chatMessage),
  /** Single-use ticket of the WebSocket (`chatSocket?ticket=`), valid `ticketTtlSeconds`. */
  ticket: z.string(),
});
export type ChatSession = z.infer<typeof chatSession>;

/** Body of `POST chatMessages` and `POST adminChatReply`. */
export const chatSendBody = z.object({ body: chatText });
export type ChatSendBody = z.infer<typeof chatSendBody>;

/** Answer of a send: the stored message and whether it was written outside service hours. */
export const chatSendResult = z.object({ message: chatMessage, serviceOpen: z.boolean() });
export type ChatSendResult = z.infer<typeof chatSendResult>;

/** One conversation in the agents' queue or list, with the person's context. */
export const chatConversationSummary = z.object({
  id: z.number().int(),
  status: chatStatus,
  /** Logged-in user's name; null for a visitor. */
  userName: z.string().nullable(),
  /** 访客 + short number for visitors, the user name otherwise. */
  displayName: z.string(),
  isVisitor: z.boolean(),
  /** The page the person was on (an in-app path). */
  page: z.string().nullable(),
  /** Agent who took it, if any. */
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string(),
  /** Messages of the person after the last agent message. */
  unanswered: z.number().int(),
  /** Has messages left outside service hours that no agent answered yet. */
  afterHours: z.boolean(),
  createdAt: z.string(),
});
export type ChatConversationSummary = z.infer<typeof chatConversationSummary>;

export const chatConversationDetail = chatConversationSummary.extend({ messages: z.array(chatMessage) });
export type ChatConversationDetail = z.infer<typeof chatConversationDetail>;

export const chatListQuery = z.object({
  /** waiting: the queue; mine: active ones of the caller; closed; all. */
  status: z.enum(['waiting', 'mine', 'closed', 'all']).default('all'),
});
export type ChatListQuery = z.infer<typeof chatListQuery>;

export const chatTicket = z.object({ ticket: z.string() });
export type ChatTicket = z.infer<typeof chatTicket>;

export const cannedReply = z.object({ id: z.number().int(), text: z.string() });
export type CannedReply = z.infer<typeof cannedReply>;

export const cannedReplyBody = z.object({
  text: z.string().trim().min(1, '请输入快捷回复内容').max(L.cannedMax, `快捷回复不能超过 ${L.cannedMax} 个字`),
});
export type CannedReplyBody = z.infer<typeof cannedReplyBody>;

/**
 * Events the chat WebSocket sends (JSON text frames). Visitors and users receive `message` events
 * of their own conversation; agents receive `message` and `conversation` events of every
 * conversation. `ready` is sent once the socket is accepted.
 */
export type ChatEvent =
  | { type: 'ready'; serviceOpen: boolean }
  | { type: 'message'; message: ChatMessage }
  | { type: 'conversation'; conversation: ChatConversationSummary };
