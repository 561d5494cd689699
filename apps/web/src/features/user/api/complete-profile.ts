/**
 * `POST ApiPaths.userComplete`: saves the profile form (school, region, stage, grade or
 * subject, real name, optionally a new user name) and answers the updated profile, which replaces
 * the cached one and the local `userInfo`; the header name follows through the session store.
 */
import { ApiPaths, type CompleteProfileBody, type UserProfile } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '@/api/profile';
import { apiPost } from '@/lib/api-client';
import { storeUserInfo } from '@/lib/session-storage';
import { useSession } from '@/stores/session';

export function completeProfile(body: CompleteProfileBody): Promise<UserProfile> {
  return apiPost<UserProfile>(ApiPaths.userComplete, body, { silent: true });
}

export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions(profile.userId).queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: ['user', profile.userId, 'completed'] });
      storeUserInfo(profile);
      useSession.getState().patchUser({ userName: profile.userName, name: profile.name, completed: profile.completed });
    },
  });
}
