/** `DELETE /api/v1/users/{userId}/resource-uploads/{resourceId}`: withdraw an own upload not yet published. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths } from '@eav/contract';
import { apiDelete } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function deleteUpload(userId: number, resourceId: number): Promise<unknown> {
  return apiDelete(ApiPaths.userResourceUpload(userId, resourceId));
}

export function useDeleteUpload() {
  const userId = useSession((s) => s.user?.userId);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (resourceId: number) => {
      if (userId == null) throw new Error('请先登录');
      return deleteUpload(userId, resourceId);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['resources', 'mine', 'uploads'] }),
  });
}
