/** `GET /api/v1/admin/me`: the console user's roles and the sections they may open. */
import { ApiPaths, type AdminMe } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getAdminMe = () => apiGet<AdminMe>(ApiPaths.adminMe, undefined, { silent: true });

export const adminMeQueryOptions = () =>
  queryOptions({ queryKey: ['console', 'me'], queryFn: getAdminMe, retry: false });

export function useAdminMe(enabled: boolean) {
  return useQuery({ ...adminMeQueryOptions(), enabled });
}
