/**
 * What the 在线阅读 action does for a book and a visitor (docs/api.md, Reader): read now, log in
 * first, activate with a code, or nothing (no electronic edition).
 */
import type { TextbookAccess } from '@eav/contract';

export type ReadAction = 'read' | 'login' | 'activate' | 'unavailable';

export interface AccessFacts {
  access: TextbookAccess;
  hasFile: boolean;
  owned: boolean;
  /** The server's verdict for the current user (authoritative when true). */
  canRead: boolean;
}

export function readAction(book: AccessFacts, loggedIn: boolean): ReadAction {
  if (book.canRead) return 'read';
  if (!book.hasFile) return 'unavailable';
  if (!loggedIn && book.access !== 'public') return 'login';
  if (book.access === 'activation' && !book.owned) return 'activate';
  return 'unavailable';
}
