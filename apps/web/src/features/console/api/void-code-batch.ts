/** `POST /api/v1/admin/code-batches/{id}/void`: the batch's unused codes stop working. */
import { ApiPaths, type AdminCodeBatchRow } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export const voidCodeBatch = (id: number) => apiPost<AdminCodeBatchRow>(ApiPaths.adminCodeBatchVoid(id));

export function useVoidCodeBatch() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: voidCodeBatch, onSuccess: () => qc.invalidateQueries({ queryKey: ['console'] }) });
}
