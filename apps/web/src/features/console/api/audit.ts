/** `GET /api/v1/admin/audit`: the audit trail filtered by user, event, IP and time, newest first. */
import { ApiPaths, type AdminAuditQuery, type AdminAuditRow, type Paged } from '@eav/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getAudit = (q: AdminAuditQuery) => apiGet<Paged<AdminAuditRow>>(ApiPaths.adminAudit, q, { silent: true });

export function useAudit(q: AdminAuditQuery) {
  return useQuery({ queryKey: ['console', 'audit', q], queryFn: () => getAudit(q), placeholderData: keepPreviousData });
}
