/** `POST /api/v1/training/lessons/{id}/heartbeat` `{sessionId}` while a lesson plays: the server credits the time. */
import { ApiPaths, type TrainingHeartbeatResult } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export function sendHeartbeat(lessonId: number, sessionId: string): Promise<TrainingHeartbeatResult> {
  return apiPost<TrainingHeartbeatResult>(ApiPaths.trainingLessonHeartbeat(lessonId), { sessionId }, { silent: true });
}
