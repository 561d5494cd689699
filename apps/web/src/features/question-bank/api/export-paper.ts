/**
 * `GET /api/v1/papers/{id}/export` and `GET /api/v1/users/{userId}/papers/{id}/export` (login): the
 * DOCX or PDF file. Fetched through the signed client as a blob and saved under the server's Chinese
 * file name (`Content-Disposition: filename*=UTF-8''…`).
 */
import { ApiPaths, type ExportFormat } from '@eav/contract';
import { client } from '@/lib/api-client';
import { fileNameFromDisposition, saveBlob } from '@/lib/download';

export interface ExportTarget {
  /** A paper of the paper centre, or a composed paper of `userId`. */
  kind: 'paper' | 'composed';
  id: number;
  userId?: number;
  title: string;
}

export function exportUrl(target: ExportTarget): string {
  return target.kind === 'paper'
    ? ApiPaths.paperExport(target.id)
    : ApiPaths.userPaperExport(target.userId!, target.id);
}

/** Downloads the export and returns the file name it was saved under. */
export async function exportPaper(target: ExportTarget, format: ExportFormat, answers = true): Promise<string> {
  const response = await client.request<Blob>({
    method: 'GET',
    url: exportUrl(target),
    params: { format, answers: answers ? 'true' : 'false' },
    responseType: 'blob',
    // Large papers take a few seconds to lay out as PDF.
    timeout: 120_000,
    silent: true,
  });
  const header = response.headers['content-disposition'];
  const name = fileNameFromDisposition(typeof header === 'string' ? header : undefined) ?? `${target.title}.${format}`;
  saveBlob(response.data, name);
  return name;
}
