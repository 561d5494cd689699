/**
 * Copies the stored files of a DATA_DIR into the object store under the same keys
 * (`npm run storage:migrate`, docs/operations.md, Moving files to object storage). Resumable and
 * idempotent: an object whose size and SHA-256 (kept in its `x-amz-meta-sha256`) match the file is
 * skipped, so a run that stopped halfway is simply run again. Every object written is read back
 * and its SHA-256 compared with the file's.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Storage } from './s3-storage';
import { validKey } from './storage';

/**
 * The folders of DATA_DIR whose files are reached through the storage interface: uploads and
 * avatars, resources, textbook files and covers, lesson videos. Everything else (the embedded
 * database, caches, temporary uploads, the SMS outbox) stays where it is.
 */
export const MIGRATED_FOLDERS = ['uploads', 'resources', 'textbooks', 'videos'] as const;
/** Temporary uploads below the migrated folders (LocalDiskStorage.tempFile): never copied. */
const SKIPPED_FOLDERS = new Set(['resources/tmp']);
/** The object metadata entry holding the file's SHA-256 (hex). */
export const SHA256_METADATA = 'sha256';

/** One file of DATA_DIR to copy. */
export interface MigrationFile {
  key: string;
  abs: string;
  size: number;
}

/** What a run did, by file count; `failed` names each file with the reason. */
export interface MigrationReport {
  copied: number;
  skipped: number;
  failed: { key: string; reason: string }[];
  /** Bytes of the files copied this run. */
  copiedBytes: number;
}

export interface MigrationOptions {
  /** Told after each file with the bytes done so far (copied or skipped) and the file. */
  onProgress?: (doneBytes: number, file: MigrationFile) => void;
}

/** Files of the migrated folders, sorted by key; names no key may have are left out. */
export async function listMigrationFiles(dataDir: string): Promise<MigrationFile[]> {
  const out: MigrationFile[] = [];
  const walk = async (rel: string): Promise<void> => {
    if (SKIPPED_FOLDERS.has(rel)) return;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(dataDir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const key = `${rel}/${e.name}`;
      if (e.isDirectory()) await walk(key);
      else if (e.isFile() && validKey(key)) {
        const abs = path.join(dataDir, key);
        out.push({ key, abs, size: (await fs.stat(abs)).size });
      }
    }
  };
  for (const folder of MIGRATED_FOLDERS) await walk(folder);
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** SHA-256 (hex) of a stream, read to its end. */
async function sha256Of(stream: Readable | NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

/** SHA-256 of the object's bytes as the store answers them. */
async function objectSha256(storage: S3Storage, key: string): Promise<string> {
  const answer = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  if (!answer.Body) throw new Error('empty answer');
  return sha256Of(answer.Body as Readable);
}

/**
 * Copies every file of `files` (see listMigrationFiles) into `storage`. A file whose object has
 * the same size and SHA-256 metadata is skipped; any other is uploaded (streamed, multipart when
 * large) with its SHA-256 as metadata, then read back and checked. A failure is recorded and the
 * run goes on with the next file.
 */
export async function migrateFiles(
  storage: S3Storage,
  files: readonly MigrationFile[],
  opts: MigrationOptions = {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0, failed: [], copiedBytes: 0 };
  let done = 0;
  for (const file of files) {
    try {
      const sha256 = await sha256Of(createReadStream(file.abs));
      const head = await storage.head(file.key);
      if (head && head.size === file.size && head.metadata[SHA256_METADATA] === sha256) {
        report.skipped++;
      } else {
        const body = createReadStream(file.abs);
        try {
          await storage.upload(file.key, body, file.size, { [SHA256_METADATA]: sha256 });
        } finally {
          body.destroy();
        }
        const stored = await objectSha256(storage, file.key);
        if (stored !== sha256) throw new Error(`SHA-256 of the stored object differs (${stored})`);
        report.copied++;
        report.copiedBytes += file.size;
      }
    } catch (err) {
      report.failed.push({ key: file.key, reason: err instanceof Error ? err.message : String(err) });
    }
    done += file.size;
    opts.onProgress?.(done, file);
  }
  return report;
}
