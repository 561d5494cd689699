/**
 * A console call answered by a file (exports, a new code batch). Failures arrive as a JSON envelope
 * inside the blob, so they are read here and rethrown as ApiError with the server's Chinese message
 * (the client's interceptor cannot read a blob); the caller shows it.
 */
import type { AxiosRequestConfig } from 'axios';
import { ApiError, client } from '@/lib/api-client';
import { fileNameFromDisposition, saveBlob } from '@/lib/download';

export interface SavedFile {
  fileName: string;
  headers: Record<string, string>;
}

/** Performs `config`, saves the file under the server's name (else `fallbackName`), or throws ApiError. */
export async function fetchFile(config: AxiosRequestConfig, fallbackName: string): Promise<SavedFile> {
  const res = await client.request<Blob>({ ...config, responseType: 'blob', validateStatus: () => true, silent: true });
  if (res.status !== 200) {
    let msg = `请求失败（${res.status}）`;
    let code: number | string = res.status;
    try {
      const body = JSON.parse(await res.data.text()) as { code?: number | string; msg?: string };
      msg = body.msg || msg;
      code = body.code ?? code;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(res.status, code, msg);
  }
  const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
  const fileName = fileNameFromDisposition(headers['content-disposition']) ?? fallbackName;
  saveBlob(res.data, fileName);
  return { fileName, headers };
}
