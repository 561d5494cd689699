/**
 * `GET ApiPaths.wechatH5Login?code&state` → `{url}`: the server exchanges WeChat's code and answers
 * the in-app URL the `code` route guard goes to (docs/product.md §4; docs/identity.md, WeChat).
 * Silent: the guard says what went wrong itself.
 */
import { ApiPaths, type RedirectUrlData } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function wechatH5Login(code: string, state: string): Promise<RedirectUrlData> {
  return apiGet<RedirectUrlData>(ApiPaths.wechatH5Login, { code, state }, { silent: true });
}
