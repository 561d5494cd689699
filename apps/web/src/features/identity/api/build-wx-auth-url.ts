/**
 * `GET ApiPaths.wxAuthUrl?scene&client&redirect` → `{url, expiresIn}`: WeChat's authorisation page
 * (QR login on the desktop, Official-Account authorisation in WeChat's browser). The server binds
 * the single-use `state` to this browser with an HttpOnly cookie (docs/identity.md, WeChat), so
 * the URL is fetched afresh for every attempt and never cached.
 */
import { ApiPaths, type WxAuthUrlData } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export interface WxAuthUrlInput {
  scene: 'login' | 'bind';
  client: 'web' | 'h5';
  /** In-app path to land on after the login (the server refuses anything else). */
  redirect?: string;
}

export function buildWxAuthUrl(input: WxAuthUrlInput): Promise<WxAuthUrlData> {
  return apiGet<WxAuthUrlData>(ApiPaths.wxAuthUrl, input, { silent: true });
}

/** The QR tab's URL; refetched on demand when the state expires. */
export function useWxAuthUrl(input: WxAuthUrlInput, enabled = true) {
  return useQuery({
    queryKey: ['identity', 'wx-auth-url', input.scene, input.client, input.redirect ?? ''],
    queryFn: () => buildWxAuthUrl(input),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
