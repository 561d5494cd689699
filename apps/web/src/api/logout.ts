/**
 * Log out (docs/product.md §4): `POST ApiPaths.logout` revokes the token, then the local session is
 * cleared whatever the answer (stored user and user info, token and shared-domain cookies) and the
 * cached answers that belong to the user (profile, permission check) are dropped. Navigation is the
 * caller's (the desktop header goes to `/`).
 */
import { ApiPaths } from '@eav/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useSession } from '@/stores/session';

/** Query-key roots of the answers that belong to the logged-in user (lessons say whether they may watch). */
const USER_QUERY_ROOTS = ['user', 'permission', 'videos'] as const;

/** Resolves once the session is cleared; never rejects. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    // The token must still be sent, so the session is cleared after the call settles.
    await apiPost(ApiPaths.logout, undefined, { silent: true });
  } catch {
    // An already invalid token is as good as revoked; the local session goes either way.
  } finally {
    useSession.getState().clear();
    for (const root of USER_QUERY_ROOTS) queryClient.removeQueries({ queryKey: [root] });
  }
}
