/**
 * The portal on FILE_STORAGE=s3 against a real S3 protocol server (s3rver on 127.0.0.1): an
 * uploaded image and the avatar made of it live in the bucket, `/uploads/…` answers a redirect to
 * a presigned URL whose answer has the image's type, and nothing is written under DATA_DIR/uploads.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
