/**
 * Reader access (public / login / activation), signed short-lived media URLs, HTTP Range on the
 * PDF and video routes, HLS playlists, reading progress.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths, ErrorCode } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { textbooks, videos } from '../src/db/schema';
import { generateCodes } from '../src/features/textbooks/activation';
import { importTextbooks } from '../src/features/textbooks/importer';
import { LocalDiskStorage } from '../src/lib/storage';
import { api, testConfig, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-reader-'));
const t = useTestApp({ config: testConfig({ dataDir }) });
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20_000, 'x'), Buffer.from('\n%%EOF\n')]);
const ids: Record<string, number> = {};
let videoId = 0;

beforeAll(async () => {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-reader-src-'));
  fs.writeFileSync(path.join(src, 'book.pdf'), PDF);
  const line = (id: string, access: string, file = true) =>
    JSON.stringify({
      externalId: id,
      title: `教材 ${id}`,
      stage: '初中',
      subject: '数学',
      edition: '人教版',
      access,
      ...(file ? { fileUrl: 'book.pdf' } : {}),
    });
  await importTextbooks(
    t.database.db,
    [line('pub', 'public'), line('login', 'login'), line('act', 'activation'), line('nofile', 'public', false)].join(
      '\n',
    ),
    { baseDir: src, storage: new LocalDiskStorage(dataDir) },
  );
  for (const r of await t.database.db.select({ id: textbooks.id, externalId: textbooks.externalId }).from(textbooks))
    ids[r.externalId] = r.id;

  // A video with an MP4 and an HLS rendition (bytes only: these tests check the transport).
  const dir = path.join(dataDir, 'videos', 't1');
  fs.mkdirSync(path.join(dir, 'hls'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'video.mp4'), Buffer.alloc(5000, 7));
  fs.writeFileSync(
    path.join(dir, 'hls', 'index.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3\n#EXTINF:3.0,\nseg000.ts\n#EXTINF:3.0,\nseg001.ts\n#EXT-X-ENDLIST\n',
  );
  fs.writeFileSync(path.join(dir, 'hls', 'seg000.ts'), Buffer.alloc(1000, 1));
  fs.writeFileSync(path.join(dir, 'hls', 'seg001.ts'), Buffer.alloc(1000, 2));
  const [v] = await t.database.db
    .insert(videos)
    .values({
      textbookId: ids.act!,
      title: '微课',
      source: 'videos/t1/video.mp4',
      hlsSource: 'videos/t1/hls/index.m3u8',
      access: 'activation',
      durationSec: 6,
    })
    .returning({ id: videos.id });
  videoId = v!.id;
});

const read = (id: number, token?: string) =>
  api(t.app, { url: ApiPaths.textbookRead(id), ...(token ? { token } : {}) });

describe('reader access', () => {
  it('lets anyone read a public book through a signed URL', async () => {
    const res = await read(ids.pub!);
    expect(res.statusCode).toBe(200);
    const grant = res.json().data;
    expect(grant.url).toMatch(/^\/media\/textbooks\/\d+\.pdf\?uid=0&exp=\d+&sig=[0-9a-f]{64}$/);
    expect(Date.parse(grant.expiresAt)).toBeGreaterThan(Date.now());
    const file = await t.app.inject({ url: grant.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('asks visitors to log in for login books, and users to activate activation books (404 with a message)', async () => {
    const anonLogin = await read(ids.login!);
    expect(anonLogin.statusCode).toBe(404);
    expect(anonLogin.json()).toMatchObject({ code: ErrorCode.TEXTBOOK_NO_ACCESS, data: { need: 'login' } });
    expect(anonLogin.json().msg).toContain('登录');

    const user = await createUser(t.database.db);
    expect((await read(ids.login!, user.token)).statusCode).toBe(200);

    const anonAct = await read(ids.act!);
    expect(anonAct.statusCode).toBe(404);
    expect(anonAct.json().data.need).toBe('login');
    const notOwned = await read(ids.act!, user.token);
    expect(notOwned.statusCode).toBe(404);
    expect(notOwned.json().msg).toContain('激活');
    expect(notOwned.json().data.need).toBe('activation');
    const detail = await api(t.app, { url: ApiPaths.textbook(ids.act!), token: user.token });
    expect(detail.json().data).toMatchObject({ canRead: false, owned: false });
    expect(detail.json().data.accessHint).toContain('激活');

    const [code] = await generateCodes(t.database.db, { textbookId: ids.act!, count: 1 });
    expect(
      (await api(t.app, { method: 'POST', url: ApiPaths.textbookActivation, token: user.token, body: { code } }))
        .statusCode,
    ).toBe(200);
    expect((await read(ids.act!, user.token)).statusCode).toBe(200);
    expect((await api(t.app, { url: ApiPaths.textbook(ids.act!), token: user.token })).json().data.canRead).toBe(true);

    const admin = await createUser(t.database.db, ['admin']);
    expect((await read(ids.act!, admin.token)).statusCode).toBe(200);
  });

  it('says when a book has no file', async () => {
    const res = await read(ids.nofile!);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('暂未提供电子版');
  });
});

describe('signed media URLs and Range', () => {
  it('serves byte ranges with 206 and refuses unsatisfiable ones with 416', async () => {
    const { url } = (await read(ids.pub!)).json().data;
    const part = await t.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${PDF.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(PDF.subarray(0, 100))).toBe(true);

    const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(PDF.subarray(PDF.length - 10))).toBe(true);

    const open = await t.app.inject({ url, headers: { range: `bytes=${PDF.length - 5}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload).toHaveLength(5);

    const bad = await t.app.inject({ url, headers: { range: `bytes=${PDF.length + 10}-${PDF.length + 20}` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${PDF.length}`);
  });

  it('refuses tampered, foreign and expired signatures', async () => {
    const { url } = (await read(ids.pub!)).json().data as { url: string };
    const u = new URL(url, 'http://x');
    const tampered = url.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
    const otherBook = url.replace(`/${ids.pub}.pdf`, `/${ids.login}.pdf`);
    expect((await t.app.inject({ url: otherBook })).statusCode).toBe(404);
    const otherUser = url.replace('uid=0', 'uid=1');
    expect((await t.app.inject({ url: otherUser })).statusCode).toBe(404);
    const later = url.replace(`exp=${u.searchParams.get('exp')}`, `exp=${Number(u.searchParams.get('exp')) + 1000}`);
    expect((await t.app.inject({ url: later })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/media/textbooks/${ids.pub}.pdf` })).statusCode).toBe(404);

    // A URL issued 31 minutes ago is expired.
    const past = await t.build({ clock: () => Date.now() - 31 * 60_000 });
    const old = (await api(past, { url: ApiPaths.textbookRead(ids.pub!) })).json().data.url as string;
    const res = await t.app.inject({ url: old });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('链接已失效');
  });

  it('answers the plain 404 for media names whose id is beyond the database range', async () => {
    for (const url of [
      '/covers/99999999999.svg',
      '/covers/2147483648.jpg',
      '/media/textbooks/9999999999.pdf?uid=0&exp=1&sig=00',
      '/media/posters/9999999999.jpg',
      '/media/videos/9999999999/video.mp4?uid=0&exp=1&sig=00',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/plain');
    }
  });
});

describe('reading progress', () => {
  it('saves and resumes the page, and shows it under my textbooks', async () => {
    const user = await createUser(t.database.db);
    const [code] = await generateCodes(t.database.db, { textbookId: ids.act!, count: 1 });
    await api(t.app, { method: 'POST', url: ApiPaths.textbookActivation, token: user.token, body: { code } });
    // The page count is the server's (the catalogue's record); the client's is ignored.
    await t.database.db.update(textbooks).set({ pageCount: 24 }).where(eq(textbooks.id, ids.act!));
    const put = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.textbookProgress(ids.act!),
      token: user.token,
      body: { page: 3, totalPages: 3 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ page: 3, totalPages: 24 });
    expect((await read(ids.act!, user.token)).json().data.progress).toMatchObject({ page: 3 });
    expect(
      (await api(t.app, { url: ApiPaths.textbook(ids.act!), token: user.token })).json().data.progress,
    ).toMatchObject({ page: 3, totalPages: 24 });
    const mine = await api(t.app, { url: ApiPaths.userTextbooks(user.id), token: user.token });
    expect(mine.json().data.items[0].progress).toMatchObject({ page: 3, totalPages: 24 });

    // Clamped to the page count; refused for books the user may not read; validated.
    const far = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.textbookProgress(ids.act!),
      token: user.token,
      body: { page: 99 },
    });
    expect(far.json().data.page).toBe(24);
    const stranger = await createUser(t.database.db);
    expect(
      (
        await api(t.app, {
          method: 'PUT',
          url: ApiPaths.textbookProgress(ids.act!),
          token: stranger.token,
          body: { page: 2 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api(t.app, {
          method: 'PUT',
          url: ApiPaths.textbookProgress(ids.act!),
          token: user.token,
          body: { page: 0 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await api(t.app, { method: 'PUT', url: ApiPaths.textbookProgress(ids.act!), body: { page: 2 } })).statusCode,
    ).toBe(401);
  });
});

describe('videos', () => {
  it('lists videos by book and for the network-learning page', async () => {
    const list = await api(t.app, { url: ApiPaths.videos, query: { textbookId: ids.act! } });
    expect(list.json().data).toMatchObject({
      total: 1,
      items: [{ id: videoId, title: '微课', textbookTitle: '教材 act', hasHls: true, access: 'activation' }],
    });
    const byBook = await api(t.app, { url: ApiPaths.textbookVideos(ids.act!) });
    expect(byBook.json().data).toHaveLength(1);
    expect((await api(t.app, { url: ApiPaths.videos, query: { keyword: '不存在' } })).json().data.total).toBe(0);
  });

  it('says on every lesson answer whether the current user may watch it (canWatch)', async () => {
    const canWatch = async (token?: string) => {
      const auth = token ? { token } : {};
      const [list, byBook, one, detail] = await Promise.all([
        api(t.app, { url: ApiPaths.videos, query: { textbookId: ids.act! }, ...auth }),
        api(t.app, { url: ApiPaths.textbookVideos(ids.act!), ...auth }),
        api(t.app, { url: ApiPaths.video(videoId), ...auth }),
        api(t.app, { url: ApiPaths.textbook(ids.act!), ...auth }),
      ]);
      return [
        list.json().data.items[0].canWatch,
        byBook.json().data[0].canWatch,
        one.json().data.canWatch,
        detail.json().data.videos[0].canWatch,
      ];
    };
    expect(await canWatch()).toEqual([false, false, false, false]);
    const user = await createUser(t.database.db);
    expect(await canWatch(user.token)).toEqual([false, false, false, false]);
    const [code] = await generateCodes(t.database.db, { textbookId: ids.act!, count: 1 });
    await api(t.app, { method: 'POST', url: ApiPaths.textbookActivation, token: user.token, body: { code } });
    expect(await canWatch(user.token)).toEqual([true, true, true, true]);
    // Another user's ownership does not leak into a visitor's or a stranger's answer.
    expect(await canWatch()).toEqual([false, false, false, false]);
    expect(await canWatch((await createUser(t.database.db)).token)).toEqual([false, false, false, false]);
  });

  it('plays for owners only, with Range on the MP4 and signed HLS segments', async () => {
    const anon = await api(t.app, { url: ApiPaths.videoPlay(videoId) });
    expect(anon.statusCode).toBe(404);
    expect(anon.json().msg).toContain('登录');
    const user = await createUser(t.database.db);
    expect((await api(t.app, { url: ApiPaths.videoPlay(videoId), token: user.token })).statusCode).toBe(404);
    const [code] = await generateCodes(t.database.db, { textbookId: ids.act!, count: 1 });
    await api(t.app, { method: 'POST', url: ApiPaths.textbookActivation, token: user.token, body: { code } });
    const grant = (await api(t.app, { url: ApiPaths.videoPlay(videoId), token: user.token })).json().data;

    const part = await t.app.inject({ url: grant.mp4Url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe('bytes 100-199/5000');

    const playlist = await t.app.inject({ url: grant.hlsUrl });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const segLine = playlist.body.split('\n').find((l) => l.startsWith('seg000.ts'))!;
    expect(segLine).toMatch(/^seg000\.ts\?uid=\d+&exp=\d+&sig=[0-9a-f]{64}$/);
    const seg = await t.app.inject({ url: `/media/videos/${videoId}/${segLine}` });
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload).toHaveLength(1000);
    expect((await t.app.inject({ url: `/media/videos/${videoId}/seg000.ts` })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/media/videos/${videoId}/..%2F..%2Fsecret.ts?${new URL(grant.mp4Url, 'http://x').search.slice(1)}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
