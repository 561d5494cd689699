/** `GET ApiPaths.userCompleted(userId)`: whether the profile is complete and which fields are missing. */
import { ApiPaths, type CompletedData } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getCompleted(userId: number): Promise<CompletedData> {
  return apiGet<CompletedData>(ApiPaths.userCompleted(userId), undefined, { silent: true });
}

export const completedQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['user', userId, 'completed'], queryFn: () => getCompleted(userId) });

export function useCompleted(userId: number) {
  return useQuery(completedQueryOptions(userId));
}
