/** `POST /api/v1/admin/chat/conversations/{id}/close`: the agent ends a conversation. */
import { ApiPaths, type ChatConversationSummary } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export const closeChatConversation = (id: number) => apiPost<ChatConversationSummary>(ApiPaths.adminChatClose(id));

export function useCloseChatConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: closeChatConversation,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['chat'] }),
  });
}
