/**
 * `POST ApiPaths.userIdentity(userId)` `{identity}`: a new account declares 学生, 教师 or 家长 once
 * (docs/identity.md, New accounts) and gets the matching roles, which go into the stored user.
 */
import { ApiPaths, type DeclarableIdentity, type SelectIdentityData } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function selectIdentity(userId: number, identity: DeclarableIdentity): Promise<SelectIdentityData> {
  return apiPost<SelectIdentityData>(ApiPaths.userIdentity(userId), { identity }, { silent: true });
}

export function useSelectIdentity(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identity: DeclarableIdentity) => selectIdentity(userId, identity),
    onSuccess: (data) => {
      useSession.getState().patchUser({ identity: data.identity, roles: data.roles });
      void queryClient.invalidateQueries({ queryKey: ['user', userId] });
    },
  });
}
