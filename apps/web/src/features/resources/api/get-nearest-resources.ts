/**
 * `GET /api/v1/downloadResource/nearest?chapterId=`: for a chapter without resources, those of the
 * nearest chapter of the same book that has some.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ResourceNearest, type ResourceType } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getNearestResources(chapterId: number, type?: ResourceType): Promise<ResourceNearest> {
  return apiGet<ResourceNearest>(ApiPaths.resourceNearest, { chapterId, type }, { silent: true });
}

export const nearestResourcesQueryOptions = (chapterId: number, type?: ResourceType) =>
  queryOptions({
    queryKey: ['resources', 'nearest', chapterId, type ?? null],
    queryFn: () => getNearestResources(chapterId, type),
    staleTime: 60_000,
  });

export function useNearestResources(chapterId: number | undefined, type: ResourceType | undefined, enabled: boolean) {
  return useQuery({
    ...nearestResourcesQueryOptions(chapterId ?? 0, type),
    enabled: enabled && chapterId !== undefined,
  });
}
