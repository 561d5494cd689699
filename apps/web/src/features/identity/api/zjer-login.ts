/**
 * `POST ApiPaths.zjerLogin` `{ticket, platform}` → the login answer, or HTTP 409
 * EDU.ACCOUNT_NOT_BOUND with a bind ticket and the provider's profile; 400 OAUTH.INVALID for a bad
 * or used ticket (docs/identity.md, 之江汇). Silent: /zjhAuth shows the reason itself.
 */
import { ApiPaths, PLATFORM, type LoginData } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export function zjerLogin(ticket: string): Promise<LoginData> {
  return apiPost<LoginData>(ApiPaths.zjerLogin, { ticket, platform: PLATFORM }, { silent: true });
}
