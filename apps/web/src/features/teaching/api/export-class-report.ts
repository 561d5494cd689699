/**
 * `GET /api/v1/teaching/classes/{id}/report/export` (owner): the class's grades as an .xlsx file,
 * fetched through the signed client as a blob and saved under the server's file name.
 */
import { ApiPaths } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { fileNameFromDisposition, saveBlob } from '@/lib/download';

/** Downloads the file and returns the name it was saved under. */
export async function exportClassReport(id: number, className: string): Promise<string> {
  const response = await client.request<Blob>({
    method: 'GET',
    url: ApiPaths.teachingClassReportExport(id),
    responseType: 'blob',
    timeout: 120_000,
    silent: true,
  });
  const header = response.headers['content-disposition'];
  const name = fileNameFromDisposition(typeof header === 'string' ? header : undefined) ?? `${className}成绩.xlsx`;
  saveBlob(response.data, name);
  return name;
}

export function useExportClassReport() {
  return useMutation({
    mutationFn: ({ id, className }: { id: number; className: string }) => exportClassReport(id, className),
  });
}
