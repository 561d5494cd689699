/**
 * `POST /api/v1/teaching/assignments/{id}/submission/images` (member, multipart field `file`): a photo
 * of an open answer; the server re-encodes and size-limits it and answers its URL.
 */
import { ApiPaths, type AnswerImage } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export function uploadAnswerImage(assignmentId: number, file: Blob, fileName: string): Promise<AnswerImage> {
  const form = new FormData();
  form.append('file', file, fileName);
  return apiPost<AnswerImage>(ApiPaths.teachingWorkImages(assignmentId), form, { silent: true, timeout: 120_000 });
}
