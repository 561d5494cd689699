/**
 * `DELETE ApiPaths.userBinding(userId, provider)` (owner only): unbinds one provider; 409
 * BIND.LAST_METHOD when it is the account's last way to log in (docs/identity.md, 账号绑定).
 */
import { ApiPaths, type ExternalProvider } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { bindingsQueryOptions } from './get-bindings';

export function unbind(userId: number, provider: ExternalProvider): Promise<unknown> {
  return apiDelete<unknown>(ApiPaths.userBinding(userId, provider), { silent: true });
}

export function useUnbind(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: ExternalProvider) => unbind(userId, provider),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bindingsQueryOptions(userId).queryKey }),
  });
}
