/** `GET /api/v1/admin/catalogue/textbooks`: the console's textbook list (filters, sort, paging on the server). */
import { ApiPaths, type AdminTextbookListQuery, type AdminTextbookRow, type Paged } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getConsoleTextbooks = (query: AdminTextbookListQuery) =>
  apiGet<Paged<AdminTextbookRow>>(ApiPaths.adminCatalogueTextbooks, query, { silent: true });

export const consoleTextbooksQueryOptions = (query: AdminTextbookListQuery) =>
  queryOptions({
    queryKey: ['console-content', 'textbooks', query],
    queryFn: () => getConsoleTextbooks(query),
    placeholderData: keepPreviousData,
  });

export function useConsoleTextbooks(query: AdminTextbookListQuery) {
  return useQuery(consoleTextbooksQueryOptions(query));
}
