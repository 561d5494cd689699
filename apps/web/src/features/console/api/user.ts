/** `GET /api/v1/admin/users/{id}`: one user with third-party bindings and live sessions. */
import { ApiPaths, type AdminUserDetail } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getUser = (id: number) => apiGet<AdminUserDetail>(ApiPaths.adminUser(id), undefined, { silent: true });

export function useUser(id: number | null) {
  // Asked again each time the drawer opens: the account changes outside this page (logins, enrolment).
  return useQuery({
    queryKey: ['console', 'user', id],
    queryFn: () => getUser(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
