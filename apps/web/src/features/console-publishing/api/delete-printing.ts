/** `DELETE /api/v1/admin/publishing/printings/{id}`. */
import { ApiPaths } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { PRINTINGS_KEY } from './keys';

export const deletePrinting = (id: number) => apiDelete<null>(ApiPaths.adminPublishingPrinting(id), { silent: true });

export function useDeletePrinting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePrinting,
    onSuccess: () => qc.invalidateQueries({ queryKey: PRINTINGS_KEY }),
  });
}
