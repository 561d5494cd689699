/** `GET /api/v1/admin/code-batches`: activation code batches with their redeemed counts. */
import { ApiPaths, type AdminCodeBatchesQuery, type AdminCodeBatchRow, type Paged } from '@eav/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getCodeBatches = (q: AdminCodeBatchesQuery) =>
  apiGet<Paged<AdminCodeBatchRow>>(ApiPaths.adminCodeBatches, q, { silent: true });

export function useCodeBatches(q: AdminCodeBatchesQuery) {
  return useQuery({
    queryKey: ['console', 'batches', q],
    queryFn: () => getCodeBatches(q),
    placeholderData: keepPreviousData,
  });
}
