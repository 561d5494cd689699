/**
 * `POST ApiPaths.cancelAccount`: the owner cancels the account, confirmed by an SMS code
 * (purpose `cancel`, sent to the account's phone) or the login password. Personal data is erased
 * or anonymised and the token dies, so the local session is cleared afterwards.
 */
import { ApiPaths, type CancelAccountBody } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export function cancelAccount(body: CancelAccountBody): Promise<unknown> {
  return apiPost<unknown>(ApiPaths.cancelAccount, body, { silent: true });
}

export function useCancelAccount() {
  return useMutation({ mutationFn: cancelAccount });
}
