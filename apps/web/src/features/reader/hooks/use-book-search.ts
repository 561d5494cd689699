/**
 * 查找 in the open book (docs/reader.md#查找), for both readers: the text of every page is read
 * through the already open pdf.js document when the search is first opened (page by page, once per
 * document), folded with `indexBook` as it arrives, and searched with `findInPages` for the query,
 * debounced. The matches of the pages read so far are answered while the rest load, so a hit on an
 * early page shows at once; the current match (上一处/下一处) is kept by its place in the list.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  FIND_LIMIT,
  findInPages,
  indexBook,
  textLayerStatus,
  type BookIndex,
  type FindMatch,
} from '../lib/find-in-book';
import { buildPageText, type PageTextItem } from '../lib/page-text';

/** Wait after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Pages read between two updates of the progress and the matches (fewer renders on big books). */
const PAGES_PER_UPDATE = 8;

/** What the search needs of a pdf.js `PDFDocumentProxy` (a fake one in the tests). */
export interface BookTextSource {
  numPages: number;
  getPage(pageNumber: number): Promise<{ getTextContent(): Promise<{ items: readonly PageTextItem[] }> }>;
}

/**
 * `idle`: not opened yet; `loading`: pages are being read (the matches so far are answered);
 * `ready`: every page read; `noText`: every page read and none has text (a scanned book).
 */
export type BookSearchStatus = 'idle' | 'loading' | 'ready' | 'noText';

export interface BookSearch {
  status: BookSearchStatus;
  /** Pages read so far, and the book's pages (已检索 N/M 页). */
  loaded: number;
  total: number;
  /** The query searched (the debounced, trimmed input); empty: nothing searched. */
  query: string;
  /** The matches in page order (at most FIND_LIMIT). */
  matches: readonly FindMatch[];
  /** Whether the limit was reached (there may be more matches). */
  truncated: boolean;
  /** The index of the current match in `matches`, -1 when none is chosen yet. */
  current: number;
  /**
   * Moves to the next (dir 1) or previous (-1) match, wrapping around; with none chosen yet, the first
   * match on or after `fromPage` (the last on or before it going back). Answers the new current match.
   */
  step(dir: 1 | -1, fromPage: number | null): FindMatch | null;
  /** Makes match `index` the current one and answers it (null for an index out of range). */
  select(index: number): FindMatch | null;
  /** Searches the input now, without waiting for the debounce. */
  flush(): void;
  /** Forgets the query and its matches at once (with the input emptied: the search ends). */
  clear(): void;
}

/**
 * The match to go to from `current` in direction `dir`, wrapping around; with none current (-1), the
 * first match on or after `fromPage` going forward, the last one on or before it going back (the
 * first, or the last, when there is none that way). -1 when there are no matches.
 */
export function stepMatch(
  matches: readonly Pick<FindMatch, 'page'>[],
  current: number,
  dir: 1 | -1,
  fromPage: number | null,
): number {
  const n = matches.length;
  if (n === 0) return -1;
  if (current >= 0 && current < n) return (current + dir + n) % n;
  const page = fromPage ?? 1;
  if (dir > 0) {
    const i = matches.findIndex((m) => m.page >= page);
    return i >= 0 ? i : 0;
  }
  const i = matches.findLastIndex((m) => m.page <= page);
  return i >= 0 ? i : n - 1;
}

interface BookText {
  /** The pages read so far, folded, in page order. */
  index: BookIndex;
  texts: string[];
  total: number;
  done: boolean;
}

/** Reads the text of every page of `doc` in order, calling `onProgress` every few pages and at the end. */
async function readBook(
  doc: BookTextSource,
  onProgress: (book: BookText) => void,
  alive: () => boolean,
): Promise<void> {
  const pages: BookIndex['pages'] = [];
  const texts: string[] = [];
  // Each update is a snapshot: the state never shares the arrays this loop goes on filling.
  const update = (done: boolean) =>
    onProgress({ index: { pages: [...pages] }, texts: [...texts], total: doc.numPages, done });
  for (let p = 1; p <= doc.numPages; p++) {
    let text = '';
    try {
      const page = await doc.getPage(p);
      text = buildPageText((await page.getTextContent()).items).text;
    } catch {
      // A page that cannot be read counts as a page without text; the others are still searched.
    }
    if (!alive()) return;
    texts.push(text);
    pages.push(...indexBook([text]).pages);
    if (p % PAGES_PER_UPDATE === 0 && p < doc.numPages) update(false);
  }
  update(true);
}

/**
 * The search of the open book.
 * @param doc the reader's pdf.js document (null until it has opened)
 * @param enabled whether the search has been opened (the pages are read from the first time on)
 * @param input the search box's text
 */
