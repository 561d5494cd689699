/** `POST /api/v1/admin/chat/conversations/{id}/claim`: the agent takes a conversation. */
import { ApiPaths, type ChatConversationSummary } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export const claimChatConversation = (id: number) => apiPost<ChatConversationSummary>(ApiPaths.adminChatClaim(id));

export function useClaimChatConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: claimChatConversation,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['chat'] }),
  });
}
