import { describe, expect, it } from 'vitest';
import {
  cleanKeyword,
  desktopMarkHref,
  hasFilters,
  markBooks,
  mobileMarkHref,
  myNotesParams,
  myNotesSearch,
  parseMyNotesSearch,
} from './my-notes';

describe('parseMyNotesSearch', () => {
  it('reads the filters and the page of the URL', () => {
    expect(parseMyNotesSearch(new URLSearchParams('keyword=%20光合作用%20&textbookId=12&kind=note&page=3'))).toEqual({
      keyword: '光合作用',
      textbookId: 12,
      kind: 'note',
      page: 3,
    });
  });

  it('leaves out what is not valid and starts on page 1', () => {
    expect(parseMyNotesSearch(new URLSearchParams('keyword=%20&textbookId=abc&kind=comment&page=0'))).toEqual({
      keyword: undefined,
      textbookId: undefined,
      kind: undefined,
      page: 1,
    });
    expect(parseMyNotesSearch(new URLSearchParams('textbookId=-3&page=1.5')).textbookId).toBeUndefined();
    expect(parseMyNotesSearch(new URLSearchParams('page=99999999999')).page).toBe(1);
  });
});

describe('myNotesSearch', () => {
  it('writes only the filters that are set, and the page after the first', () => {
    expect(myNotesSearch({}).toString()).toBe('');
    expect(myNotesSearch({ keyword: '  ', kind: 'highlight' }, 1).toString()).toBe('kind=highlight');
    expect(myNotesSearch({ keyword: '复习', textbookId: 7, kind: 'bookmark' }, 2).toString()).toBe(
      `keyword=${encodeURIComponent('复习')}&textbookId=7&kind=bookmark&page=2`,
    );
  });

  it('round-trips through parseMyNotesSearch', () => {
    const filters = { keyword: '第二 章', textbookId: 3, kind: 'note' as const };
    expect(parseMyNotesSearch(myNotesSearch(filters, 4))).toEqual({ ...filters, page: 4 });
  });
});

describe('myNotesParams and hasFilters', () => {
  it('sends only the filters that are set, the keyword trimmed and cut to the contract length', () => {
    expect(myNotesParams({ keyword: ' ', textbookId: undefined })).toEqual({});
    expect(myNotesParams({ keyword: ' a ', kind: 'note' })).toEqual({ keyword: 'a', kind: 'note' });
    expect(cleanKeyword('字'.repeat(60))).toHaveLength(50);
    expect(hasFilters({ keyword: '  ' })).toBe(false);
    expect(hasFilters({ textbookId: 1 })).toBe(true);
  });
});

describe('markBooks', () => {
  const mark = (textbookId: number, textbookTitle: string) => ({ textbookId, textbookTitle });

  it('lists each book once in the order first met across the lists', () => {
    expect(
      markBooks([[mark(2, '物理'), mark(1, '语文'), mark(2, '物理')], undefined, [mark(3, '数学'), mark(1, '语文')]]),
    ).toEqual([
      { id: 2, title: '物理' },
      { id: 1, title: '语文' },
      { id: 3, title: '数学' },
    ]);
  });

  it('keeps the chosen book even when no listed mark is of it', () => {
    expect(markBooks([[mark(1, '语文')]], 9)).toEqual([
      { id: 1, title: '语文' },
      { id: 9, title: '教材 9' },
    ]);
    expect(markBooks([[mark(9, '英语')]], 9)).toEqual([{ id: 9, title: '英语' }]);
  });
});

describe('mark links', () => {
  it('open the desktop and the H5 reader at the mark page', () => {
    expect(desktopMarkHref({ textbookId: 5, page: 12 })).toBe('/preview?id=5&page=12');
    expect(mobileMarkHref({ textbookId: 5, page: 12 })).toBe('/mobileH5/pdf?id=5&page=12');
  });
});
