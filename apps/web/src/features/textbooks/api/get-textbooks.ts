/** `GET /api/v1/textbooks`: one page of the catalogue for the given filters. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
