/** `POST /api/v1/console/mfa/verify`: a TOTP code or a recovery code opens the console for the current login. */
import { ApiPaths, type ConsoleMfaState, type ConsoleMfaVerifyBody } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { MFA_STATE_KEY } from './mfa-state';

export const verifyMfa = (body: ConsoleMfaVerifyBody) =>
  apiPost<ConsoleMfaState>(ApiPaths.consoleMfaVerify, body, { silent: true });

export function useVerifyMfa() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: verifyMfa, onSuccess: (s) => qc.setQueryData(MFA_STATE_KEY, s) });
}
