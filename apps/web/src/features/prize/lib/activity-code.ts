/**
 * The activity the visitor follows, kept in local storage under `activityCode` (docs/product.md §9):
 * the activity page stores it, the readers and the lesson player read it to know which activity
 * their reading time counts for.
 */
import { STORAGE_KEYS } from '@eav/contract';

/** Codes are short identifiers; anything else in storage or a link is ignored. */
const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isActivityCode(value: unknown): value is string {
  return typeof value === 'string' && CODE.test(value);
}

export function loadActivityCode(): string | null {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.activityCode);
    return isActivityCode(v) ? v : null;
  } catch {
    return null;
  }
}

export function storeActivityCode(code: string): void {
  if (!isActivityCode(code)) return;
  try {
    localStorage.setItem(STORAGE_KEYS.activityCode, code);
  } catch {
    // Private mode or a full storage: the page still works, the readers fall back to the current activity.
  }
}
