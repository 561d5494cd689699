/**
 * The logged-in user's consent to the current 《用户服务协议》/《隐私政策》: `GET ApiPaths.userConsent`
 * tells whether to ask (`consentRequired`), `POST` accepts POLICY_VERSION (docs/privacy.md).
 */
import { ApiPaths, POLICY_VERSION, type ConsentData } from '@eav/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';

const consentKey = (userId: number) => ['user', userId, 'consent'] as const;

/** The consent state of `userId` (null: logged out, nothing is fetched). */
export function useConsent(userId: number | null) {
  return useQuery({
    queryKey: consentKey(userId ?? 0),
    queryFn: () => apiGet<ConsentData>(ApiPaths.userConsent, undefined, { silent: true }),
    enabled: userId !== null,
    staleTime: Infinity,
  });
}

/** Accepts the current version; the answer replaces the cached state, which closes the dialog. */
export function useAcceptConsent(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<ConsentData>(ApiPaths.userConsent, { consentVersion: POLICY_VERSION }),
    onSuccess: (data) => queryClient.setQueryData(consentKey(userId), data),
  });
}
