/** `GET /api/v1/users/{userId}/papers/{id}`: a composed paper (owner only), for its print view. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ComposedPaperDetail } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getComposedPaper(userId: number, id: number): Promise<ComposedPaperDetail> {
  return apiGet<ComposedPaperDetail>(ApiPaths.userPaper(userId, id), undefined, { silent: true });
}

export const composedPaperQueryOptions = (userId: number, id: number) =>
  queryOptions({ queryKey: ['composed-papers', 'detail', userId, id], queryFn: () => getComposedPaper(userId, id) });

export function useComposedPaper(userId: number | undefined, id: number | undefined) {
  return useQuery({
    ...composedPaperQueryOptions(userId ?? 0, id ?? 0),
    enabled: userId !== undefined && id !== undefined,
  });
}
