/**
 * 版本 (edition) names have one source, the dictionary table: /digitalBook's facets and cards, 同步资源's
 * books (`GET /textbooks/with-chapters`) and its resources' facets name every edition as
 * `GET /dictionary/edition` does, and the facets list them in its order (the web picker of 同步资源
 * orders by the same list: resources/lib/book-filters.ts). Fails if any of them names editions otherwise.
 */
import { ApiPaths, type DictEntry, type TextbookFacets, type TextbookListItem } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { runImport } from '../src/features/question-bank/importers';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api } from './helpers';
import { addResource, useResourcesApp } from './resources-helpers';

const { t, storage } = useResourcesApp();

// Editions in an order unlike the dictionary's (湘教版 is seeded after 北师大版; 新编版 is new).
const BOOKS = [
  ['en-1', '高中', '地理', '湘教版', '高一'],
  ['en-2', '初中', '数学', '北师大版', '七年级'],
  ['en-3', '初中', '数学', '新编版', '七年级'],
  ['en-4', '小学', '数学', '人教版', '一年级'],
].map(([externalId, stage, subject, edition, grade]) => ({
  externalId: externalId!,
  title: `${subject}${grade}上册（${edition}）`,
  stage,
  subject,
  edition,
  grade,
  volume: '上册',
}));

describe('edition names', () => {
  it('come from the dictionary table on /digitalBook and in 同步资源', async () => {
    await importTextbooks(t.database.db, BOOKS.map((b) => JSON.stringify(b)).join('\n'));
    const trees = BOOKS.map((b) =>
      JSON.stringify({ externalId: b.externalId, chapters: [{ title: '第一章', children: [] }] }),
    );
    expect((await runImport(t.database.db, 'chapters', trees.join('\n'))).created).toBe(BOOKS.length);

    const get = async <T>(url: string, query?: Record<string, string>) =>
      (await api(t.app, { url, query })).json().data as T;
    const dictionary = await get<DictEntry[]>(ApiPaths.dictEdition);
    const named = new Map(dictionary.map((d) => [d.id, d.name]));
    const rank = new Map(dictionary.map((d, i) => [d.id, i]));
    const expectDictionaryNames = (entries: { id: number; name: string }[]) => {
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) expect(e.name).toBe(named.get(e.id));
    };

    const facets = await get<TextbookFacets>(ApiPaths.textbookFacets);
    expectDictionaryNames(facets.edition);
    const order = facets.edition.map((e) => rank.get(e.id)!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(facets.edition.map((e) => e.name).sort()).toEqual([...new Set(BOOKS.map((b) => b.edition))].sort());

    const list = await get<{ items: TextbookListItem[] }>(ApiPaths.textbooks, { pageSize: '100' });
    expectDictionaryNames(list.items.map((b) => b.edition));
    const chapterBooks = await get<{ edition: DictEntry; id: number }[]>(ApiPaths.textbooksWithChapters);
    expect(chapterBooks).toHaveLength(BOOKS.length);
    expectDictionaryNames(chapterBooks.map((b) => b.edition));

    for (const b of chapterBooks)
      await addResource(t.database.db, storage, { title: `资源 ${b.id}`, textbookId: b.id });
    const resourceFacets = await get<{ edition: DictEntry[] }>(ApiPaths.resourceFacets);
    expectDictionaryNames(resourceFacets.edition);
    expect(resourceFacets.edition.map((e) => e.id)).toEqual(facets.edition.map((e) => e.id));
  });
});
