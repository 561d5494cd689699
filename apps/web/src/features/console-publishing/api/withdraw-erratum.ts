/** `DELETE /api/v1/admin/publishing/errata/{id}`: withdraws a notice (readers no longer show it). */
import { ApiPaths } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { ERRATA_KEY } from './keys';

export const withdrawErratum = (id: number) => apiDelete<null>(ApiPaths.adminPublishingErratum(id), { silent: true });

export function useWithdrawErratum() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: withdrawErratum, onSuccess: () => qc.invalidateQueries({ queryKey: ERRATA_KEY }) });
}
