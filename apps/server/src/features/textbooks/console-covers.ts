/**
 * Covers uploaded in the operator console: re-encoded to WebP (at most 900 × 1200 px, ratio kept)
 * and stored under DATA_DIR at `textbooks/console-covers/{book}-{random}.webp`, served by
 * `/covers/{id}.webp` like imported covers. A replaced console cover is removed; covers the
 * importer copied (shared by content hash) are left alone.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../../lib/errors';
import { reencodeImage } from '../../lib/image-reencode';
import { storagePath } from './media';

const PREFIX = 'textbooks/console-covers/';

/** Re-encodes and stores a cover of book `id`; answers its storage key and size in px. */
export async function storeConsoleCover(
  dataDir: string,
  id: number,
  data: Buffer,
): Promise<{ key: string; width: number; height: number }> {
  const image = await reencodeImage(data, { width: 900, height: 1200, fit: 'inside' });
  const key = `${PREFIX}${id}-${randomBytes(6).toString('hex')}.webp`;
  const abs = storagePath(dataDir, key);
  if (!abs) throw badRequest('此部署未配置文件存储，无法上传封面');
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, image.data, { flag: 'wx' });
  return { key, width: image.width, height: image.height };
}

/** Removes a console cover's bytes (keys of other covers and missing files are ignored). */
export async function removeConsoleCover(dataDir: string, key: string | null): Promise<void> {
  if (!key?.startsWith(PREFIX)) return;
  const abs = storagePath(dataDir, key);
  if (abs) await fs.rm(abs, { force: true });
}
