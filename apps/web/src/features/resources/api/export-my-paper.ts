/**
 * `GET /api/v1/users/{userId}/papers/{id}/export?format=docx|pdf` (owner only): the composed paper as
 * a file. The call is signed like every API call, so it is fetched as a blob and saved from memory.
 */
import { ApiPaths, type ExportFormat } from '@eav/contract';
import { ApiError, client } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** The file name of `Content-Disposition` (RFC 5987 `filename*` first), or undefined. */
export function dispositionFileName(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1];
}

export async function exportMyPaper(userId: number, paperId: number, format: ExportFormat, title: string) {
  try {
    const res = await client.request<Blob>({
      method: 'GET',
      url: ApiPaths.userPaperExport(userId, paperId),
      params: { format },
      responseType: 'blob',
      silent: true,
      timeout: 120_000,
    });
    saveBlob(res.data, dispositionFileName(res.headers['content-disposition']) ?? `${title}.${format}`);
  } catch (err) {
    // An error answer arrives as a blob, so its message is not read: say what the status means.
    if (err instanceof ApiError && err.status === 404) throw new ApiError(404, err.code, '试卷不存在或已删除');
    if (err instanceof ApiError && err.status === 401) throw new ApiError(401, err.code, '登录已过期，请重新登录');
    throw err;
  }
}
