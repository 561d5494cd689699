/**
 * One page's text as the reader's text features see it (anchors, search, read aloud), built from
 * pdf.js's text content (`page.getTextContent().items`), with the way back to the text layer: the
 * layer draws one span per item holding that item's `str`.
 *
 * The items' strings are joined in order and normalised the way pdf.js's own find does (its
 * `normalize` in pdf_find_controller): an item's `hasEOL` line break adds no space next to a CJK
 * character (Chinese lines broken across items join up) nor after a word-final `-` (the dash is
 * kept), and a space otherwise; every run of whitespace (and line breaks) becomes one space; the
 * page starts and ends with no whitespace. Nothing else changes: characters are not folded (search
 * folds its own copy), so every character of the page text, but the spaces, is a character of an item.
 *
 * Offsets are UTF-16 code units, like JavaScript strings and DOM ranges.
 */

/** A pdf.js `TextContent.items` entry: a text item, or a marked-content marker (no `str`). */
export type PageTextItem =
  { readonly str: string; readonly hasEOL?: boolean } | { readonly str?: undefined; readonly type: string };

/** A half-open range [start, end) of offsets. */
export interface TextRange {
  start: number;
  end: number;
}

/** A page's normalised text and how it maps to the items it came from. */
export interface PageText {
  /** The normalised page text. */
  text: string;
  /**
   * Per input item (same index), the range of `text` made from its characters, the space of a
   * whitespace run starting in it included. An item that added nothing (whitespace or a marker)
   * has an empty range where its next item starts.
   */
  items: TextRange[];
  /**
   * Per UTF-16 unit of `text`, the offset of its source in the items' strings joined without
   * separators; -1 for a space that stands for a line break between items.
   */
  sources: Int32Array;
  /** Per item, where its `str` starts in the items' strings joined. */
  itemStarts: number[];
}

/** Part of a text range inside one item: offsets [start, end) in that item's `str`. */
export interface ItemSlice {
  item: number;
  start: number;
  end: number;
}

const CJK = /[\p{Ideographic}\u3000-\u30ff\uff00-\uffef]/u;
const WHITESPACE = /\s/u;

function isCjkAt(s: string, i: number): boolean {
  const cp = s.codePointAt(i);
  return cp !== undefined && CJK.test(String.fromCodePoint(cp));
}

/** The code point ending at `end` (exclusive) of `s`, as its index. */
function lastCodePointIndex(s: string, end: number): number {
  const low = s.charCodeAt(end - 1);
  return end >= 2 && low >= 0xdc00 && low <= 0xdfff ? end - 2 : end - 1;
}

/** Builds the normalised page text of pdf.js text items and its map to the items. */
export function buildPageText(items: readonly PageTextItem[]): PageText {
  let text = '';
  const sources: number[] = [];
  const ranges = items.map(() => ({ start: -1, end: -1 }));
  const itemStarts: number[] = [];
  // The whitespace waiting for the next visible character: the source of its first whitespace
  // character (-1 when it was only line breaks), or null when none waits.
  let pending: { source: number; item: number } | null = null;
  let raw = 0;
  const emit = (chars: string, source: number, item: number) => {
    const r = ranges[item];
    if (r && item >= 0) {
      if (r.start < 0) r.start = text.length;
      r.end = text.length + chars.length;
    }
    for (let k = 0; k < chars.length; k++) sources.push(source < 0 ? -1 : source + k);
    text += chars;
  };
  items.forEach((item, index) => {
    itemStarts.push(raw);
    const str = item.str ?? '';
    for (const ch of str) {
      if (WHITESPACE.test(ch)) {
        if (!pending || pending.source < 0) pending = { source: raw, item: index };
      } else {
        if (pending && text.length > 0) {
          const last = lastCodePointIndex(text, text.length);
          const joins =
            pending.source < 0 &&
            (isCjkAt(text, last) || isCjkAt(ch, 0) || (text[last] === '-' && last > 0 && text[last - 1] !== ' '));
          if (!joins) emit(' ', pending.source, pending.item);
        }
        pending = null;
        emit(ch, raw, index);
      }
      raw += ch.length;
    }
    if (item.str !== undefined && item.hasEOL && !pending) pending = { source: -1, item: -1 };
  });
  // Items that added nothing get an empty range where the next item's text starts.
  let next = text.length;
  for (let i = ranges.length - 1; i >= 0; i--) {
    const r = ranges[i]!;
    if (r.start < 0) r.start = r.end = next;
    else next = r.start;
  }
  return { text, items: ranges, sources: Int32Array.from(sources), itemStarts };
}

/** The item holding joined-string offset `source` (the last item starting at or before it). */
function itemOf(itemStarts: readonly number[], source: number): number {
  let lo = 0;
  let hi = itemStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (itemStarts[mid]! <= source) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The parts of the items' strings that the page-text range [start, end) came from, in order, one
 * slice per item touched (a collapsed whitespace run inside an item is covered whole). Spaces that
 * stand for line breaks belong to no item. Offsets outside the text are clamped.
 */
export function itemSlices(page: PageText, start: number, end: number): ItemSlice[] {
  const slices: ItemSlice[] = [];
  const from = Math.max(0, start);
  const to = Math.min(page.text.length, end);
  for (let j = from; j < to; j++) {
    const source = page.sources[j]!;
    if (source < 0) continue;
    const item = itemOf(page.itemStarts, source);
    const offset = source - page.itemStarts[item]!;
    const last = slices.at(-1);
    if (last && last.item === item) last.end = offset + 1;
    else slices.push({ item, start: offset, end: offset + 1 });
  }
  return slices;
}

/**
 * The page-text offset of a caret at `offset` (UTF-16 units) in item `item`'s `str`, as a DOM
 * selection in the text layer gives it: the position before the first page-text character that
 * comes from there or later (the text's length after the last one). Throws RangeError for an item
 * index outside the items.
 */
export function textOffset(page: PageText, item: number, offset: number): number {
  const base = page.itemStarts[item];
  if (base === undefined) throw new RangeError(`No text item ${item}`);
  const source = base + Math.max(0, offset);
  for (let j = 0; j < page.sources.length; j++) {
    if (page.sources[j]! >= source) return j;
  }
  return page.text.length;
}
