/**
 * `GET /prize/api/v1/integral/userId/{userId}/get?activityCode=` (owner only): the points earned in
 * the activity, the points left to spend and the statement (newest first).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type IntegralResult } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

/** The server may add today's figures; the page derives them from the statement otherwise. */
export type IntegralView = IntegralResult & { secondsToday?: number; pointsToday?: number };

export function getIntegral(userId: number, code: string): Promise<IntegralView> {
  return apiGet<IntegralView>(ApiPaths.prizeIntegral(userId), { activityCode: code }, { silent: true });
}

export const integralQueryOptions = (userId: number, code: string) =>
  queryOptions({
    queryKey: ['prize', 'integral', code, userId],
    queryFn: () => getIntegral(userId, code),
  });

export function useIntegral(userId: number | null, code: string | undefined) {
  return useQuery({ ...integralQueryOptions(userId ?? 0, code ?? ''), enabled: !!userId && !!code });
}
