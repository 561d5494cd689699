/** `GET /api/v1/bigdata/overview`: the 大数据中心's public figures, refreshed every minute. */
import { ApiPaths, type BigDataOverview } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** How often the page asks again, ms (the server keeps an answer for a minute). */
export const OVERVIEW_REFRESH_MS = 60_000;

export const getBigDataOverview = () => apiGet<BigDataOverview>(ApiPaths.bigDataOverview, undefined, { silent: true });

export const bigDataOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['big-data', 'overview'],
    queryFn: getBigDataOverview,
    refetchInterval: OVERVIEW_REFRESH_MS,
    staleTime: OVERVIEW_REFRESH_MS / 2,
  });

export function useBigDataOverview() {
  return useQuery(bigDataOverviewQueryOptions());
}
