/**
 * Signed resource URLs, the file route and statistics (docs/resources.md, Files and statistics):
 * login and the access rule enforced, Range served, expired and tampered URLs refused, a download
 * or view counted once per user per day under 20 parallel requests, favourites and my downloads
 * (owner only).
 */
import { ApiPaths, type ResourceUrlGrant } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources, userTextbooks, videos } from '../src/db/schema';
import { seedGeneratedResources } from '../src/features/resources/seed';
import { RESOURCE_URL_TTL_MS } from '../src/features/resources/access';
import { beijingDay } from '@eav/contract';
import { api } from './helpers';
import { addResource, PDF_BYTES, seedCatalogue, useResourcesApp, type Catalogue } from './resources-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const { t, storage } = useResourcesApp();
let c: Catalogue;
let pub = 0;
let loginOnly = 0;
let activation = 0;
let pending = 0;
let alice: TestUser;
let bob: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  const db = t.database.db;
  c = await seedCatalogue(db);
  pub = await addResource(db, storage, { title: '正数和负数 课件', textbookId: c.maths7, chapterId: c.ch.ch1a });
  loginOnly = await addResource(db, storage, { title: '物理 课件', textbookId: c.physics, access: 'login' });
  activation = await addResource(db, storage, {
    title: '春 朗读',
    textbookId: c.chinese7,
    access: 'activation',
    format: 'mp3',
    type: 'audio',
  });
  alice = await createUser(db);
  bob = await createUser(db);
  teacher = await createUser(db, ['teacher']);
  pending = await addResource(db, storage, {
    title: '待审 学案',
    textbookId: c.maths7,
    status: 'pending',
    uploaderId: teacher.id,
  });
});

const grant = (id: number, token?: string, purpose?: string) =>
  api(t.app, { url: ApiPaths.resourceUrl(id), ...(token ? { token } : {}), query: purpose ? { purpose } : {} });

