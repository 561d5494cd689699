/** `GET /api/v1/textbooks`: one page of the catalogue for the given filters. */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Paged, type TextbookListItem, type TextbookListQuery } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

/** Request of the list (the contract's parsed type, with everything optional as sent). */
export type TextbookListParams = Partial<Omit<TextbookListQuery, 'keyword'>> & { keyword?: string };

/** Fetches a catalogue page. Errors are shown by the page (silent request). */
export function getTextbooks(query: TextbookListParams): Promise<Paged<TextbookListItem>> {
  return apiGet<Paged<TextbookListItem>>(ApiPaths.textbooks, query, { silent: true });
}

export const textbooksQueryOptions = (query: TextbookListParams) =>
  queryOptions({
    queryKey: ['textbooks', 'list', query],
    queryFn: () => getTextbooks(query),
    // Keep the previous page on screen while the next one loads (no flashing skeleton on paging).
    placeholderData: keepPreviousData,
  });

export function useTextbooks(query: TextbookListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...textbooksQueryOptions(query), ...options });
}

/** Page size of the H5 bookstore's endless list. */
export const BOOKSTORE_PAGE_SIZE = 20;

/**
 * The H5 bookstore's endless list for the given filters (without page and size), page after page of
 * `BOOKSTORE_PAGE_SIZE`. Shared by the page and the entry's first-screen prefetch (app/first-screen.ts).
 */
export const bookstoreQueryOptions = (query: TextbookListParams) =>
  infiniteQueryOptions({
    queryKey: ['textbooks', 'h5', query],
    queryFn: ({ pageParam }) => getTextbooks({ ...query, page: pageParam, pageSize: BOOKSTORE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
