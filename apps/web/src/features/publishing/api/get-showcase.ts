/** `GET /api/v1/publishing/showcase`: 数字教材, 音像教材 and 融合出版物 from the catalogue (docs/publishing.md). */
import { ApiPaths, type PublishingShowcase } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getShowcase = () => apiGet<PublishingShowcase>(ApiPaths.publishingShowcase, undefined, { silent: true });

export const showcaseQueryOptions = () =>
  queryOptions({ queryKey: ['publishing', 'showcase'], queryFn: getShowcase, staleTime: 60_000 });

export function useShowcase() {
  return useQuery(showcaseQueryOptions());
}
