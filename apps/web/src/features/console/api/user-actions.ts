/**
 * The 用户 section's writes, each one call: roles (`PUT …/roles`), unlock (`POST …/unlock`), end
 * sessions (`DELETE …/sessions`), reset the second factor (`DELETE …/mfa`, admin), status
 * (`PUT …/status`) and bulk status (`POST …/bulk-status`).
 * Each refreshes the user lists and the detail.
 */
import { ApiPaths, type AdminBulkStatusBody, type AdminUserDetail, type ConsoleRole } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost, apiPut } from '@/lib/api-client';

export const setUserRoles = (id: number, roles: ConsoleRole[]) =>
  apiPut<AdminUserDetail>(ApiPaths.adminUserRoles(id), { roles });
export const unlockUser = (id: number) => apiPost<AdminUserDetail>(ApiPaths.adminUserUnlock(id));
export const endUserSessions = (id: number) => apiDelete<null>(ApiPaths.adminUserSessions(id));
/** Deletes another user's TOTP enrolment and recovery codes and ends their sessions (admin only). */
export const resetUserMfa = (id: number) => apiDelete<null>(ApiPaths.adminUserMfa(id));
export const setUserStatus = (id: number, status: 'active' | 'disabled') =>
  apiPut<unknown>(ApiPaths.adminUserStatus(id), { status });
export const bulkUserStatus = (body: AdminBulkStatusBody) =>
  apiPost<{ changed: number; skipped: number }>(ApiPaths.adminUsersBulkStatus, body);

/** A mutation that refreshes the console's user queries when it succeeds. */
export function useUserAction<A, R>(run: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['console'], predicate: (q) => q.queryKey[1] !== 'mfa' }),
  });
}
