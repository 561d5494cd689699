/** `GET /api/v1/papers/facets`: per filter, the values that still have papers, with counts. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type PaperFacets } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getPaperFacets(params: Record<string, string | undefined>): Promise<PaperFacets> {
  return apiGet<PaperFacets>(ApiPaths.paperFacets, params, { silent: true });
}

export const paperFacetsQueryOptions = (params: Record<string, string | undefined>) =>
  queryOptions({
    queryKey: ['papers', 'facets', params],
    queryFn: () => getPaperFacets(params),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export function usePaperFacets(params: Record<string, string | undefined>) {
  return useQuery(paperFacetsQueryOptions(params));
}
