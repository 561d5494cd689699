/**
 * `GET /prize/api/v1/activity?activityCode=` and `GET /prize/api/v1/activity/current` (docs/prize.md):
 * one activity, or the running one (`null` when none runs). Each answer carries `serverTime`; the
 * offset between the server's clock and the device's is taken when the answer arrives, so the
 * countdown never trusts the device clock (docs/product.md §4).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type PrizeActivity } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { serverClockOffset } from '@/lib/countdown';

/** An activity with the server clock offset measured when it arrived. */
export type ActivityView = PrizeActivity & { clockOffsetMs: number };

function withOffset(activity: PrizeActivity | null): ActivityView | null {
  return activity ? { ...activity, clockOffsetMs: serverClockOffset(activity.serverTime) } : null;
}

export async function getActivity(code: string): Promise<ActivityView | null> {
  return withOffset(
    await apiGet<PrizeActivity | null>(ApiPaths.prizeActivity, { activityCode: code }, { silent: true }),
  );
}

export async function getCurrentActivity(): Promise<ActivityView | null> {
  return withOffset(await apiGet<PrizeActivity | null>(ApiPaths.prizeActivityCurrent, undefined, { silent: true }));
}

/** The activity `code`, or the running one when `code` is null. */
export const activityQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: ['prize', 'activity', code ?? 'current'],
    queryFn: () => (code ? getActivity(code) : getCurrentActivity()),
    staleTime: 60_000,
  });

export function useActivity(code: string | null, enabled = true) {
  return useQuery({ ...activityQueryOptions(code), enabled });
}
