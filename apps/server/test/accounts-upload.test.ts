import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files, users } from '../src/db/schema';
import { SIGN_HEADERS, signRequest } from '@eav/contract';
import type { FastifyInstance } from 'fastify';
import { api, TEST_SECRET } from './helpers';
import { registerUser, useAccountsApp } from './accounts-helpers';

const t = useAccountsApp();

/** A multipart upload signed as the web client signs it (BODY is empty for multipart). */
function upload(
  app: FastifyInstance,
  token: string,
  content: Buffer,
  filename = 'a.png',
  contentType = 'image/png',
  url = '/api/v1/files/uploadFile',
) {
  const boundary = '----eavtest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const timestamp = Date.now();
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method: 'POST', path: url, query: {}, body: '', token, timestamp },
        TEST_SECRET,
      ),
    },
    payload,
  });
}

/** A photo-like JPEG with EXIF metadata. */
function photo(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
    .toBuffer();
}

describe('upload', () => {
  it('stores a re-encoded image without metadata and serves it at /uploads with immutable, nosniff headers', async () => {
    const u = await registerUser(t);
    const original = await photo();
    expect(original.includes(Buffer.from('secret-location-data'))).toBe(true);
    for (const url of ['/api/v1/files/uploadFile', '/api/v2/files/uploadFile']) {
      const res = await upload(t.app, u.token, original, 'photo.txt', 'text/plain', url);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ mime: 'image/jpeg', width: 800, height: 600 });
      expect(data.url).toMatch(/^\/uploads\/image\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
      const served = await t.app.inject(data.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes(Buffer.from('secret-location-data'))).toBe(false);
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    }
    expect((await t.app.inject('/uploads/image/../../etc/passwd')).statusCode).toBe(404);
    expect((await t.app.inject('/uploads/image/2020/01/nothing.png')).statusCode).toBe(404);
  });

  it("answers '文件流异常' for a file that is not an image, 415 for SVG, 413 when too large, 401 without login", async () => {
    const u = await registerUser(t);
    const text = await upload(t.app, u.token, Buffer.from('this is not an image at all'), 'x.png');
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ code: 'FILE.STREAM_ABNORMAL', msg: '文件流异常' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const truncated = await upload(t.app, u.token, png.subarray(0, 40));
    expect(truncated.json().msg).toBe('文件流异常');
    const svg = await upload(
      t.app,
      u.token,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().code).toBe('FILE.UNSUPPORTED_TYPE');
    const big = await upload(t.app, u.token, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'FILE.TOO_LARGE', msg: '图片不能超过 5 MB' });
    const anon = await api(t.app, { method: 'POST', url: '/api/v1/files/uploadFile' });
    expect(anon.statusCode).toBe(401);
    const json = await api(t.app, {
      method: 'POST',
      url: '/api/v1/files/uploadFile',
      token: u.token,
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
  });
});

describe('avatar', () => {
  it('sets a 256 px square avatar from an own upload; another user cannot use the file', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    const up = (await upload(t.app, u.token, await photo(900, 500))).json().data;
    const stolen = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${other.userId}/avatars`,
      token: other.token,
      body: { fileId: up.fileId },
    });
    expect(stolen.statusCode).toBe(404);
    const notOwner = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${u.userId}/avatars`,
      token: other.token,
      body: { fileId: up.fileId },
    });
    expect(notOwner.statusCode).toBe(404);
    const res = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${u.userId}/avatars`,
      token: u.token,
      body: { fileId: up.fileId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json().data.avatar as string;
    expect(avatar).toMatch(/^\/uploads\/avatar\/.+\.webp$/);
    const img = await t.app.inject(avatar);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const profile = await api(t.app, { url: `/api/v1/users/${u.userId}`, token: u.token });
    expect(profile.json().data.avatar).toBe(avatar);

    // A second avatar replaces the first, whose file is removed.
    const up2 = (await upload(t.app, u.token, await photo(300, 300))).json().data;
    const res2 = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${u.userId}/avatars`,
      token: u.token,
      body: { fileId: up2.fileId },
    });
    expect((await t.app.inject(avatar)).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.userId));
    expect(row!.avatarUrl).toBe(res2.json().data.avatar);

    // Cancellation removes every stored file of the user.
    await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/client/cancel',
      token: u.token,
      body: { password: u.password },
    });
    expect(await t.app.db.select().from(files).where(eq(files.ownerId, u.userId))).toHaveLength(0);
    expect((await t.app.inject(res2.json().data.avatar)).statusCode).toBe(404);
    expect((await t.app.inject(up2.url)).statusCode).toBe(404);
  });
});