describe('signed URLs', () => {
  it('need a login', async () => {
    const res = await grant(pub);
    expect(res.statusCode).toBe(401);
  });

  it('serve the file with Range to the user they were issued to', async () => {
    const res = await grant(pub, alice.token);
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as ResourceUrlGrant;
    expect(g).toMatchObject({
      resourceId: pub,
      format: 'pdf',
      mime: 'application/pdf',
      previewable: 'pdf',
      size: PDF_BYTES.length,
    });
    expect(g.fileName).toBe('正数和负数 课件.pdf');
    expect(new Date(g.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(RESOURCE_URL_TTL_MS);
    const file = await t.app.inject({ url: g.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''/);
    expect(file.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({ url: g.url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PDF_BYTES.length}`);
    const bad = await t.app.inject({ url: g.url, headers: { range: 'bytes=99999-' } });
    expect(bad.statusCode).toBe(416);
    const preview = (await grant(pub, alice.token, 'preview')).json().data as ResourceUrlGrant;
    const inline = await t.app.inject({ url: preview.url });
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('refuse tampered URLs', async () => {
    const g = (await grant(pub, alice.token)).json().data as ResourceUrlGrant;
    const u = new URL(g.url, 'http://x');
    const variants: string[] = [];
    const sig = u.searchParams.get('sig')!;
    const flip = (s: string) => (s[0] === 'a' ? 'b' : 'a') + s.slice(1);
    for (const [k, v] of [
      ['sig', flip(sig)],
      ['uid', String(bob.id)],
      ['exp', String(Number(u.searchParams.get('exp')) + 1000)],
      ['d', 'i'],
    ] as const) {
      const q = new URLSearchParams(u.searchParams);
      q.set(k, v);
      variants.push(`${u.pathname}?${q}`);
    }
    variants.push(g.url.replace(`/${pub}.pdf`, `/${loginOnly}.pdf`), g.url.replace('.pdf', '.docx'), u.pathname);
    for (const url of variants) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe('链接已失效，请返回重新打开');
    }
  });

  it('refuse expired URLs', async () => {
    let now = Date.now();
    const app = await t.build({ clock: () => now });
    const g = (await api(app, { url: ApiPaths.resourceUrl(pub), token: alice.token })).json().data as ResourceUrlGrant;
    expect((await app.inject({ url: g.url })).statusCode).toBe(200);
    now += RESOURCE_URL_TTL_MS + 1;
    const res = await app.inject({ url: g.url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('链接已失效，请返回重新打开');
  });

  it('enforce the access rule: activation needs the book', async () => {
    expect((await grant(loginOnly, alice.token)).statusCode).toBe(200);
    const refused = await grant(activation, alice.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'RESOURCE.NO_ACCESS', data: { need: 'activation' } });
    expect(refused.json().msg).toContain('激活');
    const detail = (await api(t.app, { url: ApiPaths.resource(activation), token: alice.token })).json().data;
    expect(detail).toMatchObject({ canAccess: false, need: 'activation' });
    await t.database.db.insert(userTextbooks).values({ userId: alice.id, textbookId: c.chinese7, source: 'code' });
    const ok = await grant(activation, alice.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ previewable: 'audio', mime: 'audio/mpeg' });
  });

  it('hide unpublished resources from everyone but the uploader', async () => {
    expect((await grant(pending, alice.token)).statusCode).toBe(404);
    expect((await grant(pending, teacher.token)).statusCode).toBe(200);
    expect((await grant(999999, alice.token)).statusCode).toBe(404);
  });
});

describe('statistics', () => {
  it('count a download once per user per day under 20 parallel requests', async () => {
    const id = await addResource(t.database.db, storage, { title: '并发 下载', textbookId: c.maths7 });
    const stats = async () => (await api(t.app, { url: ApiPaths.resourceStatistic(id) })).json().data;
    expect(await stats()).toEqual({ resourceId: id, views: 0, downloads: 0, favorites: 0 });
    const all = await Promise.all(Array.from({ length: 20 }, () => grant(id, bob.token)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await stats()).toMatchObject({ downloads: 1, views: 0 });
    await Promise.all(Array.from({ length: 20 }, () => grant(id, alice.token)));
    await Promise.all(Array.from({ length: 20 }, () => grant(id, alice.token, 'preview')));
    expect(await stats()).toMatchObject({ downloads: 2, views: 1 });
    // The other spelling of the call answers the same.
    const other = await api(t.app, { url: ApiPaths.resourceStatistics(id) });
    expect(other.json().data).toEqual(await stats());
  });

  it('count again on the next Beijing day', async () => {
    const id = await addResource(t.database.db, storage, { title: '跨日 下载', textbookId: c.maths7 });
    // 15:59:59Z and 16:00:01Z are two Beijing days.
    let now = Date.UTC(2026, 5, 1, 15, 59, 59);
    const app = await t.build({ clock: () => now });
    expect(beijingDay(now)).toBe('2026-06-01');
    await api(app, { url: ApiPaths.resourceUrl(id), token: bob.token });
    await api(app, { url: ApiPaths.resourceUrl(id), token: bob.token });
    now += 2000;
    expect(beijingDay(now)).toBe('2026-06-02');
    await api(app, { url: ApiPaths.resourceUrl(id), token: bob.token });
    expect((await api(app, { url: ApiPaths.resourceStatistic(id) })).json().data.downloads).toBe(2);
  });
});

describe('favourites and my downloads', () => {
  it('add and remove favourites idempotently, list them for the owner only', async () => {
    const put = () => api(t.app, { method: 'PUT', url: ApiPaths.userResourceFavorite(bob.id, pub), token: bob.token });
    expect((await put()).json().data).toEqual({ resourceId: pub, favorited: true, favorites: 1 });
    expect((await put()).json().data).toEqual({ resourceId: pub, favorited: true, favorites: 1 });
    const detail = (await api(t.app, { url: ApiPaths.resource(pub), token: bob.token })).json().data;
    expect(detail).toMatchObject({ favorited: true, favoriteCount: 1 });
    const list = (await api(t.app, { url: ApiPaths.userResourceFavorites(bob.id), token: bob.token })).json().data;
    expect(list.total).toBe(1);
    expect(list.items[0].resource.id).toBe(pub);
    const other = await api(t.app, { url: ApiPaths.userResourceFavorites(bob.id), token: alice.token });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('网络请求不存在');
    const foreign = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.userResourceFavorite(bob.id, pub),
      token: alice.token,
    });
    expect(foreign.statusCode).toBe(404);
    const hidden = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.userResourceFavorite(bob.id, pending),
      token: bob.token,
    });
    expect(hidden.statusCode).toBe(404);
    const del = await api(t.app, {
      method: 'DELETE',
      url: ApiPaths.userResourceFavorite(bob.id, pub),
      token: bob.token,
    });
    expect(del.json().data).toEqual({ resourceId: pub, favorited: false, favorites: 0 });
    const again = await api(t.app, {
      method: 'DELETE',
      url: ApiPaths.userResourceFavorite(bob.id, pub),
      token: bob.token,
    });
    expect(again.json().data.favorites).toBe(0);
  });

  it('list my downloads, latest first, one entry per resource', async () => {
    const u = await createUser(t.database.db);
    let now = Date.now();
    const app = await t.build({ clock: () => now });
    await api(app, { url: ApiPaths.resourceUrl(pub), token: u.token });
    now += 1000;
    await api(app, { url: ApiPaths.resourceUrl(loginOnly), token: u.token });
    await api(app, { url: ApiPaths.resourceUrl(loginOnly), token: u.token, query: { purpose: 'preview' } });
    now += 1000;
    await api(app, { url: ApiPaths.resourceUrl(pub), token: u.token });
    const res = await api(app, { url: ApiPaths.userResourceDownloads(u.id), token: u.token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(2);
    expect(data.items.map((i: { resource: { id: number } }) => i.resource.id)).toEqual([pub, loginOnly]);
    expect((await api(app, { url: ApiPaths.userResourceDownloads(u.id), token: alice.token })).statusCode).toBe(404);
    expect((await api(app, { url: ApiPaths.userResourceDownloads(u.id) })).statusCode).toBe(401);
  });
});

describe('micro lessons from the demo lesson videos', () => {
  it('become 微课 resources sharing the stored MP4, idempotently, streamed with Range', async () => {
    const db = t.database.db;
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4000, 7)]);
    await storage.put('videos/test/lesson-1/video.mp4', mp4);
    const [video] = await db
      .insert(videos)
      .values({
        textbookId: c.maths7,
        chapterId: c.ch.ch2a,
        title: '整式 微课',
        kind: 'video',
        source: 'videos/test/lesson-1/video.mp4',
        access: 'login',
      })
      .returning({ id: videos.id });
    // A remote or missing source is left out.
    await db.insert(videos).values({ textbookId: c.maths7, title: '远程', source: 'https://cdn.example.com/a.mp4' });
    await db.insert(videos).values({ textbookId: c.maths7, title: '缺失', source: 'videos/none/video.mp4' });
    expect((await seedGeneratedResources(db, storage)).lessons).toBe(1);
    expect((await seedGeneratedResources(db, storage)).lessons).toBe(0);
    const [row] = await db
      .select()
      .from(resources)
      .where(eq(resources.generatorKey, `video:${video!.id}`));
    expect(row).toMatchObject({
      type: 'micro_lesson',
      format: 'mp4',
      size: mp4.length,
      chapterId: c.ch.ch2a,
      access: 'login',
    });
    const g = (await grant(row!.id, bob.token, 'preview')).json().data as ResourceUrlGrant;
    expect(g).toMatchObject({ previewable: 'video', mime: 'video/mp4' });
    const part = await t.app.inject({ url: g.url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('ftypmp42');
  });
});
