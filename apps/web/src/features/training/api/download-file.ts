/**
 * Files of the training area fetched through the signed client as blobs and saved under the
 * server's file name: `GET /api/v1/training/archive/export` (研修档案.xlsx) and
 * `GET /api/v1/training/certificates/{id}/pdf` (the holder's certificate).
 */
import { ApiPaths } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { fileNameFromDisposition, saveBlob } from '@/lib/download';

async function download(url: string, fallback: string): Promise<string> {
  const response = await client.request<Blob>({
    method: 'GET',
    url,
    responseType: 'blob',
    timeout: 120_000,
    silent: true,
  });
  const header = response.headers['content-disposition'];
  const name = fileNameFromDisposition(typeof header === 'string' ? header : undefined) ?? fallback;
  saveBlob(response.data, name);
  return name;
}

export const exportArchive = () => download(ApiPaths.trainingArchiveExport, '研修档案.xlsx');
export const downloadCertificate = (id: number) => download(ApiPaths.trainingCertificatePdf(id), '结业证书.pdf');

export function useExportArchive() {
  return useMutation({ mutationFn: exportArchive });
}
export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
