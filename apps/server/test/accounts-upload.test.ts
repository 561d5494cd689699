import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { ApiPaths } from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { files, users } from '../src/db/schema';
import { UNUSED_UPLOAD_TTL_MS, UPLOAD_QUOTA, uploadsDir } from '../src/features/accounts/files';
import { SWEEP_EVERY_MS } from '../src/features/accounts/routes-uploads';
import { POLL_MS } from '../src/lib/job-queue';
import { api } from './helpers';
import { registerUser, useAccountsApp } from './accounts-helpers';
import { photo, upload } from './upload-helpers';

const t = useAccountsApp();

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

/** Records `count` earlier uploads of `ownerId` (rows only), `agoMs` before the app clock. */
async function earlierUploads(ownerId: number, count: number, agoMs: number, size = 1000) {
  await t.app.db.insert(files).values(
    Array.from({ length: count }, () => ({
      ownerId,
      purpose: 'image',
      mime: 'image/png',
      size,
      sha256: '0'.repeat(64),
      storageKey: `image/2000/01/${randomUUID()}.png`,
      createdAt: new Date(t.clock.now - agoMs),
    })),
  );
}

/** Every stored file under the test's uploads directory. */
function storedFiles(): string[] {
  const root = uploadsDir(t.config.dataDir);
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.\w+$/.test(f))
    : [];
}

describe('upload quota', () => {
  it(`allows ${UPLOAD_QUOTA.files} uploads in 24 hours, then answers 429 until the oldest leaves the window`, async () => {
    const u = await registerUser(t);
    await earlierUploads(u.userId, UPLOAD_QUOTA.files - 1, 3600_000);
    const png = await photo(40, 40);
    expect((await upload(t.app, u.token, png)).statusCode).toBe(200);
    const over = await upload(t.app, u.token, png);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'RATE.LIMITED',
      msg: `24 小时内最多上传 ${UPLOAD_QUOTA.files} 张图片，请稍后再试`,
    });
    // The oldest upload was an hour ago: it leaves the 24-hour window in 23 hours.
    expect(over.json().data.retryAfter).toBe(23 * 3600);
    // Other users are not affected.
    expect((await upload(t.app, (await registerUser(t)).token, png)).statusCode).toBe(200);
    t.clock.advance(23 * 3600_000 + 1000);
    expect((await upload(t.app, u.token, png)).statusCode).toBe(200);
  });

  it('counts parallel uploads exactly', async () => {
    const u = await registerUser(t);
    await earlierUploads(u.userId, UPLOAD_QUOTA.files - 1, 60_000);
    const png = await photo(40, 40);
    const codes = (await Promise.all([1, 2, 3].map(() => upload(t.app, u.token, png)))).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 429, 429]);
    const rows = await t.app.db.select().from(files).where(eq(files.ownerId, u.userId));
    expect(rows).toHaveLength(UPLOAD_QUOTA.files);
  });

  it('answers 413 when the stored bytes of 24 hours would pass the quota, and keeps nothing', async () => {
    const u = await registerUser(t);
    await earlierUploads(u.userId, 1, 60_000, UPLOAD_QUOTA.bytes - 100);
    const before = storedFiles();
    const res = await upload(t.app, u.token, await photo(200, 200));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'FILE.TOO_LARGE',
      msg: `24 小时内上传的图片总大小不能超过 ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB，请稍后再试`,
    });
    expect(storedFiles()).toEqual(before);
    expect(await t.app.db.select().from(files).where(eq(files.ownerId, u.userId))).toHaveLength(1);
  });
});

describe('sweep of unused uploads', () => {
  it('removes uploads that never became an avatar a day after the upload, at start', async () => {
    const u = await registerUser(t);
    const source = (await upload(t.app, u.token, await photo(300, 300))).json().data;
    const unused = (await upload(t.app, u.token, await photo(200, 100))).json().data;
    const avatar = (
      await api(t.app, {
        method: 'POST',
        url: ApiPaths.userAvatar(u.userId),
        token: u.token,
        body: { fileId: source.fileId },
      })
    ).json().data.avatar as string;

    // Every app on the database polls the queue, and any of them may run a period's sweep: the checks
    // wait for all of them.
    const settled = (...apps: FastifyInstance[]) => Promise.all(apps.map((a) => a.jobQueue.settled()));
    t.clock.advance(UNUSED_UPLOAD_TTL_MS - 3600_000);
    const early = await t.build();
    await settled(t.app, early);
    expect((await early.inject(unused.url)).statusCode).toBe(200);
    expect((await early.inject(source.url)).statusCode).toBe(200);

    t.clock.advance(2 * 3600_000);
    const late = await t.build();
    await settled(t.app, early, late);
    for (const url of [unused.url, source.url]) expect((await late.inject(url)).statusCode).toBe(404);
    const left = await t.app.db.select().from(files).where(eq(files.ownerId, u.userId));
    expect(left.map((f) => f.purpose)).toEqual(['avatar']);
    expect((await late.inject(avatar)).statusCode).toBe(200);
    const profile = await api(late, { url: ApiPaths.user(u.userId), token: u.token });
    expect(profile.json().data.avatar).toBe(avatar);
  });

  it('sweeps again once its period passed, and stops when the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const timersBefore = vi.getTimerCount();
      const app = await t.build();
      await app.jobQueue.settled();
      // The reading-credit flusher (decision 012), the big-data refresh and the job queue's poll (the
      // upload sweep and the chat purge are its periodic tasks) each keep one interval.
      expect(vi.getTimerCount()).toBe(timersBefore + 3);
      const u = await registerUser(t);
      const up = (await upload(app, u.token, await photo(60, 60))).json().data;
      t.clock.advance(UNUSED_UPLOAD_TTL_MS + 1000);
      expect((await app.inject(up.url)).statusCode).toBe(200);
      expect(UNUSED_UPLOAD_TTL_MS).toBeGreaterThan(SWEEP_EVERY_MS);
      await vi.advanceTimersByTimeAsync(POLL_MS);
      // The test's own app polls the same database and may run the period's sweep instead.
      await Promise.all([t.app, app].map((a) => a.jobQueue.settled()));
      expect((await app.inject(up.url)).statusCode).toBe(404);
      expect(await t.app.db.select().from(files).where(eq(files.id, up.fileId))).toHaveLength(0);
      await app.close();
      expect(vi.getTimerCount()).toBe(timersBefore);
    } finally {
      vi.useRealTimers();
    }
  });
});
