/**
 * Binds a pending external identity to the logged-in user, with each provider's own call
 * (docs/identity.md, Binding): WeChat `POST ApiPaths.userBind {ticket}`, 之江汇
 * `POST ApiPaths.zjerBinding {ticket}`, education cube `POST ApiPaths.educubeBinding
 * {cubeAccountId, ticket}`. The server binds to whoever the token belongs to, never to an id sent
 * in the body. Answers the bound provider row; 409 BIND.ALREADY_BOUND when taken. Silent.
 */
import { ApiPaths, type BindResultData } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { PendingBinding } from '../utils/pending-binding';

export function bindIdentity(
  pending: Pick<PendingBinding, 'provider' | 'ticket' | 'cubeAccountId'>,
): Promise<BindResultData> {
  const options = { silent: true };
  if (pending.provider === 'zjer')
    return apiPost<BindResultData>(ApiPaths.zjerBinding, { ticket: pending.ticket }, options);
  if (pending.provider === 'educube')
    return apiPost<BindResultData>(
      ApiPaths.educubeBinding,
      { cubeAccountId: pending.cubeAccountId ?? '', ticket: pending.ticket },
      options,
    );
  return apiPost<BindResultData>(ApiPaths.userBind, { ticket: pending.ticket }, options);
}

export function useBindIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindIdentity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
}
