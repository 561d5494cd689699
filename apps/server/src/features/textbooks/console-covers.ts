/**
 * Covers uploaded in the operator console: re-encoded to WebP (at most 900 × 1200 px, ratio kept)
 * and stored through the storage interface at `textbooks/console-covers/{book}-{random}.webp`, served by
 * `/covers/{id}.webp` like imported covers. A replaced console cover is removed; covers the
 * importer copied (shared by content hash) are left alone.
 */
import { randomBytes } from 'node:crypto';
import { reencodeImage } from '../../lib/image-reencode';
import type { ResourceStorage } from '../../lib/storage';

const PREFIX = 'textbooks/console-covers/';

/** Re-encodes and stores a cover of book `id`; answers its storage key and size in px. */
export async function storeConsoleCover(
  storage: ResourceStorage,
  id: number,
  data: Buffer,
): Promise<{ key: string; width: number; height: number }> {
  const image = await reencodeImage(data, { width: 900, height: 1200, fit: 'inside' });
  const key = `${PREFIX}${id}-${randomBytes(6).toString('hex')}.webp`;
  await storage.put(key, image.data);
  return { key, width: image.width, height: image.height };
}

/** Removes a console cover's bytes (keys of other covers and missing files are ignored). */
export async function removeConsoleCover(storage: ResourceStorage, key: string | null): Promise<void> {
  if (key?.startsWith(PREFIX)) await storage.remove(key);
}
