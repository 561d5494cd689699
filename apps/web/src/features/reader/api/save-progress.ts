/**
 * `PUT /api/v1/textbooks/{id}/progress {page, totalPages}`: where the user stopped reading.
 * Silent: a failed save must not interrupt reading. `keepalive` lets the last save of a page that
 * is being closed or reloaded reach the server.
 */
import { ApiPaths, type ProgressBody, type ReadingProgress } from '@eav/contract';
import { apiPut } from '@/lib/api-client';

export function saveProgress(
  id: number,
  body: ProgressBody,
  options: { keepalive?: boolean } = {},
): Promise<ReadingProgress> {
  return apiPut<ReadingProgress>(ApiPaths.textbookProgress(id), body, {
    silent: true,
    ...(options.keepalive ? { adapter: 'fetch', fetchOptions: { keepalive: true } } : {}),
  });
}
