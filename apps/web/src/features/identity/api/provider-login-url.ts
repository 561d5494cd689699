/**
 * Where each provider's login starts (docs/identity.md): `GET ApiPaths.zjerLoginUrl` (desktop),
 * `GET ApiPaths.zjerMobileLoginUrl` (H5 and the bare /mobile/login) and
 * `GET ApiPaths.educubeRedirectUrl`, each → `{url}` of the provider's login page with our service
 * URL. The browser then leaves for that page. Silent: the buttons show their own failure.
 */
import { ApiPaths, type RedirectUrlData } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type ProviderStart = 'zjer' | 'zjerMobile' | 'educube';

const PATHS: Record<ProviderStart, string> = {
  zjer: ApiPaths.zjerLoginUrl,
  zjerMobile: ApiPaths.zjerMobileLoginUrl,
  educube: ApiPaths.educubeRedirectUrl,
};

export function getProviderLoginUrl(which: ProviderStart, redirect?: string): Promise<RedirectUrlData> {
  return apiGet<RedirectUrlData>(PATHS[which], which === 'educube' ? undefined : { redirect }, { silent: true });
}

export function useProviderLoginUrl() {
  return useMutation({
    mutationFn: ({ which, redirect }: { which: ProviderStart; redirect?: string }) =>
      getProviderLoginUrl(which, redirect),
  });
}
