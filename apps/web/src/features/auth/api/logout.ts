/**
 * `POST ApiPaths.logout` revokes the token; the local session is cleared whatever the answer
 * (spec 4: log out clears user, user info, the shared cookie, and goes to `/`).
 */
import { ApiPaths } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export async function logout(): Promise<void> {
  try {
    await apiPost(ApiPaths.logout, undefined, { silent: true });
  } catch {
    // An already invalid token is as good as revoked; the local session goes either way.
  } finally {
    useSession.getState().clear();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
