/**
 * What happens after a successful login or registration (spec 4, 7): the user (with its token) is
 * stored (token cookie, local `user`, shared cookie), the profile is fetched and merged (avatar…)
 * and saved as `userInfo`, then the browser goes to the `redirect` route or to `fallback`.
 */
import type { LoginData } from '@eav/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { storeUserInfo } from '@/lib/session-storage';
import { useSession } from '@/stores/session';
import { getProfile } from '../api/get-profile';

/**
 * Only in-app routes are accepted as a redirect target (`/x…`, not `//host`), so a crafted link
 * cannot send a freshly logged-in user to another site.
 */
export function safeRedirect(redirect: string | null | undefined, fallback: string): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return fallback;
  return redirect;
}

export function useCompleteLogin(fallback: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (data: LoginData, redirect: string | null | undefined) => {
      const { setUser } = useSession.getState();
      setUser({ ...data, token: data.token });
      // Anything cached for a previous user must not be shown to this one.
      queryClient.clear();
      try {
        const profile = await getProfile(data.userId);
        storeUserInfo(profile);
        const current = useSession.getState().user;
        if (current && current.userId === data.userId) {
          setUser({
            ...current,
            userName: profile.userName,
            name: profile.name,
            phone: profile.phone,
            avatar: profile.avatar,
            roles: profile.roles,
            identity: profile.identity,
            personId: profile.personId,
            zsVerified: profile.zsVerified,
            completed: profile.completed,
          });
        }
      } catch {
        // The login itself succeeded; the profile is fetched again by the pages that need it.
      }
      navigate(safeRedirect(redirect, fallback), { replace: true });
    },
    [navigate, queryClient, fallback],
  );
}
