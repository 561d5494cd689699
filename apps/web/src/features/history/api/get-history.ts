/**
 * `GET ApiPaths.userHistory(userId)`: the user's 浏览记录, newest first, page by page: an endless list on
 * the H5 page, numbered pages on the desktop page.
 */
import { ApiPaths, type BrowseHistoryItem, type Paged } from '@eav/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const HISTORY_PAGE_SIZE = 20;

export function getHistory(userId: number, page: number): Promise<Paged<BrowseHistoryItem>> {
  return apiGet<Paged<BrowseHistoryItem>>(ApiPaths.userHistory(userId), { page, pageSize: HISTORY_PAGE_SIZE });
}

export const historyQueryKey = (userId: number) => ['history', userId] as const;

/** Endless list options; always fetched afresh (what the user opened changes between visits). */
export function historyQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: historyQueryKey(userId),
    queryFn: ({ pageParam }) => getHistory(userId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/** One numbered page (the desktop table); the previous page stays shown while the next loads. */
export function historyPageQueryOptions(userId: number, page: number) {
  return queryOptions({
    queryKey: [...historyQueryKey(userId), 'page', page] as const,
    queryFn: () => getHistory(userId, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
