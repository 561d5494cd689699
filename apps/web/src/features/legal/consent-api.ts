/**
 * The logged-in user's consent to the current 《用户服务协议》/《隐私政策》: `GET ApiPaths.userConsent`
 * tells whether to ask (`consentRequired`, and `birthYearRequired` of a student account without a birth
 * year), `POST` accepts POLICY_VERSION (docs/privacy.md).
 */
import { ApiPaths, POLICY_VERSION, type ConsentData } from '@eav/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { useSession } from '@/stores/session';

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

/**
 * Accepts the current version, with the birth year a student account without one gives
 * (`birthYearRequired`). The answer replaces the cached state, which closes the dialog, and the stored
 * user's guardian flag, which shows the guardian banner to a pupil under 14.
 */
export function useAcceptConsent(userId: number) {
  const queryClient = useQueryClient();
  const patchUser = useSession((s) => s.patchUser);
  return useMutation({
    mutationFn: (birthYear?: number) =>
      apiPost<ConsentData>(ApiPaths.userConsent, { consentVersion: POLICY_VERSION, birthYear }, { silent: true }),
    onSuccess: (data) => {
      queryClient.setQueryData(consentKey(userId), data);
      patchUser({ guardianRequired: data.guardianRequired });
    },
  });
}
