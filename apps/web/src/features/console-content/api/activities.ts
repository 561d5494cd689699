/**
 * Prize activities: `GET/POST /api/v1/admin/prize/activities` (create, or update before the start;
 * the server refuses edits once started) and the live figures `GET …/{code}/stats`.
 */
import { ApiPaths, type ActivityDefinition, type ActivityStats, type AdminActivity } from '@eav/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';

const KEY = ['console-content', 'activities'] as const;
/** How often the live figures are asked again, ms. */
export const STATS_REFRESH_MS = 10_000;

export const getAdminActivities = () =>
  apiGet<AdminActivity[]>(ApiPaths.adminPrizeActivities, undefined, { silent: true });

export const adminActivitiesQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: getAdminActivities });

export function useAdminActivities() {
  return useQuery(adminActivitiesQueryOptions());
}

export const saveActivity = (def: ActivityDefinition) =>
  apiPost<AdminActivity & { created: boolean }>(ApiPaths.adminPrizeActivities, def);

export function useSaveActivity() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveActivity, onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }) });
}

export const getActivityStats = (code: string) =>
  apiGet<ActivityStats>(ApiPaths.adminPrizeActivityStats(code), undefined, { silent: true });

export function useActivityStats(code: string | null) {
  return useQuery({
    queryKey: [...KEY, 'stats', code],
    queryFn: () => getActivityStats(code!),
    enabled: code !== null,
    refetchInterval: STATS_REFRESH_MS,
  });
}
