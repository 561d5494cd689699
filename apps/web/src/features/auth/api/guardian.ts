/**
 * Guardian consent of a pupil under 14 and the 监护人 page (docs/privacy.md, Guardians):
 * `GET/POST ApiPaths.userGuardian`, `POST ApiPaths.userGuardianCode` from the pupil's session;
 * `POST ApiPaths.guardianAccess`, `guardianPupils`, `guardianErasure` from the guardian's phone.
 * Every call is silent: the forms show their own messages.
 */
import {
  ApiPaths,
  POLICY_VERSION,
  type GuardianAccessData,
  type GuardianPupilsData,
  type GuardianStatusData,
  type SmsCodeData,
} from '@eav/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { useSession } from '@/stores/session';

const statusKey = (userId: number) => ['user', userId, 'guardian'] as const;
const silent = { silent: true };

/** The guardian-consent state of the logged-in `userId` (null: nothing is fetched). */
export function useGuardianStatus(userId: number | null) {
  return useQuery({
    queryKey: statusKey(userId ?? 0),
    queryFn: () => apiGet<GuardianStatusData>(ApiPaths.userGuardian, undefined, silent),
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

/** Sends a `guardian` SMS code to the guardian's phone (bound to this pupil). */
export function sendGuardianCode(phone: string): Promise<SmsCodeData> {
  return apiPost<SmsCodeData>(ApiPaths.userGuardianCode, { phone }, silent);
}

export interface GuardianConsentInput {
  phone: string;
  smsCode: string;
  smsTicket: string;
}

/** The guardian's consent; the answer replaces the cached state and the stored user's flag, which removes the banner. */
export function useGuardianConsent(userId: number) {
  const queryClient = useQueryClient();
  const patchUser = useSession((s) => s.patchUser);
  return useMutation({
    mutationFn: (v: GuardianConsentInput) =>
      apiPost<GuardianStatusData>(
        ApiPaths.userGuardian,
        { ...v, consentVersion: POLICY_VERSION, agreed: true },
        silent,
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(statusKey(userId), data);
      patchUser({ guardianRequired: data.guardianRequired });
    },
  });
}

/** The guardian proves the phone (purpose `guardian_access`) and gets the page's token. */
export function openGuardianAccess(v: GuardianConsentInput): Promise<GuardianAccessData> {
  return apiPost<GuardianAccessData>(ApiPaths.guardianAccess, v, silent);
}

/** What the portal holds about each of the guardian's pupils. */
export function guardianPupils(token: string): Promise<GuardianPupilsData> {
  return apiPost<GuardianPupilsData>(ApiPaths.guardianPupils, { token }, silent);
}

/** Erases one of the guardian's pupils' accounts. */
export function eraseGuardianPupil(token: string, userId: number): Promise<null> {
  return apiPost<null>(ApiPaths.guardianErasure, { token, userId }, silent);
}

/** The 监护人 page's data: pupils of the token's phone, refreshed after an erasure. */
export function useGuardianPupils(token: string | null) {
  const queryClient = useQueryClient();
  const key = ['guardian-pupils', token] as const;
  const pupils = useQuery({
    queryKey: key,
    queryFn: () => guardianPupils(token!),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
  const erase = useMutation({
    mutationFn: (userId: number) => eraseGuardianPupil(token!, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { pupils, erase };
}
