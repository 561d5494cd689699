/**
 * `POST ApiPaths.loginExchange {code}` → the login answer: exchanges the one-time login code a
 * bound WeChat login put in the URL's `token` parameter for a session (docs/identity.md, WeChat).
 * Only the browser that ran the WeChat flow can (its HttpOnly flow cookie), once, within two
 * minutes; anything else answers 400 OAUTH.INVALID. Silent: the guard says what went wrong itself.
 */
import { ApiPaths, type LoginData } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export function exchangeLoginCode(code: string): Promise<LoginData> {
  return apiPost<LoginData>(ApiPaths.loginExchange, { code, platform: 'WEB' }, { silent: true });
}
