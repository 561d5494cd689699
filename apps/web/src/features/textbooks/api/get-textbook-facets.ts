/** `GET /api/v1/textbooks/facets`: per dimension, the values that still have books, with counts. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type TextbookFacets, type TextbookFilters } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

/** Facet filters as sent (every key optional). */
export type FacetParams = Partial<Omit<TextbookFilters, 'keyword'>> & { keyword?: string };

export function getTextbookFacets(filters: FacetParams): Promise<TextbookFacets> {
  return apiGet<TextbookFacets>(ApiPaths.textbookFacets, filters, { silent: true });
}

export const textbookFacetsQueryOptions = (filters: FacetParams) =>
  queryOptions({
    queryKey: ['textbooks', 'facets', filters],
    queryFn: () => getTextbookFacets(filters),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function useTextbookFacets(filters: FacetParams) {
  return useQuery(textbookFacetsQueryOptions(filters));
}
