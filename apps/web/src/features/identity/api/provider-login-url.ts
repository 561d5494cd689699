/**
 * Where each provider's login starts (docs/identity.md): `GET ApiPaths.zjerLoginUrl` (desktop),
 * `GET ApiPaths.zjerMobileLoginUrl` (H5 and the bare /mobile/login) and
 * `GET ApiPaths.educubeRedirectUrl` (`educube` from H5, `educubeWeb` from the desktop, which comes
 * back to `redirect`), each → `{url}` of the provider's login page with our service URL. The
 * browser then leaves for that page. Silent: the buttons show their own failure.
 */
import { ApiPaths, type RedirectUrlData } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type ProviderStart = 'zjer' | 'zjerMobile' | 'educube' | 'educubeWeb';

const PATHS: Record<ProviderStart, string> = {
  zjer: ApiPaths.zjerLoginUrl,
  zjerMobile: ApiPaths.zjerMobileLoginUrl,
  educube: ApiPaths.educubeRedirectUrl,
  educubeWeb: ApiPaths.educubeRedirectUrl,
};

function queryOf(which: ProviderStart, redirect: string | undefined) {
  if (which === 'educube') return { client: 'h5', redirect };
  if (which === 'educubeWeb') return { client: 'web', redirect };
  return { redirect };
}

export function getProviderLoginUrl(which: ProviderStart, redirect?: string): Promise<RedirectUrlData> {
  return apiGet<RedirectUrlData>(PATHS[which], queryOf(which, redirect), { silent: true });
}

export function useProviderLoginUrl() {
  return useMutation({
    mutationFn: ({ which, redirect }: { which: ProviderStart; redirect?: string }) =>
      getProviderLoginUrl(which, redirect),
  });
}
