/**
 * How the header opens the class server for a teacher (docs/product.md §7, Class-server jump). The
 * jump asks the server for an encrypted key, which lives in features/identity; shared layout code
 * may not import features, so the app provides the hook here (app/shell.tsx). The default offers
 * no jump.
 */
import { createContext, useContext } from 'react';

/** A hook: the jump for `userId` (resolves when the window is opened or the reason shown), or null. */
export type UseClassServerJump = (userId: number | undefined) => (() => Promise<void>) | null;

const noJump: UseClassServerJump = () => null;

export const ClassServerContext = createContext<UseClassServerJump>(noJump);

/** Calls the provided hook. The provider's value must stay the same for the app's lifetime. */
export function useClassServerJump(userId: number | undefined): (() => Promise<void>) | null {
  return useContext(ClassServerContext)(userId);
}
