/**
 * `GET /prize/api/v1/rank/user?activityCode&userId`: the top of the ranking with masked names and,
 * for a logged-in caller, their own row (rank null before the first point).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type RankResult } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getRank(code: string, userId: number | null): Promise<RankResult> {
  return apiGet<RankResult>(ApiPaths.prizeRank, { activityCode: code, userId: userId ?? undefined }, { silent: true });
}

export const rankQueryOptions = (code: string, userId: number | null) =>
  queryOptions({
    queryKey: ['prize', 'rank', code, userId],
    queryFn: () => getRank(code, userId),
    staleTime: 15_000,
  });

export function useRank(code: string | undefined, userId: number | null) {
  return useQuery({ ...rankQueryOptions(code ?? '', userId), enabled: !!code });
}
