/**
 * Search in a book's text: the page texts of `page-text.ts`, one string per page, searched for a
 * query the way a reader expects of 查找:
 * - case-insensitive (toLowerCase) and full-width/half-width-insensitive (NFKC: ＡＢＣ１２３ finds
 *   abc123, a full-width ，finds a half-width comma);
 * - whitespace-insensitive: whitespace (and zero-width spaces) is left out of the page text and of
 *   the query before they are compared, so a match may span the space between two text items.
 *
 * Characters are folded one at a time, each with the combining marks after it, so every match
 * starts and ends on whole characters of the page text (a query `g` does not match inside ㎏).
 * Offsets are UTF-16 code units of the page text, ranges half-open.
 */

/** A match: its 1-based page, its range in that page's text, and the text around it. */
export interface FindMatch {
  page: number;
  start: number;
  end: number;
  /** Up to `contextLength` characters of page text before and after the match, and the match. */
  context: { before: string; match: string; after: string };
}

export interface FindOptions {
  /** The most matches answered (default FIND_LIMIT); the search stops there. */
  limit?: number;
  /** Characters of context on each side of a match (UTF-16 units, default FIND_CONTEXT). */
  contextLength?: number;
}

export const FIND_LIMIT = 500;
export const FIND_CONTEXT = 20;

/** A page text with its folded form: `folded[k]` came from the page-text character unit [from[k], to[k]). */
export interface FoldedText {
  text: string;
  folded: string;
  from: Int32Array;
  to: Int32Array;
}

/** The pages of a book folded once, for searching them many times. */
export interface BookIndex {
  pages: FoldedText[];
}

/** A character with its combining marks (or marks with no base). */
const UNIT = /\P{M}\p{M}*|\p{M}+/gu;
const IGNORED = /[\s\u200b-\u200d\u2060]/gu;

/** A character's searchable form: NFKC, lower case, whitespace removed (possibly empty). */
function foldUnit(unit: string): string {
  return unit.normalize('NFKC').toLowerCase().replace(IGNORED, '');
}

/** Folds a text for search, keeping where each folded character came from. */
export function foldText(text: string): FoldedText {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const m of text.matchAll(UNIT)) {
    const f = foldUnit(m[0]);
    for (let k = 0; k < f.length; k++) {
      from.push(m.index);
      to.push(m.index + m[0].length);
    }
    folded += f;
  }
  return { text, folded, from: Int32Array.from(from), to: Int32Array.from(to) };
}

/** The query as it is compared with folded page text (empty when it has nothing to find). */
export function foldQuery(query: string): string {
  return foldText(query).folded;
}

/** Folds every page once (`findInPages` takes the index instead of the strings). */
export function indexBook(pages: readonly string[]): BookIndex {
  return { pages: pages.map(foldText) };
}

/** `s.slice(from, to)` moved inward so that no surrogate pair is cut. */
function wholeSlice(s: string, from: number, to: number): string {
  const low = (i: number) => i > 0 && i < s.length && s.charCodeAt(i) >= 0xdc00 && s.charCodeAt(i) <= 0xdfff;
  return s.slice(low(from) ? from + 1 : from, low(to) ? to - 1 : to);
}

/**
 * The matches of `query` in the pages, page by page and left to right, not overlapping, at most
 * `limit` of them. A query with nothing to find (empty or only whitespace) or a limit below 1
 * finds nothing.
 */
export function findInPages(
  pages: readonly string[] | BookIndex,
  query: string,
  { limit = FIND_LIMIT, contextLength = FIND_CONTEXT }: FindOptions = {},
): FindMatch[] {
  const q = foldQuery(query);
  const matches: FindMatch[] = [];
  if (!q || !(limit >= 1)) return matches;
  const list: readonly (string | FoldedText)[] = 'pages' in pages ? pages.pages : pages;
  for (let p = 0; p < list.length; p++) {
    const page = list[p]!;
    const { text, folded, from, to } = typeof page === 'string' ? foldText(page) : page;
    for (let at = folded.indexOf(q); at >= 0;) {
      const last = at + q.length - 1;
      const wholeUnits =
        (at === 0 || from[at - 1] !== from[at]) && (last === folded.length - 1 || from[last + 1] !== from[last]);
      if (!wholeUnits) {
        at = folded.indexOf(q, at + 1);
        continue;
      }
      const start = from[at]!;
      const end = to[last]!;
      matches.push({
        page: p + 1,
        start,
        end,
        context: {
          before: wholeSlice(text, Math.max(0, start - contextLength), start),
          match: text.slice(start, end),
          after: wholeSlice(text, end, end + contextLength),
        },
      });
      if (matches.length >= limit) return matches;
      at = folded.indexOf(q, last + 1);
    }
  }
  return matches;
}

/**
 * Whether the book has text to search, read aloud or mark: `noTextLayer` when every page's text
 * is empty or whitespace (a scanned book without OCR, or no pages), else `hasText`.
 */
export function textLayerStatus(pages: readonly string[]): 'hasText' | 'noTextLayer' {
  return pages.some((p) => p.replace(IGNORED, '') !== '') ? 'hasText' : 'noTextLayer';
}
