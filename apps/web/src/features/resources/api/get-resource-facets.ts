/** `GET /api/v1/downloadResource/facets`: per dimension, the values that still have resources, with counts. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ResourceFacets } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import type { ResourceSearchParams } from './search-resources';

export type ResourceFacetParams = Omit<ResourceSearchParams, 'page' | 'pageSize' | 'sort'>;

export function getResourceFacets(query: ResourceFacetParams): Promise<ResourceFacets> {
  return apiGet<ResourceFacets>(ApiPaths.resourceFacets, query, { silent: true });
}

export const resourceFacetsQueryOptions = (query: ResourceFacetParams) =>
  queryOptions({
    queryKey: ['resources', 'facets', query],
    queryFn: () => getResourceFacets(query),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useResourceFacets(query: ResourceFacetParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...resourceFacetsQueryOptions(query), ...options });
}
