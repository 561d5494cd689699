/**
 * What happens after a successful login or registration (docs/product.md §4, §7): the user (with its token) is
 * stored (token cookie, local `user`, shared cookie), the profile is fetched and merged (avatar…)
 * and saved as `userInfo`, then the browser goes to the `redirect` route or to `fallback`.
 */
import type { LoginData } from '@eav/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { profileQueryOptions } from '@/api/profile';
import { storeUserInfo } from '@/lib/session-storage';
import { useSession } from '@/stores/session';

// Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\t/host` or `/\host` would
// become `//host`; other control characters have no place in a route either.
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Only in-app routes are accepted as a redirect target (`/x…`, not `//host`, `/\host` or a path
 * with control characters), so a crafted link cannot send a freshly logged-in user to another site.
 */
export function safeRedirect(redirect: string | null | undefined, fallback: string): string {
  if (!redirect || !redirect.startsWith('/') || CONTROL_CHARS.test(redirect)) return fallback;
  if (redirect[1] === '/' || redirect[1] === '\\') return fallback;
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
        // Through the cache, so the user centre opens with the profile already there.
        const profile = await queryClient.fetchQuery(profileQueryOptions(data.userId));
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
