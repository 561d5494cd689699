/**
 * `POST /api/v1/admin/catalogue/imports` (multipart `file`, JSON Lines): starts an import job and
 * answers it at once; its progress comes from `watchImport`.
 */
import { ApiPaths, type ImportJob } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export function startImport(file: File): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', file, file.name);
  // A large catalogue takes a while to upload.
  return apiPost<ImportJob>(ApiPaths.adminCatalogueImports, form, { silent: true, timeout: 10 * 60_000 });
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}
