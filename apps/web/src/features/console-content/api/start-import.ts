/**
 * `POST /api/v1/admin/catalogue/imports` or `POST /api/v1/admin/question-bank/imports?kind=…`
 * (multipart `file`, JSON Lines): starts an import job of `kind` and answers it at once; its progress
 * comes from `watchImport`.
 */
import type { ImportJob, ImportJobKind } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { importPaths } from '../lib/import-kinds';

export function startImport(kind: ImportJobKind, file: File): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', file, file.name);
  // A large file takes a while to upload.
  return apiPost<ImportJob>(importPaths(kind).start, form, { silent: true, timeout: 10 * 60_000 });
}

export function useStartImport(kind: ImportJobKind) {
  return useMutation({ mutationFn: (file: File) => startImport(kind, file) });
}
