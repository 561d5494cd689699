/**
 * The operator console's content sections (docs/console-content.md): catalogue import jobs with
 * progress events and a bad-line report, one job per operator, book edits and covers; banner
 * validation and picture re-encoding; resource review; activities locked once started with their
 * live figures; other roles refused; every write in the audit log with before/after values.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiPaths, type ImportJob } from '@eav/contract';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, textbooks } from '../src/db/schema';
import { uploadsDir } from '../src/features/accounts/files';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, testConfig, useTestApp } from './helpers';
import { definition, DAY, T0 } from './prize-helpers';
import { addResource } from './resources-helpers';
import { createUser, type TestUser } from './textbooks-helpers';
import { photo, upload } from './upload-helpers';
import { LocalDiskStorage } from '../src/lib/storage';

const config = testConfig();
const state = { now: T0 };
const t = useTestApp({ config, clock: () => state.now });
// The role gate of plugins/auth.ts admits the `admin` role on every admin path; the narrower
// roles the routes declare (`operator`, `reviewer`) are the gate's business and tested with it.
let admin: TestUser;
let operator: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  admin = await createUser(t.database.db, ['admin']);
  operator = await createUser(t.database.db, ['admin']);
  teacher = await createUser(t.database.db, ['teacher']);
});

const lastAudit = async (event: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.event, event))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

/** A multipart upload of a text file, signed as the web client signs it. */
const uploadText = (token: string, text: string, url: string = ApiPaths.adminCatalogueImports) =>
  upload(t.app, token, Buffer.from(text, 'utf8'), 'catalogue.jsonl', 'application/x-ndjson', url);

/** The events of a server-sent events answer: name and parsed data. */
function parseEvents(body: string): { event: string; data: ImportJob }[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as ImportJob;
      return { event, data };
    });
}

const CATALOGUE = [
  '{"externalId":"cc-1","title":"义务教育教科书·数学七年级上册","stage":"初中","subject":"数学","edition":"人教版","grade":"七年级","volume":"上册"}',
  'not json',
  '{"externalId":"cc-2","title":"","stage":"初中","subject":"数学","edition":"人教版"}',
  '{"externalId":"cc-3","title":"义务教育教科书·数学七年级下册","stage":"初中","subject":"数学","edition":"人教版","grade":"七年级","volume":"下册"}',
].join('\n');

