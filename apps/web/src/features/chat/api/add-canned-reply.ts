/** `POST /api/v1/admin/chat/canned`: adds a canned reply. */
import { ApiPaths, type CannedReply } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export const addCannedReply = (text: string) => apiPost<CannedReply>(ApiPaths.adminChatCanned, { text });

export function useAddCannedReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addCannedReply,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['chat', 'canned'] }),
  });
}
