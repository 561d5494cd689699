/** `GET /api/v1/users/{userId}/papers` (owner only): the papers the user composed in 云题库, newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ComposedPaperItem, type Paged } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { MY_RESOURCES_PAGE_SIZE } from './get-my-resources';

export function getMyPapers(userId: number, page: number): Promise<Paged<ComposedPaperItem>> {
  return apiGet<Paged<ComposedPaperItem>>(
    ApiPaths.userPapers(userId),
    { page, pageSize: MY_RESOURCES_PAGE_SIZE },
    { silent: true },
  );
}

export const myPapersQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: ['question-bank', 'my-papers', userId, page],
    queryFn: () => getMyPapers(userId, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useMyPapers(page: number) {
  const userId = useSession((s) => s.user?.userId);
  return useQuery({ ...myPapersQueryOptions(userId ?? 0, page), enabled: userId != null });
}