describe('catalogue import jobs', () => {
  it('imports an uploaded file, streams progress up to 100 % and reports bad lines in Chinese', async () => {
    const started = await uploadText(operator.token, CATALOGUE);
    expect(started.statusCode).toBe(200);
    const job = started.json().data as ImportJob;
    expect(job.status).toBe('running');
    expect(job.fileName).toBe('catalogue.jsonl');

    const res = await api(t.app, { url: ApiPaths.adminCatalogueImportEvents(job.id), token: operator.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(res.body);
    expect(events.length).toBeGreaterThanOrEqual(2);
    const last = events.at(-1)!;
    expect(last.event).toBe('done');
    expect(last.data.percent).toBe(100);
    const percents = events.map((e) => e.data.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    const report = last.data.report!;
    expect(report.created).toBe(2);
    expect(report.skipped.map((s) => s.line)).toEqual([2, 3]);
    expect(report.skipped[0]!.message).toBe('不是合法的 JSON');
    expect(report.skipped[1]!.message).toMatch(/title/);

    // The finished job stays readable; its stream answers at once.
    const again = await api(t.app, { url: ApiPaths.adminCatalogueImport(job.id), token: operator.token });
    expect(again.json().data.status).toBe('done');
    // Another operator does not see it.
    const other = await api(t.app, { url: ApiPaths.adminCatalogueImport(job.id), token: admin.token });
    expect(other.statusCode).toBe(404);

    await expect
      .poll(async () => await lastAudit('catalogue_import'))
      .toMatchObject({ actorId: operator.id, detail: { created: 2, skipped: 2 } });
  });

  it('allows one running job per operator and refuses empty or non-multipart uploads', async () => {
    const big = Array.from(
      { length: 3000 },
      (_, i) =>
        `{"externalId":"cc-big-${i}","title":"测试教材${i}","stage":"初中","subject":"语文","edition":"统编版"}`,
    ).join('\n');
    const first = await uploadText(admin.token, big);
    expect(first.statusCode).toBe(200);
    const second = await uploadText(admin.token, CATALOGUE);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('已有一个导入正在进行，请等待它完成后再上传');
    // Let the first one finish before the app closes.
    const id = (first.json().data as ImportJob).id;
    const events = parseEvents(
      (await api(t.app, { url: ApiPaths.adminCatalogueImportEvents(id), token: admin.token })).body,
    );
    expect(events.at(-1)!.data.report!.created).toBe(3000);
    // The stream opens while the job runs: its state then, later states at most every 200 ms (how
    // many depends on the machine's speed; the pacing is unit-tested), and the end.
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.done);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.at(-1)!.event).toBe('done');

    const empty = await uploadText(admin.token, '  \n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/文件是空的/);
    const json = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminCatalogueImports,
      token: admin.token,
      body: {},
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses other roles before reading the body', async () => {
    for (const user of [teacher]) {
      const res = await uploadText(user.token, CATALOGUE);
      expect(res.statusCode).toBe(404);
    }
    const list = await api(t.app, { url: ApiPaths.adminCatalogueTextbooks, token: teacher.token });
    expect(list.statusCode).toBe(404);
  });
});

describe('textbook list, edit and cover', () => {
  it('filters, sorts and pages the list', async () => {
    await importTextbooks(t.database.db, CATALOGUE);
    const res = await api(t.app, {
      url: ApiPaths.adminCatalogueTextbooks,
      token: admin.token,
      query: { q: 'cc-', sort: 'title', order: 'desc', pageSize: 1 },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(data.items).toHaveLength(1);
    expect(data.items[0].stage).toBe('初中');
    const bad = await api(t.app, { url: ApiPaths.adminCatalogueTextbooks, token: admin.token, query: { sort: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/排序字段无效/);
  });

  it('edits a book with an audited before/after and re-encodes an uploaded cover', async () => {
    await importTextbooks(t.database.db, CATALOGUE);
    const [book] = await t.database.db.select().from(textbooks).where(eq(textbooks.externalId, 'cc-1'));
    const res = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.adminCatalogueTextbook(book!.id),
      token: operator.token,
      body: { title: '数学七年级上册（修订）', access: 'public' },
    });
    expect(res.statusCode).toBe(200);
    const row = await lastAudit('textbook_update');
    expect(row?.actorId).toBe(operator.id);
    expect(row).toMatchObject({
      target: `textbook:${book!.id}`,
      before: { title: book!.title, access: book!.access },
      after: { title: '数学七年级上册（修订）', access: 'public' },
    });
    const empty = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.adminCatalogueTextbook(book!.id),
      token: operator.token,
      body: {},
    });
    expect(empty.statusCode).toBe(400);

    const cover = await upload(
      t.app,
      operator.token,
      await photo(1800, 2400),
      'cover.jpg',
      'image/jpeg',
      ApiPaths.adminCatalogueTextbookCover(book!.id),
    );
    expect(cover.statusCode).toBe(200);
    expect(cover.json().data).toMatchObject({ width: 900, height: 1200 });
    const [after] = await t.database.db.select().from(textbooks).where(eq(textbooks.id, book!.id));
    const stored = fs.readFileSync(path.join(config.dataDir, after!.coverKey!));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // The stored cover answers at the book's cover URL; the generated SVG stays as the web's fallback.
    const shown = await t.app.inject({ url: cover.json().data.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(stored)).toBe(true);
    const fallback = await t.app.inject({ url: ApiPaths.textbookCoverSvg(book!.id) });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('<svg');
    const svg = await upload(
      t.app,
      operator.token,
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>',
      ),
      'x.png',
      'image/png',
      ApiPaths.adminCatalogueTextbookCover(book!.id),
    );
    expect(svg.statusCode).toBe(415);
  });
});

describe('banners', () => {
  const base = { title: '新学期', image: '/banners/digital-textbooks.svg' };

  it('refuses links that are not https or in-app', async () => {
    for (const link of ['http://example.com/', 'javascript:alert(1)', '//evil.example/']) {
      const res = await api(t.app, {
        method: 'POST',
        url: ApiPaths.adminBanners,
        token: operator.token,
        body: { ...base, link },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('crops and re-encodes an uploaded picture to a 1920×400 WebP, audits create, update and delete', async () => {
    const res = await upload(
      t.app,
      operator.token,
      await photo(1600, 900),
      'b.jpg',
      'image/jpeg',
      ApiPaths.adminBannerImages,
    );
    expect(res.statusCode).toBe(200);
    const image = res.json().data as { url: string; width: number; height: number };
    expect(image).toMatchObject({ width: 1920, height: 400 });
    expect(image.url).toMatch(/^\/uploads\/banner\/[0-9a-f-]+\.webp$/);
    const stored = fs.readFileSync(path.join(uploadsDir(config.dataDir), image.url.replace('/uploads/', '')));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const served = await t.app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);

    const created = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminBanners,
      token: operator.token,
      body: { ...base, image: image.url, link: 'https://www.zjer.cn/' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(await lastAudit('banner_create')).toMatchObject({
      target: `banner:${id}`,
      before: null,
      after: { title: '新学期', link: 'https://www.zjer.cn/' },
    });
    const updated = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.adminBanner(id),
      token: operator.token,
      body: { sortOrder: 5 },
    });
    expect(updated.statusCode).toBe(200);
    expect(await lastAudit('banner_update')).toMatchObject({
      before: { sortOrder: 0 },
      after: { sortOrder: 5 },
    });
    const deleted = await api(t.app, { method: 'DELETE', url: ApiPaths.adminBanner(id), token: operator.token });
    expect(deleted.statusCode).toBe(200);
    expect(await lastAudit('banner_delete')).toMatchObject({ before: { id }, after: null });

    const refused = await upload(
      t.app,
      teacher.token,
      await photo(),
      'b.jpg',
      'image/jpeg',
      ApiPaths.adminBannerImages,
    );
    expect(refused.statusCode).toBe(404);
  });
});

describe('resource review', () => {
  it('approves and rejects with a reason, once, audited; other roles are refused', async () => {
    await importTextbooks(t.database.db, CATALOGUE);
    const [book] = await t.database.db.select().from(textbooks).where(eq(textbooks.externalId, 'cc-3'));
    const storage = new LocalDiskStorage(config.dataDir);
    const a = await addResource(t.database.db, storage, {
      title: '待审课件甲',
      textbookId: book!.id,
      status: 'pending',
      uploaderId: teacher.id,
    });
    const b = await addResource(t.database.db, storage, {
      title: '待审课件乙',
      textbookId: book!.id,
      status: 'pending',
      uploaderId: teacher.id,
    });
    const queue = await api(t.app, {
      url: ApiPaths.adminResources,
      token: operator.token,
      query: { status: 'pending' },
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.total).toBe(2);

    const approve = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminResourceReview(a),
      token: operator.token,
      body: { decision: 'approve' },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().data.status).toBe('published');
    expect(await lastAudit('resource_review')).toMatchObject({
      target: `resource:${a}`,
      before: { status: 'pending' },
      after: { status: 'published' },
    });
    const twice = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminResourceReview(a),
      token: operator.token,
      body: { decision: 'approve' },
    });
    expect(twice.statusCode).toBe(409);

    const noReason = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminResourceReview(b),
      token: operator.token,
      body: { decision: 'reject' },
    });
    expect(noReason.statusCode).toBe(400);
    const reject = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminResourceReview(b),
      token: operator.token,
      body: { decision: 'reject', reason: '内容与教材章节不符' },
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json().data).toMatchObject({ status: 'rejected', rejectReason: '内容与教材章节不符' });

    const teacherTry = await api(t.app, { url: ApiPaths.adminResources, token: teacher.token });
    expect(teacherTry.statusCode).toBe(404);
  });
});

