/**
 * `GET ApiPaths.user(userId)`: the owner's profile (another user's id answers 404), shared by the
 * login completion, which saves it locally as `userInfo` and merges it into the stored user
 * (docs/product.md §4), and the user centre, which shows and edits it. Silent: callers show their own
 * state.
 */
import { ApiPaths, type UserProfile } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getProfile(userId: number): Promise<UserProfile> {
  return apiGet<UserProfile>(ApiPaths.user(userId), undefined, { silent: true });
}

/** Cache entry of a user's profile; edits write the answer back under this key. */
export const profileQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['user', userId, 'profile'], queryFn: () => getProfile(userId) });

export function useProfile(userId: number) {
  return useQuery(profileQueryOptions(userId));
}
