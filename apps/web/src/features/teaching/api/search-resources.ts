/** `GET /api/v1/downloadResource/search/web?textbookId&chapterId&keyword`: 同步资源 items to assign for study. */
import { ApiPaths, type Paged, type ResourceListItem } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type ResourceParams = Record<string, string | number | undefined>;

export function searchResources(params: ResourceParams): Promise<Paged<ResourceListItem>> {
  return apiGet<Paged<ResourceListItem>>(ApiPaths.resourceSearch, params, { silent: true });
}

export const resourcesQueryOptions = (params: ResourceParams) =>
  queryOptions({
    queryKey: ['resources', 'search', params],
    queryFn: () => searchResources(params),
    placeholderData: keepPreviousData,
  });

export function useResources(params: ResourceParams, enabled = true) {
  return useQuery({ ...resourcesQueryOptions(params), enabled });
}
