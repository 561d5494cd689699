/** `GET /api/v1/admin/chat/conversations/{id}`: one conversation with its messages and context. */
import { ApiPaths, type ChatConversationDetail } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getChatConversation = (id: number) =>
  apiGet<ChatConversationDetail>(ApiPaths.adminChatConversation(id), undefined, { silent: true });

export const chatConversationQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['chat', 'conversation', id], queryFn: () => getChatConversation(id) });

export function useChatConversation(id: number) {
  return useQuery(chatConversationQueryOptions(id));
}
