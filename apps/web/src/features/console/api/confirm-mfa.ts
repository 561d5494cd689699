/** `POST /api/v1/console/mfa/confirm`: the first code confirms enrolment; answers the recovery codes once. */
import { ApiPaths, type ConsoleMfaConfirmBody, type ConsoleRecoveryCodes } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export const confirmMfa = (body: ConsoleMfaConfirmBody) =>
  apiPost<ConsoleRecoveryCodes>(ApiPaths.consoleMfaConfirm, body, { silent: true });

export function useConfirmMfa() {
  return useMutation({ mutationFn: confirmMfa });
}
