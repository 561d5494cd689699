/**
 * `PUT /api/v1/admin/catalogue/textbooks/{id}/pdf` (multipart `file`, at most LIMITS.textbookPdfBytes):
 * replaces the book's PDF; `onProgress` receives the percentage sent (0–100).
 */
import { ApiPaths, type ConsoleTextbookPdf } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/lib/api-client';

export function uploadPdf(id: number, file: File, onProgress?: (percent: number) => void): Promise<ConsoleTextbookPdf> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPut<ConsoleTextbookPdf>(ApiPaths.adminCatalogueTextbookPdf(id), form, {
    // A large book over a slow line: the upload may take minutes.
    timeout: 30 * 60_000,
    silent: true,
    onUploadProgress: (e) => {
      if (onProgress && e.total) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    },
  });
}

export function useUploadPdf() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?: (percent: number) => void }) =>
      uploadPdf(id, file, onProgress),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['console-content', 'textbooks'] }),
  });
}
