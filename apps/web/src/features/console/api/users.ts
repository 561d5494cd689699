/** `GET /api/v1/admin/users`: users by phone, name or real name, filtered, sorted and paged on the server. */
import { ApiPaths, type AdminUserRow, type AdminUsersQuery, type Paged } from '@eav/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getUsers = (q: AdminUsersQuery) => apiGet<Paged<AdminUserRow>>(ApiPaths.adminUsers, q, { silent: true });

export function useUsers(q: AdminUsersQuery) {
  return useQuery({ queryKey: ['console', 'users', q], queryFn: () => getUsers(q), placeholderData: keepPreviousData });
}
