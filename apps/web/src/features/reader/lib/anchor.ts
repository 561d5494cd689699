/**
 * Text anchors of highlights and notes, in the style of the W3C Web Annotation model: a
 * TextQuoteSelector (the quote with some text before and after it) together with a
 * TextPositionSelector (its offsets), both on the page text of `page-text.ts`.
 *
 * The position finds the mark at once while the page's text is what it was; the quote and its
 * context find it again when the text moved (a book file replaced by a corrected printing, a
 * change in text extraction); a mark whose quote is gone from its page resolves to null and the
 * reader shows it as orphaned there. Offsets are UTF-16 code units, ranges half-open.
 */
import type { TextRange } from './page-text';

/** How much text before and after the quote an anchor keeps (UTF-16 units, at most). */
export const ANCHOR_CONTEXT = 32;

/** A stored text anchor: the selected text, its context and its range on the page. */
export interface TextAnchor {
  /** 1-based page number, when the anchor records it. */
  page?: number;
  /** The selected text (never empty). */
  quote: string;
  /** Up to ANCHOR_CONTEXT units of page text right before the quote. */
  prefix: string;
  /** Up to ANCHOR_CONTEXT units of page text right after the quote. */
  suffix: string;
  /** Where the quote started on the page when the anchor was made. */
  start: number;
  /** Where it ended (exclusive). */
  end: number;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The anchor of the page-text range [start, end), with `page` when given. Context cut at
 * ANCHOR_CONTEXT units never keeps half of a surrogate pair. Throws RangeError unless start and
 * end are integers with 0 <= start < end <= pageText.length.
 */
export function createAnchor(pageText: string, start: number, end: number, page?: number): TextAnchor {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start || end > pageText.length) {
    throw new RangeError(`Not a non-empty range of the page text (length ${pageText.length}): ${start}..${end}`);
  }
  let from = Math.max(0, start - ANCHOR_CONTEXT);
  if (from > 0 && isLow(pageText.charCodeAt(from))) from += 1;
  let to = Math.min(pageText.length, end + ANCHOR_CONTEXT);
  if (to < pageText.length && isHigh(pageText.charCodeAt(to - 1))) to -= 1;
  const anchor: TextAnchor = {
    quote: pageText.slice(start, end),
    prefix: pageText.slice(from, start),
    suffix: pageText.slice(end, to),
    start,
    end,
  };
  return page === undefined ? anchor : { page, ...anchor };
}

/** How many characters `a` and `b` share at their ends. */
function sharedEnd(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** How many characters `a` and `b` share at their starts. */
function sharedStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Where an anchor's quote is on the page text now, or null when the quote is not on it.
 * - The anchor's own range, when the quote still sits there.
 * - Otherwise the occurrence of the quote whose surrounding text matches the anchor's prefix and
 *   suffix best (the characters they share next to the quote, added up), the one nearest to the
 *   old start among equals.
 */
export function resolveAnchor(pageText: string, anchor: TextAnchor): TextRange | null {
  const { quote, prefix, suffix, start } = anchor;
  if (!quote) return null;
  if (Number.isInteger(start) && start >= 0 && pageText.startsWith(quote, start)) {
    return { start, end: start + quote.length };
  }
  let best: { at: number; score: number; distance: number } | null = null;
  for (let at = pageText.indexOf(quote); at >= 0; at = pageText.indexOf(quote, at + 1)) {
    const before = pageText.slice(Math.max(0, at - prefix.length), at);
    const after = pageText.slice(at + quote.length, at + quote.length + suffix.length);
    const score = sharedEnd(before, prefix) + sharedStart(after, suffix);
    const distance = Number.isFinite(start) ? Math.abs(at - start) : at;
    if (!best || score > best.score || (score === best.score && distance < best.distance)) {
      best = { at, score, distance };
    }
  }
  return best && { start: best.at, end: best.at + quote.length };
}
