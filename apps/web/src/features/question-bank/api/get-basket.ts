/** `GET /api/v1/users/{userId}/basket`: the user's 试题篮, oldest first (kept on the server). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Basket } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getBasket(userId: number): Promise<Basket> {
  return apiGet<Basket>(ApiPaths.userBasket(userId), undefined, { silent: true });
}

export const basketQueryKey = (userId: number | undefined) => ['basket', userId ?? 0] as const;

export const basketQueryOptions = (userId: number) =>
  queryOptions({ queryKey: basketQueryKey(userId), queryFn: () => getBasket(userId) });

/** Loads only for a logged-in user; visitors have no basket. */
export function useBasket(userId: number | undefined) {
  return useQuery({ ...basketQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
