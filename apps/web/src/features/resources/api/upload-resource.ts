/**
 * `POST /api/v1/downloadResource/upload` (role teacher): multipart with the text fields first and the
 * file last, as the server reads them. The new resource waits for an operator's review.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type MyResourceUpload, type ResourceType } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export interface UploadResourceInput {
  title: string;
  type: ResourceType;
  textbookId: number;
  chapterId?: number;
  description?: string;
  file: File;
}

export function uploadResource(input: UploadResourceInput): Promise<MyResourceUpload> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('type', input.type);
  form.append('textbookId', String(input.textbookId));
  if (input.chapterId !== undefined) form.append('chapterId', String(input.chapterId));
  if (input.description) form.append('description', input.description);
  form.append('file', input.file, input.file.name);
  // Uploads of large courseware take longer than the client's default time-out.
  return apiPost<MyResourceUpload>(ApiPaths.resourceUpload, form, { silent: true, timeout: 10 * 60_000 });
}

export function useUploadResource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadResource,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['resources', 'mine', 'uploads'] }),
  });
}
