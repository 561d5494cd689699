/** `PUT /api/v1/admin/catalogue/textbooks/{id}`: edit a book's title, access or description (audited). */
import { ApiPaths, type AdminTextbookUpdateBody } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/lib/api-client';

export const updateTextbook = (id: number, body: AdminTextbookUpdateBody) =>
  apiPut<{ id: number }>(ApiPaths.adminCatalogueTextbook(id), body);

export function useUpdateTextbook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminTextbookUpdateBody }) => updateTextbook(id, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['console-content', 'textbooks'] }),
  });
}
