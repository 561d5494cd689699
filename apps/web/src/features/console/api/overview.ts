/** `GET /api/v1/admin/overview`: the 概览 counts. */
import { ApiPaths, type AdminOverview } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getOverview = () => apiGet<AdminOverview>(ApiPaths.adminOverview, undefined, { silent: true });

export function useOverview() {
  return useQuery({ queryKey: ['console', 'overview'], queryFn: getOverview });
}
