/**
 * 我的笔记 (docs/reader.md, 我的笔记 pages) on the client: its filters as they sit in the page's URL and
 * are sent to the list and the export, the books its book filter offers, and where an entry opens.
 * Pure, no DOM.
 */
import { LIMITS, READER_MARK_KINDS, type MyReaderMark, type ReaderMarkKind } from '@eav/contract';
import { paths } from '@/config/paths';

/** The filters of 我的笔记: each word of `keyword` in the note or the quote, a book, a kind. */
export interface MyNotesFilters {
  keyword?: string;
  textbookId?: number;
  kind?: ReaderMarkKind;
}

/** A book the book filter offers. */
export interface MarkBook {
  id: number;
  title: string;
}

const isKind = (v: string | null): v is ReaderMarkKind => READER_MARK_KINDS.includes(v as ReaderMarkKind);

/** A positive integer of the URL, or undefined (a hand-edited `?page=abc` is ignored, not an error). */
function positiveInt(v: string | null): number | undefined {
  if (!v || !/^\d{1,9}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 ? n : undefined;
}

/** The keyword as sent: trimmed, at most the contract's keyword length, undefined when empty. */
export function cleanKeyword(v: string | null | undefined): string | undefined {
  const k = (v ?? '').trim().slice(0, LIMITS.keyword.max);
  return k ? k : undefined;
}

/** The filters and page number in a 我的笔记 URL's query; what is not valid is left out. */
export function parseMyNotesSearch(search: URLSearchParams): MyNotesFilters & { page: number } {
  const kind = search.get('kind');
  return {
    keyword: cleanKeyword(search.get('keyword')),
    textbookId: positiveInt(search.get('textbookId')),
    kind: isKind(kind) ? kind : undefined,
    page: positiveInt(search.get('page')) ?? 1,
  };
}

/** The URL query of `filters` on `page` (page 1 and empty filters are left out). */
export function myNotesSearch(filters: MyNotesFilters, page = 1): URLSearchParams {
  const q = new URLSearchParams();
  const keyword = cleanKeyword(filters.keyword);
  if (keyword) q.set('keyword', keyword);
  if (filters.textbookId) q.set('textbookId', String(filters.textbookId));
  if (filters.kind) q.set('kind', filters.kind);
  if (page > 1) q.set('page', String(page));
  return q;
}

/** The query of the list and the export: only the filters that are set. */
export function myNotesParams(filters: MyNotesFilters): MyNotesFilters {
  const params: MyNotesFilters = {};
  const keyword = cleanKeyword(filters.keyword);
  if (keyword) params.keyword = keyword;
  if (filters.textbookId) params.textbookId = filters.textbookId;
  if (filters.kind) params.kind = filters.kind;
  return params;
}

/** True when any filter is set (the empty list then says that nothing matched, not that there is nothing). */
export function hasFilters(filters: MyNotesFilters): boolean {
  return Object.keys(myNotesParams(filters)).length > 0;
}

/**
 * The books of the book filter: each book of the lists' marks once, in the order first met (the
 * lists are most recent first), and the chosen book `chosen` even when no listed mark is of it
 * (named 教材 N until a mark of it is seen).
 */
export function markBooks(
  lists: readonly (readonly Pick<MyReaderMark, 'textbookId' | 'textbookTitle'>[] | undefined)[],
  chosen?: number,
): MarkBook[] {
  const books = new Map<number, string>();
  for (const list of lists)
    for (const m of list ?? []) if (!books.has(m.textbookId)) books.set(m.textbookId, m.textbookTitle);
  if (chosen && !books.has(chosen)) books.set(chosen, `教材 ${chosen}`);
  return [...books].map(([id, title]) => ({ id, title }));
}

/** The desktop reader at the mark's page. */
export function desktopMarkHref(mark: Pick<MyReaderMark, 'textbookId' | 'page'>): string {
  return `${paths.preview}?id=${mark.textbookId}&page=${mark.page}`;
}

/** The H5 reader at the mark's page. */
export function mobileMarkHref(mark: Pick<MyReaderMark, 'textbookId' | 'page'>): string {
  return `${paths.mobile.pdf}?id=${mark.textbookId}&page=${mark.page}`;
}
