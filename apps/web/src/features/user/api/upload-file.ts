/**
 * `POST ApiPaths.uploadFile` (multipart field `file`; docs/accounts.md) → the stored, re-encoded image.
 * The server checks the content; an unreadable file answers '文件流异常'.
 */
import { ApiPaths, type UploadFileData } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export function uploadFile(file: Blob, fileName: string): Promise<UploadFileData> {
  const form = new FormData();
  form.append('file', file, fileName);
  return apiPost<UploadFileData>(ApiPaths.uploadFile, form, { silent: true });
}
