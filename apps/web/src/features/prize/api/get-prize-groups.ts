/**
 * `GET /prize/api/v1/prizeGroup?activityCode`: the prize groups as published with the rules
 * (quantity, quantity left, weight), the points a draw costs and, when logged in, the draws left.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type PrizeGroupsResult } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function getPrizeGroups(code: string): Promise<PrizeGroupsResult> {
  return apiGet<PrizeGroupsResult>(ApiPaths.prizeGroups, { activityCode: code }, { silent: true });
}

/** The answer depends on who asks (`myDrawsLeft`), so the key carries the user id. */
export const prizeGroupsQueryOptions = (code: string, userId: number | null) =>
  queryOptions({
    queryKey: ['prize', 'groups', code, userId],
    queryFn: () => getPrizeGroups(code),
  });

export function usePrizeGroups(code: string | undefined) {
  const userId = useSession((s) => s.user?.userId ?? null);
  return useQuery({ ...prizeGroupsQueryOptions(code ?? '', userId), enabled: !!code });
}
