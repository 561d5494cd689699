/** `PUT|DELETE /api/v1/users/{userId}/resource-favorites/{resourceId}`: add to or remove from 我的收藏. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type FavoriteResult } from '@eav/contract';
import { apiDelete, apiPut } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function setFavorite(userId: number, resourceId: number, favorite: boolean): Promise<FavoriteResult> {
  const path = ApiPaths.userResourceFavorite(userId, resourceId);
  return favorite ? apiPut<FavoriteResult>(path, {}) : apiDelete<FavoriteResult>(path);
}

export function useToggleFavorite() {
  const userId = useSession((s) => s.user?.userId);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ resourceId, favorite }: { resourceId: number; favorite: boolean }) => {
      if (userId == null) throw new Error('请先登录');
      return setFavorite(userId, resourceId, favorite);
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['resources', 'mine', 'favorites'] });
      void qc.invalidateQueries({ queryKey: ['resources', 'detail'] });
    },
  });
}
