/** `GET /api/v1/admin/code-batches/{id}/codes`: a batch's codes, redeemed or not, and by whom. */
import { ApiPaths, type AdminBatchCodeRow, type AdminBatchCodesQuery, type Paged } from '@eav/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getBatchCodes = (id: number, q: AdminBatchCodesQuery) =>
  apiGet<Paged<AdminBatchCodeRow>>(ApiPaths.adminCodeBatchCodes(id), q, { silent: true });

export function useBatchCodes(id: number | null, q: AdminBatchCodesQuery) {
  return useQuery({
    queryKey: ['console', 'batch-codes', id, q],
    queryFn: () => getBatchCodes(id!, q),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
