/** `GET /api/v1/admin/chat/conversations?status=`: the agents' queue and lists. */
import { ApiPaths, type ChatConversationSummary, type ChatListQuery } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getChatConversations = (status: ChatListQuery['status']) =>
  apiGet<ChatConversationSummary[]>(ApiPaths.adminChatConversations, { status }, { silent: true });

export const chatConversationsQueryOptions = (status: ChatListQuery['status']) =>
  queryOptions({
    queryKey: ['chat', 'conversations', status],
    queryFn: () => getChatConversations(status),
    // The desk's socket refreshes it on every change; the interval covers a dropped socket.
    refetchInterval: 60_000,
  });

export function useChatConversations(status: ChatListQuery['status']) {
  return useQuery(chatConversationsQueryOptions(status));
}
