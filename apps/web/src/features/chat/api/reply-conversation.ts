/** `POST /api/v1/admin/chat/conversations/{id}/messages`: the agent answers. */
import { ApiPaths, type ChatSendResult } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export const replyChatConversation = ({ id, body }: { id: number; body: string }) =>
  apiPost<ChatSendResult>(ApiPaths.adminChatReply(id), { body });

export function useReplyChatConversation() {
  return useMutation({ mutationFn: replyChatConversation });
}
