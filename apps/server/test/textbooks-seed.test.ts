/**
 * Demo catalogue seed: the whole real catalogue with the demo books among it (no book twice), an
 * access mix, read badges only on books with a file, generated PDFs whose chapter pages exist,
 * playable lesson videos (MP4 + HLS + poster), seeded once only. The files go through the app's
 * storage: here the object store (s3rver on 127.0.0.1, FILE_STORAGE=s3), so nothing is written
 * under DATA_DIR and every file is served by a redirect the cases follow as a browser would, the
 * store answering Range.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths, type TextbookFacets, type TextbookListItem, type Video } from '@eav/contract';
import { count, sql } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textbooks } from '../src/db/schema';
import { api, testConfig, useTestApp } from './helpers';
import { createUser, demoCatalogue } from './textbooks-helpers';
import { DEMO_BOOKS } from '../src/features/textbooks/seed/demo-data';
import { rowsOf } from '../src/db/client';
import { generateCodes } from '../src/features/textbooks/activation';
import { startTestS3, type TestS3 } from './s3-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-seed-'));
const config = testConfig({ dataDir, seedDemo: true });
const t = useTestApp({ config });
let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3('eav-seed');
  // Before the first app of the file is built (before each test), which seeds.
  config.fileStorage = s3.config;
});
afterAll(async () => {
  await s3?.close();
});

/** GETs `url` from the app and follows its redirect to the store with the same headers, as a browser does. */
async function fetchFile(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  if (res.statusCode !== 302)
    return { status: res.statusCode, type: String(res.headers['content-type']), body: res.rawPayload };
  const location = String(res.headers.location);
  expect(new URL(location).origin).toBe(s3.config.endpoint);
  const stored = await fetch(location, { headers });
  return {
    status: stored.status,
    type: String(stored.headers.get('content-type')),
    body: Buffer.from(await stored.arrayBuffer()),
  };
}

describe('demo catalogue', () => {
  it('seeds the real catalogue with the demo books among it, each book once, with an access mix', async () => {
    const facets = (await api(t.app, { url: ApiPaths.textbookFacets })).json().data as TextbookFacets;
    const expected = demoCatalogue();
    expect(expected.standIns).toBeGreaterThan(0);
    expect(facets.total).toBe(expected.books);
    expect(facets.stage.map((s) => s.name).slice(0, 3)).toEqual(['小学', '初中', '高中']);
    // No two books alike: the demo books stood in for their catalogue records.
    const alike = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from (select 1 from textbooks
        group by stage_id, subject_id, grade_id, volume_id, edition_id, regexp_replace(title, '[[:space:]]+', '', 'g')
        having count(*) > 1) g`),
    );
    expect(alike[0]!.n).toBe(0);
    // Readable books are the demo books with a generated PDF, and only they.
    const readable = (await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 100, readable: 'true' } })).json()
      .data as { total: number; items: TextbookListItem[] };
    expect(readable.total).toBe(DEMO_BOOKS.filter((b) => b.pdf).length);
    expect(new Set(readable.items.map((b) => b.title))).toEqual(
      new Set(DEMO_BOOKS.filter((b) => b.pdf).map((b) => b.title)),
    );
    expect(new Set(readable.items.map((b) => b.access))).toEqual(new Set(['public', 'login', 'activation']));
    // Seeded once: a new app on the same database does not add books.
    const [before] = await t.database.db.select({ n: count() }).from(textbooks);
    await t.build();
    const [after] = await t.database.db.select({ n: count() }).from(textbooks);
    expect(after!.n).toBe(before!.n);
  });

  it('stores real PDFs whose chapter pages exist', async () => {
    const all = (await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 100, readable: 'true' } })).json().data
      .items as TextbookListItem[];
    const book = all.find((b) => b.hasFile && b.access === 'public')!;
    const detail = (await api(t.app, { url: ApiPaths.textbook(book.id) })).json().data;
    expect(detail.canRead).toBe(true);
    expect(detail.chapters.length).toBeGreaterThan(1);
    const grant = (await api(t.app, { url: ApiPaths.textbookRead(book.id) })).json().data;
    const file = await fetchFile(grant.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const pdf = await PDFDocument.load(file.body);
    expect(pdf.getPageCount()).toBe(grant.pageCount);
    expect(pdf.getTitle()).toBe(book.title);
    const pages = (detail.chapters as { page: number; children: { page: number }[] }[]).flatMap((c) => [
      c.page,
      ...c.children.map((x) => x.page),
    ]);
    for (const p of pages) {
      expect(p).toBeGreaterThanOrEqual(3);
      expect(p).toBeLessThanOrEqual(grant.pageCount);
    }
    // The Chinese font program is embedded (a font descriptor with FontFile2).
    const embedded = pdf.context
      .enumerateIndirectObjects()
      .some(([, obj]) => obj instanceof PDFDict && obj.get(PDFName.of('FontFile2')) !== undefined);
    expect(embedded).toBe(true);
  });

  it('has lesson videos attached to books and chapters, playable as MP4 and HLS', async () => {
    const list = (await api(t.app, { url: ApiPaths.videos })).json().data;
    expect(list.total).toBeGreaterThanOrEqual(3);
    const items = list.items as Video[];
    expect(items.every((v) => v.chapterId !== null && v.posterUrl)).toBe(true);
    const pub = items.find((v) => v.access === 'public')!;
    const grant = (await api(t.app, { url: ApiPaths.videoPlay(pub.id) })).json().data;
    const mp4 = await fetchFile(grant.mp4Url, { range: 'bytes=0-31' });
    expect(mp4.status).toBe(206);
    expect(mp4.body.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const m3u8 = await t.app.inject({ url: grant.hlsUrl });
    expect(m3u8.body).toContain('#EXT-X-ENDLIST');
    const seg = m3u8.body.split('\n').find((l) => l.includes('.ts?'))!;
    const ts = await fetchFile(`/media/videos/${pub.id}/${seg}`);
    expect(ts.status).toBe(200);
    expect(ts.body[0]).toBe(0x47); // MPEG-TS sync byte
    const poster = await fetchFile(pub.posterUrl!);
    expect(poster.type).toBe('image/jpeg');
    // Every seeded file is in the bucket: none under DATA_DIR.
    expect(fs.existsSync(path.join(dataDir, 'textbooks'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'videos'))).toBe(false);

    // An activation-only lesson plays after activating its book.
    const locked = items.find((v) => v.access === 'activation')!;
    const user = await createUser(t.database.db);
    expect((await api(t.app, { url: ApiPaths.videoPlay(locked.id), token: user.token })).statusCode).toBe(404);
    const [code] = await generateCodes(t.database.db, { textbookId: locked.textbookId, count: 1 });
    await api(t.app, { method: 'POST', url: ApiPaths.textbookActivation, token: user.token, body: { code } });
    expect((await api(t.app, { url: ApiPaths.videoPlay(locked.id), token: user.token })).statusCode).toBe(200);
  });
});
