/**
 * `GET /api/v1/admin/catalogue/textbooks?q=`: books whose title or external id holds the words, for
 * the 激活码 form's book picker (the console's own book list, first page).
 */
import { ApiPaths, type AdminTextbookRow, type Paged } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Books the picker offers at once. */
export const PICKER_PAGE_SIZE = 20;

export const searchTextbooks = (q: string) =>
  apiGet<Paged<AdminTextbookRow>>(
    ApiPaths.adminCatalogueTextbooks,
    { q: q || undefined, page: 1, pageSize: PICKER_PAGE_SIZE },
    { silent: true },
  );

export const textbookSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['console', 'textbook-picker', q],
    queryFn: () => searchTextbooks(q),
    placeholderData: keepPreviousData,
  });

export function useTextbookSearch(q: string, enabled: boolean) {
  return useQuery({ ...textbookSearchQueryOptions(q), enabled });
}
