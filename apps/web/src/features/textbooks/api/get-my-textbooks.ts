/**
 * `GET /api/v1/users/{userId}/textbooks?page&pageSize` (owner only): activated books with
 * activation date and reading progress, one page.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, PAGE_SIZE_MAX, type MyTextbook, type Paged } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

/** Books per page of "my textbooks": the API maximum, so nearly every user sees one page. */
export const MY_TEXTBOOKS_PAGE_SIZE = PAGE_SIZE_MAX;

export function getMyTextbooks(
  userId: number,
  page: number,
  pageSize = MY_TEXTBOOKS_PAGE_SIZE,
): Promise<Paged<MyTextbook>> {
  return apiGet<Paged<MyTextbook>>(ApiPaths.userTextbooks(userId), { page, pageSize }, { silent: true });
}

export const myTextbooksQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: ['textbooks', 'mine', userId, page],
    queryFn: () => getMyTextbooks(userId, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The logged-in user's textbooks (one page); disabled when logged out. */
export function useMyTextbooks(page = 1) {
  const userId = useSession((s) => s.user?.userId);
  return useQuery({ ...myTextbooksQueryOptions(userId ?? 0, page), enabled: userId != null });
}
