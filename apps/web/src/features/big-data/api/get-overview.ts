/**
 * The 大数据中心's figures, refreshed every minute: `GET /api/v1/bigdata/overview` (public, small
 * counts withheld) or, for an operator (role admin), `GET /api/v1/admin/bigdata/overview`.
 */
import { ApiPaths, type BigDataOverview } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** How often the page asks again, ms (the server keeps an answer for a minute). */
export const OVERVIEW_REFRESH_MS = 60_000;

/** Which figures: the public view or the operators' (nothing withheld). */
export type OverviewView = 'public' | 'operator';

export const getBigDataOverview = (view: OverviewView) =>
  apiGet<BigDataOverview>(view === 'operator' ? ApiPaths.adminBigDataOverview : ApiPaths.bigDataOverview, undefined, {
    silent: true,
  });

export const bigDataOverviewQueryOptions = (view: OverviewView = 'public') =>
  queryOptions({
    queryKey: ['big-data', 'overview', view],
    queryFn: () => getBigDataOverview(view),
    // Asked again every minute while the page is visible (none while the tab is hidden).
    refetchInterval: OVERVIEW_REFRESH_MS,
    staleTime: OVERVIEW_REFRESH_MS / 2,
  });

export function useBigDataOverview(view: OverviewView = 'public') {
  return useQuery(bigDataOverviewQueryOptions(view));
}
