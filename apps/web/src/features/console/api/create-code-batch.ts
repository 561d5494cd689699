/**
 * `POST /api/v1/admin/code-batches`: creates a batch and answers the file of its codes (Excel or CSV),
 * saved at once: the only time the plain codes exist.
 */
import { ApiPaths, type AdminCodeBatchBody } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchFile } from '@/lib/file-request';

export async function createCodeBatch(body: AdminCodeBatchBody): Promise<{ batchId: number; fileName: string }> {
  const saved = await fetchFile(
    { method: 'POST', url: ApiPaths.adminCodeBatches, data: body },
    `激活码.${body.format ?? 'xlsx'}`,
  );
  return { batchId: Number(saved.headers['x-batch-id']), fileName: saved.fileName };
}

export function useCreateCodeBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCodeBatch,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['console', 'batches'] }),
  });
}
