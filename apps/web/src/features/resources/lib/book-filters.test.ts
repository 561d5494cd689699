import { describe, expect, it } from 'vitest';
import type { ChapterBook } from '@eav/contract';
import { bookFacet, filtersOfBook, matchBooks, selectBookDimension } from './book-filters';

const e = (id: number, name: string) => ({ id, name });
function book(id: number, stage: number, subject: number, edition: number, grade: number, volume: number): ChapterBook {
  return {
    id,
    externalId: `b${id}`,
    title: `书${id}`,
    stage: e(stage, `学段${stage}`),
    subject: e(subject, `学科${subject}`),
    edition: e(edition, `版本${edition}`),
    grade: e(grade, `年级${grade}`),
    volume: e(volume, `册${volume}`),
    coverUrl: `/covers/${id}.svg`,
    chapterCount: 3,
  };
}

const BOOKS = [
  book(1, 2, 7, 1, 7, 1),
  book(2, 2, 7, 1, 7, 2),
  book(3, 2, 7, 2, 7, 1),
  book(4, 2, 8, 1, 8, 1),
  book(5, 3, 7, 1, 10, 1),
];

describe('book picker cascade', () => {
  it('counts each value over the books matching the levels before it only', () => {
    expect(bookFacet(BOOKS, {}, 'stage')).toEqual([
      { id: 2, name: '学段2', count: 4 },
      { id: 3, name: '学段3', count: 1 },
    ]);
    // Choosing a grade does not narrow the subjects offered (it comes later in the cascade).
    expect(bookFacet(BOOKS, { stage: 2, grade: 8 }, 'subject')).toEqual([
      { id: 7, name: '学科7', count: 3 },
      { id: 8, name: '学科8', count: 1 },
    ]);
    expect(bookFacet(BOOKS, { stage: 2, subject: 7 }, 'edition')).toEqual([
      { id: 1, name: '版本1', count: 2 },
      { id: 2, name: '版本2', count: 1 },
    ]);
  });

  it('names and orders 版本 by the dictionary table when given it, as /digitalBook does', () => {
    // The books list 版本2 (of 学段3) after 版本1; the dictionary puts 版本2 first and names it otherwise.
    const books = [book(1, 2, 7, 1, 7, 1), book(2, 3, 7, 2, 10, 1)];
    const dictionary = [e(2, '人教版'), e(9, '未用版本'), e(1, '北师大版')];
    expect(bookFacet(books, {}, 'edition', dictionary)).toEqual([
      { id: 2, name: '人教版', count: 1 },
      { id: 1, name: '北师大版', count: 1 },
    ]);
    // Without the dictionary: the books' own names, in order of first appearance.
    expect(bookFacet(books, {}, 'edition').map((v) => v.name)).toEqual(['版本1', '版本2']);
  });

  it('offers only values that lead to books', () => {
    for (const f of bookFacet(BOOKS, { stage: 2, subject: 7, edition: 1 }, 'volume'))
      expect(matchBooks(BOOKS, { stage: 2, subject: 7, edition: 1, volume: f.id }).length).toBe(f.count);
  });

  it('choosing a value clears every level after it', () => {
    const f = { stage: 2, subject: 7, edition: 1, grade: 7, volume: 2 };
    expect(selectBookDimension(f, 'subject', 8)).toEqual({ stage: 2, subject: 8 });
    expect(selectBookDimension(f, 'edition', undefined)).toEqual({ stage: 2, subject: 7 });
    expect(selectBookDimension(f, 'stage', 3)).toEqual({ stage: 3 });
  });

  it('matches books on every chosen value and derives the filters of a book', () => {
    expect(matchBooks(BOOKS, { stage: 2, subject: 7, edition: 1 }).map((b) => b.id)).toEqual([1, 2]);
    expect(filtersOfBook(BOOKS[1]!)).toEqual({ stage: 2, subject: 7, edition: 1, grade: 7, volume: 2 });
    expect(matchBooks(BOOKS, filtersOfBook(BOOKS[1]!)).map((b) => b.id)).toEqual([2]);
  });
});
