/** `GET ApiPaths.user(userId)` (issue 3): the owner's profile; another user's id answers 404. */
import { ApiPaths, type UserProfile } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getUser(userId: number): Promise<UserProfile> {
  return apiGet<UserProfile>(ApiPaths.user(userId), undefined, { silent: true });
}

export const userQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['user', userId, 'profile'], queryFn: () => getUser(userId) });

export function useUser(userId: number) {
  return useQuery(userQueryOptions(userId));
}
