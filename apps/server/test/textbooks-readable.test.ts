/**
 * The one readability rule of the catalogue: a book can be read online when the server can serve its
 * file (a stored file, or a remote one on REMOTE_MEDIA_HOSTS). Cards, the detail (file size included),
 * the 可在线阅读 filter (with and without a keyword) and its facet count all follow it.
 */
import { ApiPaths, type TextbookFacets, type TextbookListItem } from '@eav/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { textbooks } from '../src/db/schema';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, testConfig, useTestApp } from './helpers';

const ALLOWED = 'cdn.example.com';
const t = useTestApp({ config: testConfig({ remoteMediaHosts: [ALLOWED] }) });
const ids: Record<string, number> = {};

/** Books of one series: which of them have a file decides what the catalogue promises. */
const BOOKS: { id: string; file?: string; stored?: boolean }[] = [
  { id: 'stored', stored: true },
  { id: 'allowed', file: `https://${ALLOWED}/a.pdf` },
  { id: 'allowed-port', file: `https://CDN.example.com:8443/b.pdf?x=1` },
  { id: 'elsewhere', file: 'https://files.example.org/c.pdf' },
  { id: 'none' },
  { id: 'none-2' },
];
const READABLE = ['stored', 'allowed', 'allowed-port'];

beforeAll(async () => {
  const lines = BOOKS.map((b, i) =>
    JSON.stringify({
      externalId: `r-${b.id}`,
      title: `可读测试 生物 ${i + 1}`,
      stage: '初中',
      subject: '生物学',
      edition: '人教版',
      access: 'login',
      fileSize: 9_500_000,
      ...(b.file ? { fileUrl: b.file } : {}),
    }),
  );
  await importTextbooks(t.database.db, lines.join('\n'));
  const rows = await t.database.db.select({ id: textbooks.id, externalId: textbooks.externalId }).from(textbooks);
  for (const r of rows) ids[r.externalId.slice(2)] = r.id;
  await t.database.db
    .update(textbooks)
    .set({ fileKey: 'textbooks/test/stored.pdf' })
    .where(inArray(textbooks.id, [ids.stored!]));
});

async function list(query: Record<string, string | number>): Promise<{ items: TextbookListItem[]; total: number }> {
  const res = await api(t.app, { url: ApiPaths.textbooks, query: { pageSize: 100, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const names = (items: TextbookListItem[]) => items.map((i) => i.externalId.slice(2)).sort();

describe('readability', () => {
  it('flags on each card exactly the books whose file the server can serve', async () => {
    const { items } = await list({});
    expect(
      items
        .filter((i) => i.hasFile)
        .map((i) => i.externalId.slice(2))
        .sort(),
    ).toEqual([...READABLE].sort());
  });

  it('filters 可在线阅读 with and without a keyword, and counts it in the facets', async () => {
    for (const readable of ['true', '1']) {
      const { items, total } = await list({ readable });
      expect(total).toBe(READABLE.length);
      expect(names(items)).toEqual([...READABLE].sort());
    }
    expect((await list({ readable: 'false' })).total).toBe(BOOKS.length);
    expect((await list({ readable: '' })).total).toBe(BOOKS.length);
    const keyword = await list({ readable: 'true', keyword: '可读测试', pageSize: 2, page: 2 });
    expect(keyword.total).toBe(READABLE.length);
    expect(keyword.items).toHaveLength(1);
    expect(keyword.items.every((i) => i.hasFile)).toBe(true);
    const facets = (await api(t.app, { url: ApiPaths.textbookFacets, query: { readable: 'true' } })).json()
      .data as TextbookFacets;
    expect(facets.total).toBe(READABLE.length);
    expect(facets.readable).toBe(READABLE.length);
    expect(facets.subject.map((s) => s.count)).toEqual([READABLE.length]);
    const all = (await api(t.app, { url: ApiPaths.textbookFacets, query: { keyword: '可读测试' } })).json()
      .data as TextbookFacets;
    expect(all).toMatchObject({ total: BOOKS.length, readable: READABLE.length });
  });

  it('refuses a malformed flag with a Chinese message', async () => {
    const res = await api(t.app, { url: ApiPaths.textbooks, query: { readable: 'maybe' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('可在线阅读');
  });

  it('shows the file size only of a file that exists', async () => {
    const without = (await api(t.app, { url: ApiPaths.textbook(ids.none!) })).json().data;
    expect(without).toMatchObject({ hasFile: false, canRead: false, fileSize: null });
    const elsewhere = (await api(t.app, { url: ApiPaths.textbook(ids.elsewhere!) })).json().data;
    expect(elsewhere).toMatchObject({ hasFile: false, fileSize: null });
    const stored = (await api(t.app, { url: ApiPaths.textbook(ids.stored!) })).json().data;
    expect(stored).toMatchObject({ hasFile: true, fileSize: 9_500_000 });
  });

  it('follows a book that gets its file later', async () => {
    await t.database.db
      .update(textbooks)
      .set({ fileKey: 'textbooks/test/late.pdf' })
      .where(eq(textbooks.id, ids.none!));
    // A fresh app reads the catalogue version at once (no read cache of the earlier answers).
    const app = await t.build();
    const res = await api(app, { url: ApiPaths.textbooks, query: { readable: 'true' } });
    expect(res.json().data.total).toBe(READABLE.length + 1);
    await t.database.db.update(textbooks).set({ fileKey: null }).where(eq(textbooks.id, ids.none!));
  });
});
