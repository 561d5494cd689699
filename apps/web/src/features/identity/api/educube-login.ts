/**
 * `POST ApiPaths.educubeLogin` `{sessionId}` → the login answer, or HTTP 409 EDU.ACCOUNT_NOT_BOUND
 * with `{provider, ticket, cubeAccountId, profile}` (docs/identity.md, Education cube). Silent.
 */
import { ApiPaths, PLATFORM, type LoginData } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export function educubeLogin(sessionId: string): Promise<LoginData> {
  return apiPost<LoginData>(ApiPaths.educubeLogin, { sessionId, platform: PLATFORM }, { silent: true });
}
