/** `DELETE /api/v1/admin/chat/canned/{id}`: removes a canned reply. */
import { ApiPaths } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';

export const deleteCannedReply = (id: number) => apiDelete<null>(ApiPaths.adminChatCannedItem(id));

export function useDeleteCannedReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCannedReply,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['chat', 'canned'] }),
  });
}
