/**
 * Catalogue browsing on the real catalogue: filters and facets checked against counts computed
 * from the file, keyword search and its ranking, pagination, detail with chapter tree, covers.
 */
import { VERSION_CHECK_MS } from '../src/lib/read-cache';
import { ApiPaths, type TextbookFacets, type TextbookListItem } from '@eav/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionary, textbooks } from '../src/db/schema';
import { saveChapterTree } from '../src/features/textbooks/content';
import { COVER_FONT_TAG, RASTER_COVER_WIDTH } from '../src/features/textbooks/cover-raster';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, useTestApp } from './helpers';
import { isImportable, readCatalogue, type CatalogueLine } from './textbooks-helpers';

const t = useTestApp();
const { text, lines } = readCatalogue();
/**
 * The file's importable books as the catalogue holds them: a line without a 出版社 takes its 版本's
 * publisher when every line of that 版本 that names one names the same (the importer's rule, on an
 * empty database; docs/textbooks.md).
 */
const books = ((all: CatalogueLine[]) => {
  const named = new Map<string, Set<string>>();
  for (const b of all)
    if (b.publisher) (named.get(b.edition!) ?? named.set(b.edition!, new Set()).get(b.edition!)!).add(b.publisher);
  return all.map((b) => {
    const only = b.publisher ? null : named.get(b.edition!);
    return only?.size === 1 ? { ...b, publisher: [...only][0]! } : b;
  });
})(lines.filter(isImportable));
/** name → id per dictionary kind, filled after the import. */
const ids: Record<string, Map<string, number>> = {};

type Dim = 'stage' | 'subject' | 'edition' | 'grade' | 'volume' | 'publisher';
const DIMS: Dim[] = ['stage', 'subject', 'edition', 'grade', 'volume', 'publisher'];

beforeAll(async () => {
  await importTextbooks(t.database.db, text);
  const rows = await t.database.db
    .select({ id: dictionary.id, kind: dictionary.kind, name: dictionary.name })
    .from(dictionary);
  for (const r of rows) (ids[r.kind] ??= new Map()).set(r.name, r.id);
});

/** Books of the file matching name filters. */
const match = (f: Partial<Record<Dim, string>>, except?: Dim) =>
  books.filter((b) => DIMS.every((d) => d === except || f[d] === undefined || (b as CatalogueLine)[d] === f[d]));

function query(f: Partial<Record<Dim, string>>) {
  const q: Record<string, number> = {};
  for (const d of DIMS) if (f[d] !== undefined) q[`${d}Id`] = ids[d]!.get(f[d]!)!;
  return q;
}

describe('catalogue list', () => {
  it('pages through the whole catalogue with the file total', async () => {
    const res = await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 100, page: 2 } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(books.length);
    expect(data.items).toHaveLength(100);
    expect(data.page).toBe(2);
    const item = data.items[0] as TextbookListItem;
    expect(item.stage.name).toBeTruthy();
    // Generated covers are WebP where the server has a CJK font, as on every test machine (README).
    expect(item.coverUrl).toMatch(/^\/covers\/\d+\.webp\?v=\d+$/);
    expect(item.access).toBe('activation');
  });

  it.each([
    [{ stage: '初中' }],
    [{ stage: '初中', subject: '数学' }],
    [{ stage: '小学', subject: '英语', grade: '三年级' }],
    [{ stage: '高中', volume: '选择性必修1' }],
    [{ publisher: '人民教育出版社' }],
    [{ stage: '小学', subject: '音乐', edition: '人教版（简谱）', grade: '一年级', volume: '上册' }],
  ] as Partial<Record<Dim, string>>[][])('filters %j exactly like the file', async (f) => {
    const expected = match(f);
    expect(expected.length).toBeGreaterThan(0);
    const res = await api(t.app, { url: ApiPaths.textbooks, query: { ...query(f), pageSize: 100 } });
    const data = res.json().data;
    expect(data.total).toBe(expected.length);
    const got = (data.items as TextbookListItem[]).map((i) => i.externalId);
    if (expected.length <= 100) expect(new Set(got)).toEqual(new Set(expected.map((e) => e.externalId)));
    else expect(got).toHaveLength(100);
    for (const item of data.items as TextbookListItem[]) {
      for (const d of DIMS) if (f[d]) expect(item[d]?.name).toBe(f[d]);
    }
  });

  it('answers an empty page past the end and rejects bad paging', async () => {
    const res = await api(t.app, { url: ApiPaths.textbooks, query: { page: 999, pageSize: 100 } });
    expect(res.json().data).toMatchObject({ items: [], total: books.length });
    const badSize = await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 101 } });
    expect(badSize.statusCode).toBe(400);
    const badId = await api(t.app, { url: ApiPaths.textbooks, query: { stageId: 'x' } });
    expect(badId.statusCode).toBe(400);
  });
});