export function useBookSearch(doc: BookTextSource | null, enabled: boolean, input: string): BookSearch {
  const [book, setBook] = useState<BookText | null>(null);
  /** The query searched and the index of its current match. */
  const [search, setSearch] = useState({ query: '', current: -1 });
  const reading = useRef<{ doc: BookTextSource; alive: boolean } | null>(null);

  // Reading starts the first time the search opens and goes on, closed or not, until the document changes.
  useEffect(() => {
    if (!doc || !enabled || reading.current?.doc === doc) return;
    const run = { doc, alive: true };
    reading.current = run;
    setBook({ index: { pages: [] }, texts: [], total: doc.numPages, done: doc.numPages === 0 });
    void readBook(
      doc,
      (b) => run.alive && setBook(b),
      () => run.alive,
    );
  }, [doc, enabled]);
  useEffect(
    () => () => {
      if (reading.current) reading.current.alive = false;
      reading.current = null;
      setBook(null);
    },
    [doc],
  );

  const wanted = input.trim();
  const { query } = search;
  useEffect(() => {
    if (wanted === query) return;
    const timer = setTimeout(() => setSearch({ query: wanted, current: -1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, query]);

  const matches = useMemo(() => (book && query ? findInPages(book.index, query) : []), [book, query]);

  const status: BookSearchStatus = !book
    ? 'idle'
    : !book.done
      ? 'loading'
      : textLayerStatus(book.texts) === 'noTextLayer'
        ? 'noText'
        : 'ready';

  // The callbacks read the latest render's values (they are called from event handlers).
  const latest = useRef({ book, search, wanted, matches });
  latest.current = { book, search, wanted, matches };

  const flush = useCallback(() => {
    const { search: s, wanted: w } = latest.current;
    if (s.query !== w) setSearch({ query: w, current: -1 });
  }, []);
  const clear = useCallback(() => {
    latest.current.search = { query: '', current: -1 };
    setSearch(latest.current.search);
  }, []);
  const select = useCallback((index: number) => {
    const { search: s, matches: list } = latest.current;
    const m = list[index];
    if (!m) return null;
    latest.current.search = { query: s.query, current: index };
    setSearch(latest.current.search);
    return m;
  }, []);
  const step = useCallback((dir: 1 | -1, fromPage: number | null) => {
    const { book: b, search: s, wanted: w } = latest.current;
    if (s.query !== w) {
      // Enter before the debounce: search the input now and go to its first match from here.
      const list = b && w ? findInPages(b.index, w) : [];
      const index = stepMatch(list, -1, dir, fromPage);
      latest.current.search = { query: w, current: index };
      setSearch(latest.current.search);
      return list[index] ?? null;
    }
    const { matches: list } = latest.current;
    const index = stepMatch(list, s.current, dir, fromPage);
    latest.current.search = { query: s.query, current: index };
    setSearch(latest.current.search);
    return list[index] ?? null;
  }, []);

  return {
    status,
    loaded: book?.texts.length ?? 0,
    total: book?.total ?? doc?.numPages ?? 0,
    query,
    matches,
    truncated: matches.length >= FIND_LIMIT,
    current: search.current < matches.length ? search.current : -1,
    step,
    select,
    flush,
    clear,
  };
}

/** The matches on `page` as ranges of its text to draw, the current match flagged. */
export function pageFinds(
  matches: readonly FindMatch[],
  current: number,
  page: number | null,
): { start: number; end: number; current: boolean }[] {
  const found: { start: number; end: number; current: boolean }[] = [];
  matches.forEach((m, i) => {
    if (m.page === page) found.push({ start: m.start, end: m.end, current: i === current });
  });
  return found;
}

/** The scanned book's message (no page has text). */
export const NO_TEXT_MESSAGE = '本书为扫描版，暂不支持查找';

/**
 * The search's words for both readers: `count` (共 N 处, 未找到…, or the scanned book's message),
 * `progress` (已检索 N/M 页 while pages load, else null) and `announce`, the live region's text (the
 * count and the current match's place once known; empty while loading with no match chosen, so that
 * screen readers do not hear every few pages' count).
 */
export function findStatusText(
  s: Pick<BookSearch, 'status' | 'loaded' | 'total' | 'query' | 'matches' | 'truncated' | 'current'>,
): { count: string; progress: string | null; announce: string } {
  const progress = s.status === 'loading' ? `已检索 ${s.loaded}/${s.total} 页` : null;
  if (s.status === 'noText') return { count: NO_TEXT_MESSAGE, progress, announce: NO_TEXT_MESSAGE };
  if (!s.query) return { count: '', progress, announce: '' };
  const n = s.matches.length;
  let count: string;
  if (n === 0) count = s.status === 'ready' ? `未找到“${s.query}”` : '正在查找…';
  else count = s.truncated ? `共 ${n} 处以上，只列出前 ${n} 处` : `共 ${n} 处`;
  const m = s.matches[s.current];
  const place = m ? `，第 ${s.current + 1} 处在第 ${m.page} 页` : '';
  const announce = s.status === 'loading' && !m ? '' : count + place;
  return { count, progress, announce };
}
