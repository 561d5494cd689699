/**
 * Teaching back-office permission check (docs/product.md §6, §7): `GET /api/v1/users/{userId}/xh`. Allowed when
 * `data.code === 200`; `data.autoAddress` is then opened in a new window. Errors are silenced
 * (the header simply hides the entry); a 401 still logs out through the client's rule.
 */
import { ApiPaths, OK_CODE, TEACHING_PLATFORM_CODE, type PermissionData } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { safeHref } from '@/lib/safe-url';

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

/**
 * The back-office address when the user may enter it and it is a safe link (`safeHref`: https or
 * an in-app path), else null (also while loading or on error).
 */
export function useTeachingBackOffice(userId: number | undefined): string | null {
  const q = useQuery({ ...teachingPermissionQueryOptions(userId ?? 0), enabled: userId != null });
  return backOfficeAddress(q.data);
}

/** The address to open from a permission answer: only when allowed and safe, else null. */
export function backOfficeAddress(data: PermissionData | undefined): string | null {
  return data && data.code === OK_CODE ? safeHref(data.autoAddress) : null;
}