describe('prize activities', () => {
  it('saves and audits an activity before its start, refuses edits once started, shows live figures', async () => {
    state.now = T0;
    await importTextbooks(t.database.db, CATALOGUE);
    const def = definition(['cc-1', 'cc-3'], T0 + DAY);
    const created = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminPrizeActivities,
      token: operator.token,
      body: def,
    });
    expect(created.statusCode).toBe(200);
    const row = await lastAudit('activity_save');
    expect(row).toMatchObject({
      target: `activity:${def.code}`,
      before: null,
      after: { activityCode: def.code },
    });

    const edited = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminPrizeActivities,
      token: operator.token,
      body: { ...def, title: '改名的活动' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await lastAudit('activity_save')).toMatchObject({
      before: { title: '测试阅读活动' },
      after: { title: '改名的活动' },
    });

    state.now = T0 + DAY + 1000;
    const locked = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminPrizeActivities,
      token: operator.token,
      body: { ...def, title: '开始后再改' },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toMatch(/[\u4e00-\u9fa5]/);

    const stats = await api(t.app, { url: ApiPaths.adminPrizeActivityStats(def.code), token: operator.token });
    expect(stats.statusCode).toBe(200);
    // The 1,000 participation awards are not prizes left.
    expect(stats.json().data).toEqual({
      participants: 0,
      points: 0,
      draws: 0,
      prizesLeft: 5,
      participationLeft: 1000,
      status: 'running',
    });
    const missing = await api(t.app, { url: ApiPaths.adminPrizeActivityStats('NOPE'), token: operator.token });
    expect(missing.statusCode).toBe(404);
    const refused = await api(t.app, { url: ApiPaths.adminPrizeActivityStats(def.code), token: teacher.token });
    expect(refused.statusCode).toBe(404);
    state.now = T0;
  });
});

describe('audit rows', () => {
  it('keep the operator, not the IP only', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'banner_create')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actorId === operator.id)).toBe(true);
  });
});
