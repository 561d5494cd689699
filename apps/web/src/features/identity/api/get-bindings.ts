/**
 * `GET ApiPaths.userBindings(userId)` (owner only) → one row per provider (WeChat, 之江汇, 教育魔方)
 * with whether it is bound, plus whether the account has a password and a phone (the other ways
 * in; docs/identity.md, 账号绑定).
 */
import { ApiPaths, type BindingsData } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getBindings(userId: number): Promise<BindingsData> {
  return apiGet<BindingsData>(ApiPaths.userBindings(userId), undefined, { silent: true });
}

export const bindingsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['user', userId, 'bindings'], queryFn: () => getBindings(userId) });

export function useBindings(userId: number) {
  return useQuery(bindingsQueryOptions(userId));
}
