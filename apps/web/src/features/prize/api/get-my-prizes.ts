/** `GET /prize/api/v1/prizeGroup/mine?activityCode` (logged in): the prizes the user won, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type MyPrize } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getMyPrizes(code: string): Promise<MyPrize[]> {
  return apiGet<MyPrize[]>(ApiPaths.prizeMine, { activityCode: code }, { silent: true });
}

export const myPrizesQueryOptions = (code: string, userId: number) =>
  queryOptions({
    queryKey: ['prize', 'mine', code, userId],
    queryFn: () => getMyPrizes(code),
  });

export function useMyPrizes(code: string | undefined, userId: number | null) {
  return useQuery({ ...myPrizesQueryOptions(code ?? '', userId ?? 0), enabled: !!code && !!userId });
}
