/**
 * The portal on FILE_STORAGE=s3 against a real S3 protocol server (s3rver on 127.0.0.1): an
 * uploaded image and the avatar made of it live in the bucket, `/uploads/…` answers a redirect to
 * a presigned URL whose answer has the image's type, and nothing is written under DATA_DIR/uploads;
 * a textbook PDF imported from the command line is stored in the bucket and served from it, the
 * store answering Range.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths } from '@eav/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textbooks } from '../src/db/schema';
import { importTextbooks } from '../src/features/textbooks/importer';
import { createStorage } from '../src/lib/file-storage';
import { api } from './helpers';
import { registerUser, useAccountsApp } from './accounts-helpers';
import { startTestS3, type TestS3 } from './s3-server';
import { photo, upload } from './upload-helpers';

const t = useAccountsApp();
let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3('eav-app');
  // Before the first app of the file is built (before each test).
  t.config.fileStorage = s3.config;
});
afterAll(async () => {
  await s3?.close();
});

/** Follows the portal's redirect to the store as a browser would. */
async function follow(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(String(res.headers.location));
  expect(location.origin).toBe(s3.config.endpoint);
  const stored = await fetch(location);
  return {
    status: stored.status,
    type: stored.headers.get('content-type'),
    body: Buffer.from(await stored.arrayBuffer()),
  };
}

describe('FILE_STORAGE=s3', () => {
  it('keeps uploads and avatars in the bucket and serves them by presigned redirects', async () => {
    const u = await registerUser(t);
    const up = await upload(t.app, u.token, await photo());
    expect(up.statusCode, up.body).toBe(200);
    const { url, fileId } = up.json().data as { url: string; fileId: string };
    const image = await follow(url);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/jpeg');
    expect((await sharp(image.body).metadata()).width).toBe(800);

    const res = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${u.userId}/avatars`,
      token: u.token,
      body: { fileId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const avatar = await follow(res.json().data.avatar as string);
    expect(avatar.type).toBe('image/webp');
    expect((await sharp(avatar.body).metadata()).width).toBe(256);

    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'image'))).toBe(false);
    // A missing upload is the portal's own 404, not a redirect to the store's error.
    const missing = await t.app.inject('/uploads/image/2020/01/nothing.png');
    expect(missing.statusCode).toBe(404);
  });

  it('serves a textbook PDF imported from the command line from the bucket, where the import stored it', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20_000, 'x'), Buffer.from('\n%%EOF\n')]);
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-s3-import-'));
    fs.writeFileSync(path.join(src, 'book.pdf'), pdf);
    const line = { externalId: 's3-pub', title: '教材 对象存储', stage: '初中', subject: '数学', edition: '人教版' };
    const storage = createStorage(t.config);
    try {
      await importTextbooks(t.database.db, JSON.stringify({ ...line, access: 'public', fileUrl: 'book.pdf' }), {
        baseDir: src,
        storage,
      });
    } finally {
      await storage.close();
    }
    expect(fs.existsSync(path.join(t.config.dataDir, 'textbooks'))).toBe(false);
    const [book] = await t.database.db.select().from(textbooks).where(eq(textbooks.externalId, 's3-pub'));
    const grant = await api(t.app, { url: ApiPaths.textbookRead(book!.id) });
    expect(grant.statusCode, grant.body).toBe(200);
    const url = grant.json().data.url as string;
    const res = await t.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(res.statusCode).toBe(302);
    const part = await fetch(String(res.headers.location), { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${pdf.length}`);
    expect(part.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await part.arrayBuffer()).equals(pdf.subarray(0, 100))).toBe(true);
    fs.rmSync(src, { recursive: true, force: true });
  });
});
