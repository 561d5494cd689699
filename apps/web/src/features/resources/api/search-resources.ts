/** `GET /api/v1/downloadResource/search/web`: one page of published resources for the filters. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Paged, type ResourceListItem, type ResourceSearchQuery } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

/** The query as sent (every key optional; empty values are dropped by the client). */
export type ResourceSearchParams = Partial<ResourceSearchQuery>;

export function searchResources(query: ResourceSearchParams): Promise<Paged<ResourceListItem>> {
  return apiGet<Paged<ResourceListItem>>(ApiPaths.resourceSearch, query, { silent: true });
}

export const resourceSearchQueryOptions = (query: ResourceSearchParams) =>
  queryOptions({
    queryKey: ['resources', 'search', query],
    queryFn: () => searchResources(query),
    placeholderData: keepPreviousData,
  });

export function useResourceSearch(query: ResourceSearchParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...resourceSearchQueryOptions(query), ...options });
}
