/**
 * Teacher uploads and operator review (docs/resources.md, Uploads and Review): role teacher, the
 * format decided by content (a renamed executable refused), size limits, the textbook's dimensions
 * copied, pending → published / rejected with a reason (single-use), my uploads, deleting an
 * unpublished upload, and the eraser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiPaths, LIMITS, type MyResourceUpload } from '@eav/contract';
import { Document, Packer, Paragraph } from 'docx';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceFavorites, resources } from '../src/db/schema';
import { resourceEraser } from '../src/features/resources/erasure';
import { api } from './helpers';
import { PDF_BYTES, seedCatalogue, uploadResource, useResourcesApp, type Catalogue } from './resources-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const { t, config, storage } = useResourcesApp();
let c: Catalogue;
let teacher: TestUser;
let admin: TestUser;
let pupil: TestUser;

beforeAll(async () => {
  c = await seedCatalogue(t.database.db);
  teacher = await createUser(t.database.db, ['teacher']);
  admin = await createUser(t.database.db, ['admin']);
  pupil = await createUser(t.database.db);
});

const fields = (extra: Record<string, string | number> = {}) => ({
  title: '正数和负数 教学课件',
  type: 'courseware',
  textbookId: c.maths7,
  chapterId: c.ch.ch1a,
  description: '第一课时',
  ...extra,
});

async function docxBytes(): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('有理数 教案')] }] }));
}

const storedFiles = () => {
  const dir = path.join(config.dataDir, 'resources');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('tmp') && fs.statSync(path.join(dir, f)).isFile(),
  );
};

describe('teacher uploads', () => {
  it('store a PDF as pending with the textbook dimensions', async () => {
    const res = await uploadResource(t.app, teacher.token, fields(), { data: PDF_BYTES, name: 'x.bin' });
    expect(res.statusCode, res.body).toBe(200);
    const up = res.json().data as MyResourceUpload;
    expect(up.status).toBe('pending');
    expect(up.resource).toMatchObject({
      title: '正数和负数 教学课件',
      format: 'pdf',
      mime: 'application/pdf',
      size: PDF_BYTES.length,
      stage: { name: '初中' },
      subject: { name: '数学' },
      grade: { name: '七年级' },
      chapter: { id: c.ch.ch1a },
      access: 'login',
    });
    expect(up.resource.uploader).toBeTruthy();
    // Not listed before review.
    const list = (await api(t.app, { url: ApiPaths.resourceSearch, query: { textbookId: c.maths7 } })).json().data;
    expect(list.items.map((r: { id: number }) => r.id)).not.toContain(up.resource.id);
  });

  it('decide the format by content: DOCX and PNG accepted whatever their names', async () => {
    const docx = await uploadResource(t.app, teacher.token, fields({ title: '教案', type: 'lesson_plan' }), {
      data: await docxBytes(),
      name: 'plan.pdf',
      type: 'application/pdf',
    });
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.json().data.resource).toMatchObject({ format: 'docx', previewable: 'docx' });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#369' } })
      .png()
      .toBuffer();
    const img = await uploadResource(t.app, teacher.token, fields({ title: '图片素材', type: 'material' }), {
      data: png,
      name: 'a.jpg',
    });
    expect(img.json().data.resource).toMatchObject({ format: 'png', previewable: 'image' });
  });

  it('refuse a renamed executable, text and unknown zips, leaving no file behind', async () => {
    const before = storedFiles().length;
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(400, 1)]);
    exe.writeUInt32LE(64, 0x3c);
    for (const data of [exe, Buffer.from('<script>alert(1)</script>'), Buffer.from('PK\x03\x04junk')]) {
      const res = await uploadResource(t.app, teacher.token, fields(), {
        data,
        name: '课件.pdf',
        type: 'application/pdf',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'FILE.UNSUPPORTED_TYPE' });
      expect(res.json().msg).toContain('仅支持');
    }
    expect(storedFiles().length).toBe(before);
    expect(fs.readdirSync(path.join(config.dataDir, 'resources', 'tmp'))).toEqual([]);
  });

  it('refuse a document over the size limit', async () => {
    const big = Buffer.concat([
      PDF_BYTES,
      Buffer.alloc(LIMITS.uploadResourceBytes.document + 1 - PDF_BYTES.length, 32),
    ]);
    const res = await uploadResource(t.app, teacher.token, fields(), { data: big, name: 'big.pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE.TOO_LARGE' });
    expect(res.json().msg).toContain('50 MB');
  });

  it('check the fields and the role', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [fields({ title: '' }), '请填写标题'],
      [fields({ type: 'virus' }), '资源类型不正确'],
      [fields({ textbookId: '' }), '请选择教材'],
      [fields({ textbookId: 99999 }), '教材不存在'],
      [fields({ textbookId: c.physics }), '章节不属于所选教材'],
      [fields({ access: 'everyone' }), '访问权限不正确'],
    ];
    for (const [f, msg] of cases) {
      const res = await uploadResource(t.app, teacher.token, f, { data: PDF_BYTES, name: 'a.pdf' });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const none = await uploadResource(t.app, teacher.token, fields(), null);
    expect(none.statusCode).toBe(400);
    const notTeacher = await uploadResource(t.app, pupil.token, fields(), { data: PDF_BYTES, name: 'a.pdf' });
    expect(notTeacher.statusCode).toBe(404);
    const json = await api(t.app, { method: 'POST', url: ApiPaths.resourceUpload, token: teacher.token, body: {} });
    expect(json.statusCode).toBe(422);
  });
});

describe('review', () => {
  it('publishes or rejects once, with the reason shown in my uploads', async () => {
    const a = (
      await uploadResource(t.app, teacher.token, fields({ title: '待审 A' }), { data: PDF_BYTES, name: 'a.pdf' })
    ).json().data.resource.id as number;
    const b = (
      await uploadResource(t.app, teacher.token, fields({ title: '待审 B' }), { data: PDF_BYTES, name: 'b.pdf' })
    ).json().data.resource.id as number;
    const pendingList = (
      await api(t.app, { url: ApiPaths.adminResources, token: admin.token, query: { status: 'pending' } })
    ).json().data;
    expect(pendingList.items.map((i: MyResourceUpload) => i.resource.id)).toEqual(expect.arrayContaining([a, b]));
    expect((await api(t.app, { url: ApiPaths.adminResources, token: teacher.token })).statusCode).toBe(404);

    const review = (id: number, body: unknown, token = admin.token) =>
      api(t.app, { method: 'POST', url: ApiPaths.adminResourceReview(id), token, body });
    expect((await review(a, { decision: 'approve' }, teacher.token)).statusCode).toBe(404);
    expect((await review(b, { decision: 'reject' })).statusCode).toBe(400);
    const results = await Promise.all([
      review(a, { decision: 'approve' }),
      review(a, { decision: 'reject', reason: '重复' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('RESOURCE.REVIEWED');
    const winner = results.find((r) => r.statusCode === 200)!.json().data as MyResourceUpload;
    const rej = await review(b, { decision: 'reject', reason: '内容与章节不符' });
    expect(rej.json().data).toMatchObject({ status: 'rejected', rejectReason: '内容与章节不符' });
    expect((await review(999999, { decision: 'approve' })).statusCode).toBe(404);

    const mine = (await api(t.app, { url: ApiPaths.userResourceUploads(teacher.id), token: teacher.token })).json()
      .data;
    const byId = new Map(mine.items.map((i: MyResourceUpload) => [i.resource.id, i]));
    expect(byId.get(b)).toMatchObject({ status: 'rejected', rejectReason: '内容与章节不符' });
    expect((byId.get(a) as MyResourceUpload).status).toBe(winner.status);
    const rejectedOnly = (
      await api(t.app, {
        url: ApiPaths.userResourceUploads(teacher.id),
        token: teacher.token,
        query: { status: 'rejected' },
      })
    ).json().data;
    // Whichever concurrent decision on A won decides whether A is rejected too.
    expect(rejectedOnly.items.map((i: MyResourceUpload) => i.resource.id).sort()).toEqual(
      (winner.status === 'rejected' ? [a, b] : [b]).sort(),
    );
    expect((await api(t.app, { url: ApiPaths.userResourceUploads(teacher.id), token: pupil.token })).statusCode).toBe(
      404,
    );
    if (winner.status === 'published') {
      const listed = (await api(t.app, { url: ApiPaths.resourceSearch, query: { keyword: '待审 A' } })).json().data;
      expect(listed.items.map((r: { id: number }) => r.id)).toEqual([a]);
    }
  });

  it('lets the uploader delete an unpublished upload but not a published one', async () => {
    const up = (
      await uploadResource(t.app, teacher.token, fields({ title: '删除' }), { data: PDF_BYTES, name: 'a.pdf' })
    ).json().data;
    const id = up.resource.id as number;
    const [row] = await t.database.db.select({ key: resources.storageKey }).from(resources).where(eq(resources.id, id));
    expect(await storage.size(row!.key!)).toBe(PDF_BYTES.length);
    expect(
      (await api(t.app, { method: 'DELETE', url: ApiPaths.userResourceUpload(teacher.id, id), token: pupil.token }))
        .statusCode,
    ).toBe(404);
    const del = await api(t.app, {
      method: 'DELETE',
      url: ApiPaths.userResourceUpload(teacher.id, id),
      token: teacher.token,
    });
    expect(del.statusCode).toBe(200);
    expect(await storage.size(row!.key!)).toBeNull();
    const up2 = (
      await uploadResource(t.app, teacher.token, fields({ title: '已发布' }), { data: PDF_BYTES, name: 'a.pdf' })
    ).json().data.resource.id as number;
    await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminResourceReview(up2),
      token: admin.token,
      body: { decision: 'approve' },
    });
    const refused = await api(t.app, {
      method: 'DELETE',
      url: ApiPaths.userResourceUpload(teacher.id, up2),
      token: teacher.token,
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('erasure', () => {
  it('removes uploads, files, favourites and marks of the person', async () => {
    const db = t.database.db;
    const gone = await createUser(db, ['teacher']);
    const id = (
      await uploadResource(t.app, gone.token, fields({ title: '将被删除' }), { data: PDF_BYTES, name: 'a.pdf' })
    ).json().data.resource.id as number;
    const [row] = await db.select({ key: resources.storageKey }).from(resources).where(eq(resources.id, id));
    const other = (
      await uploadResource(t.app, teacher.token, fields({ title: '他人' }), { data: PDF_BYTES, name: 'a.pdf' })
    ).json().data.resource.id as number;
    await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminResourceReview(other),
      token: admin.token,
      body: { decision: 'approve' },
    });
    await api(t.app, { method: 'PUT', url: ApiPaths.userResourceFavorite(gone.id, other), token: gone.token });
    await api(t.app, { url: ApiPaths.resourceUrl(other), token: gone.token });
    const tasks: (() => Promise<void>)[] = [];
    await db.transaction(async (tx) => {
      await resourceEraser(storage)(tx, gone.id, new Date(), { afterCommit: (task) => void tasks.push(task) });
    });
    for (const task of tasks) await task();
    expect(await db.select().from(resources).where(eq(resources.uploaderId, gone.id))).toEqual([]);
    expect(await storage.size(row!.key!)).toBeNull();
    expect(await db.select().from(resourceFavorites).where(eq(resourceFavorites.userId, gone.id))).toEqual([]);
    const stats = (await api(t.app, { url: ApiPaths.resourceStatistic(other) })).json().data;
    expect(stats.favorites).toBe(0);
  });
});
