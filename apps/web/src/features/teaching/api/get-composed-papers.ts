/** `GET /api/v1/users/{userId}/papers?page&pageSize` (own): composed papers of 我的资源 to assign. */
import { ApiPaths, type ComposedPaperItem, type Paged } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getComposedPapers(userId: number): Promise<Paged<ComposedPaperItem>> {
  return apiGet<Paged<ComposedPaperItem>>(ApiPaths.userPapers(userId), { page: 1, pageSize: 50 }, { silent: true });
}

export const composedPapersQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['user', userId, 'composed-papers'], queryFn: () => getComposedPapers(userId) });

export function useComposedPapers(userId: number | undefined, enabled = true) {
  return useQuery({ ...composedPapersQueryOptions(userId ?? 0), enabled: enabled && !!userId });
}
