/** Storage keys of the resources feature's files (docs/decisions/008-resource-storage.md). */
import { randomUUID } from 'node:crypto';

/** `resources/yyyy/mm/{uuid}.{ext}`: random, never reused, so a URL's bytes never change. */
export function newResourceKey(ext: string, now: number): string {
  const d = new Date(now);
  return `resources/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
}
