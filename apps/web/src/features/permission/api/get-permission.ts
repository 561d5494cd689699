/**
 * Teaching back-office permission check (spec 6, 7): `GET /api/v1/users/{userId}/xh`. Allowed when
 * `data.code === 200`; `data.autoAddress` is then opened in a new window. Errors are silenced
 * (the header simply hides the entry); a 401 still logs out through the client's rule.
 */
import { ApiPaths, OK_CODE, TEACHING_PLATFORM_CODE, type PermissionData } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getTeachingPermission(userId: number): Promise<PermissionData> {
  return apiGet<PermissionData>(ApiPaths.permission(userId, TEACHING_PLATFORM_CODE), undefined, { silent: true });
}

export const teachingPermissionQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['permission', TEACHING_PLATFORM_CODE, userId],
    queryFn: () => getTeachingPermission(userId),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The back-office address when the user may enter it, else null (also while loading or on error). */
export function useTeachingBackOffice(userId: number | undefined): string | null {
  const q = useQuery({ ...teachingPermissionQueryOptions(userId ?? 0), enabled: userId != null });
  const d = q.data;
  return d && d.code === OK_CODE && d.autoAddress ? d.autoAddress : null;
}
