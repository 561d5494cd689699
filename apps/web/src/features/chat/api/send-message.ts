/** `POST /api/v1/chat/messages`: a visitor or user sends a message (docs/chat.md). */
import { ApiPaths, type ChatSendResult } from '@eav/contract';
import { apiPost } from '@/lib/api-client';
import { visitorHeaders } from '../lib/visitor-token';

export const sendChatMessage = (body: string) =>
  apiPost<ChatSendResult>(ApiPaths.chatMessages, { body }, { headers: visitorHeaders(), silent: true });