describe('facets', () => {
  it.each([
    [{}],
    [{ stage: '初中' }],
    [{ stage: '初中', subject: '数学' }],
    [{ stage: '高中', subject: '物理', edition: '人教版' }],
    [{ subject: '英语', grade: '三年级', volume: '上册' }],
  ] as Partial<Record<Dim, string>>[][])('counts every dimension with the other filters applied: %j', async (f) => {
    const res = await api(t.app, { url: ApiPaths.textbookFacets, query: query(f) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as TextbookFacets;
    expect(data.total).toBe(match(f).length);
    for (const d of DIMS) {
      const expected = new Map<string, number>();
      for (const b of match(f, d)) {
        const v = (b as CatalogueLine)[d];
        if (v) expected.set(v, (expected.get(v) ?? 0) + 1);
      }
      const got = new Map(data[d].map((v) => [v.name, v.count]));
      expect(got, d).toEqual(expected);
      // No dead ends: every offered value has books.
      for (const v of data[d]) expect(v.count).toBeGreaterThan(0);
    }
  });

  it('applies the keyword to facets too', async () => {
    const res = await api(t.app, { url: ApiPaths.textbookFacets, query: { keyword: '选择性必修' } });
    const data = res.json().data as TextbookFacets;
    const expected = books.filter((b) => b.title.includes('选择性必修'));
    expect(data.total).toBe(expected.length);
    expect(data.stage.map((s) => s.name)).toEqual(['高中']);
  });
});

describe('keyword search', () => {
  it.each(['一年级上册', '选择性必修', '数学', '地理图册'])('finds every title containing %s', async (kw) => {
    const expected = books.filter((b) => b.title.toLowerCase().includes(kw.toLowerCase()));
    expect(expected.length).toBeGreaterThan(0);
    const res = await api(t.app, { url: ApiPaths.textbooks, query: { keyword: kw, pageSize: 100 } });
    const data = res.json().data;
    expect(data.total).toBe(expected.length);
    for (const item of data.items as TextbookListItem[]) expect(item.title).toContain(kw);
  });

  it('ranks closer titles first and combines words and filters', async () => {
    const res = await api(t.app, { url: ApiPaths.textbooks, query: { keyword: '选择性必修', pageSize: 100 } });
    const items = res.json().data.items as TextbookListItem[];
    // Ranked by relevance: exact title, prefix, then the share of the title the keyword covers
    // (shorter titles first); no title here equals or starts with the keyword.
    const lengths = items.map((i) => [...i.title].length);
    for (let k = 1; k < lengths.length; k++) expect(lengths[k]!).toBeGreaterThanOrEqual(lengths[k - 1]!);
    const exact = books.find((b) => b.subject === '数学')!.title;
    const top = (await api(t.app, { url: ApiPaths.textbooks, query: { keyword: exact } })).json().data
      .items as TextbookListItem[];
    expect(top[0]!.title).toBe(exact);

    const both = await api(t.app, {
      url: ApiPaths.textbooks,
      query: { keyword: '数学 七年级', ...query({ stage: '初中' }), pageSize: 100 },
    });
    const expected = books.filter((b) => b.stage === '初中' && b.title.includes('数学') && b.title.includes('七年级'));
    expect(both.json().data.total).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('returns what the reference SQL ranking returns, page by page, on 150 probes from the real titles', async () => {
    // The ranking rule in SQL (what the in-process index must reproduce): every word a
    // case-insensitive substring; exact title, then prefix of the first word, then title length,
    // then display order with missing grade/volume last.
    const reference = async (words: string[], stageId: number | undefined, offset: number) => {
      const contains = words.map((w) => sql`position(lower(${w}) in lower(${textbooks.title})) > 0`);
      const where = and(...contains, stageId ? eq(textbooks.stageId, stageId) : undefined);
      const rows = await t.database.db
        .select({ id: textbooks.id })
        .from(textbooks)
        .where(where)
        .orderBy(
          desc(sql`(${textbooks.title} = ${words.join(' ')})`),
          desc(sql`(left(${textbooks.title}, ${[...words[0]!].length}) = ${words[0]!})`),
          asc(sql`char_length(${textbooks.title})`),
          asc(textbooks.stageId),
          asc(textbooks.subjectId),
          asc(textbooks.editionId),
          asc(textbooks.gradeId),
          asc(textbooks.volumeId),
          asc(textbooks.id),
        )
        .limit(20)
        .offset(offset);
      const [{ n } = { n: 0 }] = await t.database.db.select({ n: count() }).from(textbooks).where(where);
      return { ids: rows.map((r) => r.id), total: n };
    };
    let seed = 20261122;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const piece = () => {
      const title = [...books[rand(books.length)]!.title];
      const len = 1 + rand(Math.min(6, title.length));
      const at = rand(title.length - len + 1);
      return title
        .slice(at, at + len)
        .join('')
        .trim();
    };
    const stages = [...ids.stage!.values()];
    const seen = { laterPages: 0, multiWord: 0, filtered: 0 };
    for (let probe = 0; probe < 150; probe++) {
      const words = [...new Set([piece(), ...(probe % 4 === 0 ? [piece()] : [])].filter((w) => w && !/\s/.test(w)))];
      if (!words.length) continue;
      const stageId = probe % 3 === 0 ? stages[rand(stages.length)] : undefined;
      const pageNo = 1 + (probe % 5 === 0 ? rand(3) : 0);
      const expected = await reference(words, stageId, (pageNo - 1) * 20);
      const res = await api(t.app, {
        url: ApiPaths.textbooks,
        query: { keyword: words.join(' '), page: pageNo, pageSize: 20, ...(stageId ? { stageId } : {}) },
      });
      const data = res.json().data;
      const label = `${words.join(' ')} stage=${stageId} page=${pageNo}`;
      expect(data.total, label).toBe(expected.total);
      if (expected.ids.length && pageNo > 1) seen.laterPages++;
      if (expected.ids.length && words.length > 1) seen.multiWord++;
      if (expected.ids.length && stageId) seen.filtered++;
      expect(
        (data.items as TextbookListItem[]).map((i) => i.id),
        label,
      ).toEqual(expected.ids);
    }
  });

  it('sees a catalogue change on the next search (new, renamed and deleted books)', async () => {
    const search = async (keyword: string) => {
      const [list, facet] = await Promise.all([
        api(t.app, { url: ApiPaths.textbooks, query: { keyword } }),
        api(t.app, { url: ApiPaths.textbookFacets, query: { keyword } }),
      ]);
      return { items: list.json().data.items as TextbookListItem[], facetTotal: facet.json().data.total as number };
    };
    // The import command writes from outside the server (another process, nobody announces it): the
    // next search after the version is read again sees it (docs/decisions/011-read-cache.md).
    const versionRead = () => new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_MS + 10));
    expect((await search('之江实验')).items).toEqual([]);
    const line = { ...books[0]!, externalId: 'search-change-1', title: '之江实验教材·数学' };
    await importTextbooks(t.database.db, JSON.stringify(line));
    await versionRead();
    const added = await search('之江实验');
    expect(added.items.map((i) => i.title)).toEqual(['之江实验教材·数学']);
    expect(added.facetTotal).toBe(1);
    await importTextbooks(t.database.db, JSON.stringify({ ...line, title: '之江改名教材·数学' }));
    await versionRead();
    expect((await search('之江实验')).items).toEqual([]);
    expect((await search('之江改名')).items).toHaveLength(1);
    await t.database.db.delete(textbooks).where(eq(textbooks.externalId, 'search-change-1'));
    await versionRead();
    expect(await search('之江改名')).toEqual({ items: [], facetTotal: 0 });
  });

  it('treats LIKE wildcards literally and finds nothing for unknown words', async () => {
    for (const kw of ['%', '_', '不存在的教材名称']) {
      const res = await api(t.app, { url: ApiPaths.textbooks, query: { keyword: kw } });
      expect(res.json().data.total, kw).toBe(books.filter((b) => b.title.includes(kw)).length);
    }
    const long = await api(t.app, { url: ApiPaths.textbooks, query: { keyword: '长'.repeat(51) } });
    expect(long.statusCode).toBe(400);
  });
});

describe('detail and covers', () => {
  it('returns the chapter tree, related books and access for a book', async () => {
    const first = books.find((b) => b.stage === '初中' && b.subject === '数学')!;
    const [row] = await t.database.db
      .select({ id: textbooks.id })
      .from(textbooks)
      .where(eq(textbooks.externalId, first.externalId));
    await saveChapterTree(t.database.db, row!.id, [
      {
        title: '第一章 有理数',
        page: 5,
        children: [
          { title: '1.1 正数和负数', page: 6 },
          { title: '1.2 有理数', page: 10 },
        ],
      },
      { title: '第二章 整式的加减', page: 30 },
    ]);
    const res = await api(t.app, { url: ApiPaths.textbook(row!.id) });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.title).toBe(first.title);
    expect(d.chapters).toMatchObject([
      {
        title: '第一章 有理数',
        page: 5,
        children: [
          { title: '1.1 正数和负数', page: 6, children: [] },
          { title: '1.2 有理数', page: 10 },
        ],
      },
      { title: '第二章 整式的加减', page: 30, children: [] },
    ]);
    expect(d.owned).toBe(false);
    expect(d.canRead).toBe(false);
    expect(d.accessHint).toContain('暂未提供电子版');
    expect(d.related.length).toBeGreaterThan(0);
    for (const r of d.related as TextbookListItem[]) {
      expect(r.id).not.toBe(row!.id);
      expect(r.subject.name).toBe('数学');
    }
    expect((await api(t.app, { url: ApiPaths.textbook(99999999) })).statusCode).toBe(404);
  });

  it('serves a generated, cacheable cover outside /api, as WebP and as SVG', async () => {
    const list = await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 1 } });
    const item = list.json().data.items[0] as TextbookListItem;
    const res = await t.app.inject({ url: item.coverUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('public');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: RASTER_COVER_WIDTH, height: (RASTER_COVER_WIDTH * 4) / 3 });
    // The picture is the book's: covers of other subjects differ in colour (covers.ts).
    const other = (await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 100 } }))
      .json()
      .data.items.find((b: TextbookListItem) => b.subject.name !== item.subject.name) as TextbookListItem;
    const [a, b] = await Promise.all(
      [res.rawPayload, (await t.app.inject({ url: other.coverUrl })).rawPayload].map((buf) =>
        sharp(buf).resize(1, 1).raw().toBuffer(),
      ),
    );
    expect(a!.equals(b!)).toBe(false);
    const again = await t.app.inject({ url: item.coverUrl, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    // The tag names the font: a browser holding a drawing made before (another font, or missing-glyph
    // boxes under a tag without the font) gets the new one instead of a 304.
    expect(res.headers.etag).toContain(COVER_FONT_TAG);
    const before = (res.headers.etag as string).replace(`-${COVER_FONT_TAG}"`, '"');
    expect((await t.app.inject({ url: item.coverUrl, headers: { 'if-none-match': before } })).statusCode).toBe(200);

    // The SVG stays: the web falls back to it when an imported image fails.
    const svg = await t.app.inject({ url: ApiPaths.textbookCoverSvg(item.id) });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers.etag).not.toBe(res.headers.etag);
    expect(svg.body).toContain('<svg');
    expect(svg.body).toContain(item.subject.name.split('·')[0]);
    expect(svg.body).toContain(item.edition.name);
    expect((await t.app.inject({ url: '/covers/999999.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/covers/999999.webp' })).statusCode).toBe(404);
  });
});
