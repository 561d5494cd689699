import { describe, expect, it } from 'vitest';
import { findInPages, foldQuery, indexBook, textLayerStatus } from './find-in-book';

const book = [
  '第一章 细胞 细胞是生物体结构和功能的基本单位。',
  '',
  'DNA 分子的双螺旋结构，由 Watson 和 Crick 提出。光合 作用需要光。',
  '每千克（㎏）水升高 1℃ 吸收的热量。ＤＮＡ复制。',
];

describe('findInPages', () => {
  it('finds every match, page by page, with 1-based pages, ranges and context', () => {
    const matches = findInPages(book, '细胞');
    expect(matches.map(({ page, start, end }) => [page, start, end])).toEqual([
      [1, 4, 6],
      [1, 7, 9],
    ]);
    expect(matches[1]!.context).toEqual({
      before: '第一章 细胞 ',
      match: '细胞',
      after: '是生物体结构和功能的基本单位。',
    });
  });

  it('ignores case and full-width/half-width differences', () => {
    expect(findInPages(book, 'dna').map((m) => [m.page, m.context.match])).toEqual([
      [3, 'DNA'],
      [4, 'ＤＮＡ'],
    ]);
    expect(findInPages(book, 'ＷＡＴＳＯＮ')).toHaveLength(1);
    expect(findInPages(book, '结构,由')[0]!.context.match).toBe('结构，由');
    // NFKC spells ℃ as °C.
    expect(findInPages(book, '1°c')[0]!.context.match).toBe('1℃');
  });

  it('ignores whitespace in the text and in the query', () => {
    const [m] = findInPages(book, '光合作用');
    expect(m).toMatchObject({ page: 3, context: { match: '光合 作用' } });
    expect(findInPages(book, '光 合\u3000作 用')).toEqual(findInPages(book, '光合作用'));
    expect(findInPages(book, 'DNA分子')[0]!.context.match).toBe('DNA 分子');
  });

  it('matches whole characters only', () => {
    expect(findInPages(book, 'kg')[0]!.context.match).toBe('㎏');
    expect(findInPages(book, 'g')).toHaveLength(0);
    expect(findInPages(['cafe\u0301 café'], 'café').map((m) => m.context.match)).toEqual(['cafe\u0301', 'café']);
    expect(findInPages(['cafe\u0301'], 'cafe')).toHaveLength(0);
  });

  it('answers matches that do not overlap, up to the limit', () => {
    expect(findInPages(['aaaaa'], 'aa').map((m) => m.start)).toEqual([0, 2]);
    expect(findInPages(['甲甲', '甲', '甲甲甲'], '甲', { limit: 4 }).map((m) => [m.page, m.start])).toEqual([
      [1, 0],
      [1, 1],
      [2, 0],
      [3, 0],
    ]);
    expect(findInPages(book, '细胞', { limit: 0 })).toEqual([]);
  });

  it('keeps the context within the given length and whole characters', () => {
    const [m] = findInPages([`${'𠀀'.repeat(5)}中${'𠀀'.repeat(5)}`], '中', { contextLength: 3 });
    expect(m!.context).toEqual({ before: '𠀀', match: '中', after: '𠀀' });
  });

  it('finds nothing for an empty or blank query', () => {
    expect(findInPages(book, '')).toEqual([]);
    expect(findInPages(book, ' \u3000\u200b')).toEqual([]);
    expect(foldQuery(' Ａ b ')).toBe('ab');
  });

  it('gives the same answers from a book index', () => {
    const index = indexBook(book);
    for (const q of ['细胞', 'dna', '光合作用', 'kg', '。'])
      expect(findInPages(index, q)).toEqual(findInPages(book, q));
  });
});

describe('textLayerStatus', () => {
  it('tells a book without any text', () => {
    expect(textLayerStatus(book)).toBe('hasText');
    expect(textLayerStatus(['', ' ', '\u3000\u200b'])).toBe('noTextLayer');
    expect(textLayerStatus([])).toBe('noTextLayer');
  });
});
