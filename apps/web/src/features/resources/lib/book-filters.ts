/**
 * The textbook picker of 同步资源: the catalogue's cascade 学段 → 学科 → 版本 → 年级 → 册次
 * (docs/product.md §11) over the books that have a chapter tree. Choosing a value clears every level
 * after it; every offered value shows how many books it leads to and none leads to nothing.
 */
import type { ChapterBook, DictEntry } from '@eav/contract';

export const BOOK_CASCADE = ['stage', 'subject', 'edition', 'grade', 'volume'] as const;
export type BookDimension = (typeof BOOK_CASCADE)[number];
export const BOOK_DIMENSION_LABELS: Record<BookDimension, string> = {
  stage: '学段',
  subject: '学科',
  edition: '版本',
  grade: '年级',
  volume: '册次',
};

export type BookFilters = Partial<Record<BookDimension, number>>;

export interface BookFacet {
  id: number;
  name: string;
  count: number;
}

const entryOf = (book: ChapterBook, dim: BookDimension): DictEntry | null => book[dim];

/** Books matching every chosen value, optionally ignoring one dimension. */
export function matchBooks(books: readonly ChapterBook[], filters: BookFilters, except?: BookDimension): ChapterBook[] {
  return books.filter((b) =>
    BOOK_CASCADE.every((dim) => {
      if (dim === except || filters[dim] === undefined) return true;
      return entryOf(b, dim)?.id === filters[dim];
    }),
  );
}

/**
 * Values of `dim` offered with their counts: those of the books matching the levels BEFORE it
 * (a cascade: later levels never restrict earlier ones). With `dictionary` (the dimension's
 * dictionary table, `GET /dictionary/{kind}`, in its order), values are named and ordered by it, as
 * /digitalBook's filter bar names and orders them (the server's facets read the same table); else
 * in order of first appearance in the book list.
 */
export function bookFacet(
  books: readonly ChapterBook[],
  filters: BookFilters,
  dim: BookDimension,
  dictionary?: readonly DictEntry[],
): BookFacet[] {
  const before = BOOK_CASCADE.slice(0, BOOK_CASCADE.indexOf(dim));
  const scoped: BookFilters = {};
  for (const d of before) if (filters[d] !== undefined) scoped[d] = filters[d];
  const counts = new Map<number, BookFacet>();
  for (const b of matchBooks(books, scoped)) {
    const e = entryOf(b, dim);
    if (!e) continue;
    const f = counts.get(e.id);
    if (f) f.count += 1;
    else counts.set(e.id, { id: e.id, name: e.name, count: 1 });
  }
  const values = [...counts.values()];
  if (!dictionary) return values;
  const rank = new Map(dictionary.map((d, i) => [d.id, { i, name: d.name }]));
  const at = (v: BookFacet) => rank.get(v.id)?.i ?? Number.MAX_SAFE_INTEGER;
  return values
    .map((v) => ({ ...v, name: rank.get(v.id)?.name ?? v.name }))
    .sort((a, b) => at(a) - at(b) || a.id - b.id);
}

/** Chooses `value` for `dim` (undefined clears it) and clears every level after it. */
export function selectBookDimension(filters: BookFilters, dim: BookDimension, value: number | undefined): BookFilters {
  const next: BookFilters = {};
  for (const d of BOOK_CASCADE) {
    if (d === dim) {
      if (value !== undefined) next[d] = value;
      break;
    }
    if (filters[d] !== undefined) next[d] = filters[d];
  }
  return next;
}

/** The filters that select exactly `book`'s values (used when a book comes from a link or 我的教材). */
export function filtersOfBook(book: ChapterBook): BookFilters {
  const f: BookFilters = {};
  for (const d of BOOK_CASCADE) {
    const e = entryOf(book, d);
    if (e) f[d] = e.id;
  }
  return f;
}
