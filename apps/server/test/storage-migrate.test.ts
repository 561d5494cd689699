/**
 * `npm run storage:migrate` (lib/storage-migrate.ts) against a real S3 protocol server: the stored
 * files of a DATA_DIR land in the bucket under the same keys with their SHA-256, a second run skips
 * them all, a changed or half-copied file is copied again, and nothing outside the stored-file
 * folders (embedded database, caches, temporary uploads) is copied.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/lib/file-storage';
import { S3Storage, UPLOAD_PART_BYTES } from '../src/lib/s3-storage';
import { listMigrationFiles, migrateFiles, SHA256_METADATA } from '../src/lib/storage-migrate';
import { startTestS3, type TestS3 } from './s3-server';

let s3: TestS3;
let storage: S3Storage;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-migrate-'));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Writes `data` at `rel` under the data directory. */
function write(rel: string, data: Buffer | string): Buffer {
  const abs = path.join(dataDir, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, data);
  return Buffer.from(data);
}

const files: Record<string, Buffer> = {};

beforeAll(async () => {
  s3 = await startTestS3('eav-migrate');
  const made = createStorage({ dataDir, fileStorage: s3.config });
  if (!(made instanceof S3Storage)) throw new Error('expected the S3 adapter');
  storage = made;
  files['uploads/avatar/2026/11/a.webp'] = write('uploads/avatar/2026/11/a.webp', randomBytes(2048));
  files['resources/2026/11/b.pdf'] = write('resources/2026/11/b.pdf', '%PDF-1.7 同步练习');
  // Larger than one upload part: copied in parts.
  files['videos/v1/lesson/video.mp4'] = write('videos/v1/lesson/video.mp4', randomBytes(UPLOAD_PART_BYTES + 4096));
  files['textbooks/files/c.pdf'] = write('textbooks/files/c.pdf', '%PDF-1.4 教材');
  // Not stored files: never copied.
  write('pgdata/base/1/1259', 'database page');
  write('cache/covers/1.webp', 'rendered cover');
  write('resources/tmp/upload-in-flight.upload', 'half an upload');
  write('sms-outbox.jsonl', '{"phone":"13800000000"}\n');
});
afterAll(async () => {
  await storage?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('storage:migrate', () => {
  it('lists only the stored-file folders, in key order', async () => {
    const listed = await listMigrationFiles(dataDir);
    expect(listed.map((f) => f.key)).toEqual(Object.keys(files).sort());
    expect(listed.find((f) => f.key === 'resources/2026/11/b.pdf')?.size).toBe(
      files['resources/2026/11/b.pdf']!.length,
    );
  });

  it('copies every file with its SHA-256, then skips them all on a second run', async () => {
    const listed = await listMigrationFiles(dataDir);
    const progress: number[] = [];
    const first = await migrateFiles(storage, listed, { onProgress: (done) => progress.push(done) });
    expect(first).toMatchObject({ copied: 4, skipped: 0, failed: [] });
    const total = Object.values(files).reduce((s, b) => s + b.length, 0);
    expect(first.copiedBytes).toBe(total);
    expect(progress.at(-1)).toBe(total);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    for (const [key, data] of Object.entries(files)) {
      // Hashes, not the bytes: a deep comparison of megabytes is slow.
      expect(sha((await storage.get(key))!)).toBe(sha(data));
      expect((await storage.head(key))?.metadata[SHA256_METADATA]).toBe(sha(data));
    }
    const second = await migrateFiles(storage, listed);
    expect(second).toMatchObject({ copied: 0, skipped: 4, failed: [], copiedBytes: 0 });
  });

  it('copies again a file that changed and an object left without its checksum (an interrupted copy)', async () => {
    files['resources/2026/11/b.pdf'] = write('resources/2026/11/b.pdf', '%PDF-1.7 同步练习 第二版');
    await storage.client.send(
      new PutObjectCommand({
        Bucket: storage.bucket,
        Key: 'textbooks/files/c.pdf',
        Body: Buffer.from('%PDF-1.4 教材'),
      }),
    );
    const report = await migrateFiles(storage, await listMigrationFiles(dataDir));
    expect(report).toMatchObject({ copied: 2, skipped: 2, failed: [] });
    expect(await storage.get('resources/2026/11/b.pdf')).toEqual(files['resources/2026/11/b.pdf']);
    expect((await storage.head('textbooks/files/c.pdf'))?.metadata[SHA256_METADATA]).toBe(
      sha(files['textbooks/files/c.pdf']!),
    );
  });

  it('records a file that cannot be read and goes on with the others', async () => {
    const listed = await listMigrationFiles(dataDir);
    const gone = {
      key: 'uploads/image/2026/11/gone.png',
      abs: path.join(dataDir, 'uploads/image/2026/11/gone.png'),
      size: 10,
    };
    const report = await migrateFiles(storage, [gone, ...listed]);
    expect(report.failed.map((f) => f.key)).toEqual([gone.key]);
    expect(report.skipped).toBe(4);
  });
});
