/**
 * Session store (Zustand): the logged-in user, loaded at start from local storage or the shared
 * cookie (docs/product.md §4), with the transitions of docs/product.md §4: login, 401 (silent), log out.
 */
import { create } from 'zustand';
import { TEACHER_ROLE } from '@eav/contract';
import { clearSession, clearToken, loadStoredUser, storeUser, type SessionUser } from '@/lib/session-storage';

interface SessionState {
  user: SessionUser | null;
  /** Stores the user after login or a profile refresh (merged into the stored object). */
  setUser(user: SessionUser): void;
  /** Merges profile fields (e.g. a new avatar) into the current user. */
  patchUser(patch: Partial<SessionUser>): void;
  /** 401: forget the user and token silently, no redirect. */
  dropToken(): void;
  /** Log out: clear everything stored; the caller navigates to `/`. */
  clear(): void;
}

export const useSession = create<SessionState>((set, get) => ({
  user: loadStoredUser(),
  setUser(user) {
    storeUser(user);
    set({ user });
  },
  patchUser(patch) {
    const user = get().user;
    if (!user) return;
    const next = { ...user, ...patch };
    storeUser(next);
    set({ user: next });
  },
  dropToken() {
    clearToken();
    set({ user: null });
  },
  clear() {
    clearSession();
    set({ user: null });
  },
}));

/** A teacher is a user whose roles include 'teacher' (docs/product.md §5). */
export function isTeacher(user: Pick<SessionUser, 'roles'> | null | undefined): boolean {
  return !!user?.roles?.includes(TEACHER_ROLE);
}

/** A 'Zjer teacher' is a teacher with a personId or zsVerified (docs/product.md §5). */
export function isZjerTeacher(user: SessionUser | null | undefined): boolean {
  return isTeacher(user) && !!(user?.personId || user?.zsVerified);
}
