/**
 * The storage adapter of a configuration (FILE_STORAGE, docs/decisions/020-object-storage.md),
 * built once by the app and handed to the features that keep files.
 */
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config';
import { S3Storage } from './s3-storage';
import { LocalDiskStorage, type ResourceStorage } from './storage';

/**
 * Origins the browser is sent to for stored files: none on local disk; the object store's, with
 * the bucket as a subdomain unless path-style addressing is forced (as the SDK builds its URLs).
 */
export function fileOrigins(config: Pick<AppConfig, 'fileStorage'>): string[] {
  const s3 = config.fileStorage;
  if (s3.kind === 'local') return [];
  const url = new URL(s3.endpoint);
  if (!s3.forcePathStyle) url.hostname = `${s3.bucket}.${url.hostname}`;
  return [url.origin];
}

/**
 * Local disk under DATA_DIR, or the S3 bucket (temporary uploads then under DATA_DIR/tmp, or the
 * system's temporary directory for an in-memory DATA_DIR).
 */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 'fileStorage'>): ResourceStorage {
  const s3 = config.fileStorage;
  if (s3.kind === 'local') return new LocalDiskStorage(config.dataDir);
  const tempRoot = config.dataDir === ':memory:' ? os.tmpdir() : config.dataDir;
  return new S3Storage({ ...s3, tempDir: path.join(tempRoot, 'tmp', 'uploads') });
}
