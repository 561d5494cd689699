/**
 * `GET /prize/api/v1/action/{userId}/heartbeat?activityCode&textbookId&sessionId` (docs/prize.md):
 * one beat of a reading session. The server credits the time since the session's previous beat on
 * its own clock. Silent: a reader never shows toasts about the activity.
 */
import { ApiPaths, type HeartbeatQuery, type HeartbeatResult } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function sendHeartbeat(userId: number, query: HeartbeatQuery): Promise<HeartbeatResult> {
  return apiGet<HeartbeatResult>(ApiPaths.prizeHeartbeat(userId), query, { silent: true });
}
