/**
 * `PUT /api/v1/teaching/assignments/{id}/submission/answers` (member): autosave, upsert by item. The
 * answer holds the saved answers with their grades (choice and fill-in are graded at once).
 */
import { ApiPaths, type SaveAnswersBody, type SubmissionDetail } from '@eav/contract';
import { apiPut } from '@/lib/api-client';

export function saveAnswers(assignmentId: number, body: SaveAnswersBody): Promise<SubmissionDetail> {
  return apiPut<SubmissionDetail>(ApiPaths.teachingWorkAnswers(assignmentId), body, { silent: true });
}
