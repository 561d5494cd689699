/**
 * How the header learns the teaching back-office address (docs/product.md §6, §7). The check is an API call that
 * lives in features/permission; shared layout code may not import features, so the app provides
 * the hook here (app/shell.tsx). The default says "no back-office".
 */
import { createContext, useContext } from 'react';

/** A hook: the back-office address for `userId` when the permission check allowed it, else null. */
export type UseBackOffice = (userId: number | undefined) => string | null;

const noBackOffice: UseBackOffice = () => null;

export const BackOfficeContext = createContext<UseBackOffice>(noBackOffice);

/** Calls the provided hook. The provider's value must stay the same for the app's lifetime. */
export function useBackOffice(userId: number | undefined): string | null {
  return useContext(BackOfficeContext)(userId);
}
