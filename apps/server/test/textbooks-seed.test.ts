/**
 * Demo catalogue seed: books across the three stages with an access mix, generated PDFs whose
 * chapter pages exist, playable lesson videos (MP4 + HLS + poster), seeded once only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiPaths, type TextbookFacets, type TextbookListItem, type Video } from '@eav/contract';
import { count } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { textbooks } from '../src/db/schema';
import { api, testConfig, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';
import { generateCodes } from '../src/features/textbooks/activation';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-seed-'));
const t = useTestApp({ config: testConfig({ dataDir, seedDemo: true }) });

describe('demo catalogue', () => {
  it('seeds a few dozen books across 小学/初中/高中 with an access mix', async () => {
    const facets = (await api(t.app, { url: ApiPaths.textbookFacets })).json().data as TextbookFacets;
    expect(facets.total).toBeGreaterThanOrEqual(30);
    expect(facets.stage.map((s) => s.name)).toEqual(['小学', '初中', '高中']);
    const all = (await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 100 } })).json().data
      .items as TextbookListItem[];
    expect(new Set(all.map((b) => b.access))).toEqual(new Set(['public', 'login', 'activation']));
    expect(all.filter((b) => b.hasFile).length).toBeGreaterThanOrEqual(5);
    // Seeded once: a new app on the same database does not add books.
    const [before] = await t.database.db.select({ n: count() }).from(textbooks);
    await t.build();
    const [after] = await t.database.db.select({ n: count() }).from(textbooks);
    expect(after!.n).toBe(before!.n);
  });

  it('stores real PDFs whose chapter pages exist', async () => {
    const all = (await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 100 } })).json().data
      .items as TextbookListItem[];
    const book = all.find((b) => b.hasFile && b.access === 'public')!;
    const detail = (await api(t.app, { url: ApiPaths.textbook(book.id) })).json().data;
    expect(detail.canRead).toBe(true);
    expect(detail.chapters.length).toBeGreaterThan(1);
    const grant = (await api(t.app, { url: ApiPaths.textbookRead(book.id) })).json().data;
    const file = await t.app.inject({ url: grant.url });
    expect(file.statusCode).toBe(200);
    const pdf = await PDFDocument.load(file.rawPayload);
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
    const mp4 = await t.app.inject({ url: grant.mp4Url, headers: { range: 'bytes=0-31' } });
    expect(mp4.statusCode).toBe(206);
    expect(mp4.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const m3u8 = await t.app.inject({ url: grant.hlsUrl });
    expect(m3u8.body).toContain('#EXT-X-ENDLIST');
    const seg = m3u8.body.split('\n').find((l) => l.includes('.ts?'))!;
    const ts = await t.app.inject({ url: `/media/videos/${pub.id}/${seg}` });
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const poster = await t.app.inject({ url: pub.posterUrl! });
    expect(poster.headers['content-type']).toBe('image/jpeg');

    // An activation-only lesson plays after activating its book.
    const locked = items.find((v) => v.access === 'activation')!;
    const user = await createUser(t.database.db);
    expect((await api(t.app, { url: ApiPaths.videoPlay(locked.id), token: user.token })).statusCode).toBe(404);
    const [code] = await generateCodes(t.database.db, { textbookId: locked.textbookId, count: 1 });
    await api(t.app, { method: 'POST', url: ApiPaths.textbookActivation, token: user.token, body: { code } });
    expect((await api(t.app, { url: ApiPaths.videoPlay(locked.id), token: user.token })).statusCode).toBe(200);
  });
});
