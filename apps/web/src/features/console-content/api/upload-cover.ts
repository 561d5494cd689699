/** `POST /api/v1/admin/catalogue/textbooks/{id}/cover` (multipart `file`): the server re-encodes it to WebP. */
import { ApiPaths, type ConsoleImage } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export function uploadCover(id: number, file: File): Promise<ConsoleImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<ConsoleImage>(ApiPaths.adminCatalogueTextbookCover(id), form, { timeout: 120_000 });
}

export function useUploadCover() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => uploadCover(id, file),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['console-content', 'textbooks'] }),
  });
}
