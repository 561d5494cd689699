/**
 * In-process keyword search over textbook titles (ADR 005).
 *
 * Rule (docs/textbooks.md, Browsing): every word of the keyword must be a case-insensitive substring of the title;
 * matches are ranked by relevance — the exact title first, then titles starting with the first
 * word, then the share of the title the keyword covers (shorter titles first), then the
 * catalogue's display order (stage, subject, edition, grade, volume, id; missing grade or volume
 * last).
 *
 * Chinese titles have no word boundaries, so the index is over characters: posting lists of title
 * positions per pair of adjacent characters (a word of two or more characters can only occur in a
 * title holding every pair of it). Pairs are hashed into a fixed number of buckets laid out as one
 * flat array (compressed sparse rows), so building is two passes over typed arrays without a map
 * per pair; a collision only adds candidates. The shortest bucket among a keyword's pairs gives
 * the candidates and `includes` on the lower-cased title confirms each; one-character words are
 * checked against every title (~5 ms per 100,000). Titles are stored in the ranking's tie-break
 * order (length, display order), so buckets — and therefore matches — come out ranked apart from
 * the exact and prefix hits, which are pulled to the front.
 *
 * Size: the titles, 28 bytes per title of ids and dimensions, 4 bytes per distinct character
 * pair of each title and 4 bytes per bucket (100,000 synthetic books of ~30 characters: ~40 MB).
 * Build and search times are in docs/benchmarks.md.
 */

/** The six catalogue dimensions in cube order: stage, subject, edition, grade, volume, publisher (0 = none). */
export type DimTuple = [number, number, number, number, number, number];

/** A catalogue row as the index needs it. */
export interface TitleRow {
  id: number;
  title: string;
  dims: DimTuple;
}

/** Matches of one keyword, in rank order, as positions into the index. */
export type Matches = Int32Array;

const DIM_COUNT = 6;
const NONE_LAST = 0x7fffffff;
/** Number of code points of a string (what PostgreSQL's char_length counts). */
function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is a single character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Bucket of a pair of characters (code points), `shift` = 32 − log2(buckets). */
function pairHash(a: number, b: number, shift: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> shift;
}

/**
 * Writes into `out`, from index `at` on, the buckets of the pairs of adjacent characters of `s`
 * (code points, so a character outside the BMP counts as one) and returns how many it wrote.
 * `out` must have room for s.length entries.
 */
function pairs(s: string, shift: number, out: Int32Array, at: number): number {
  let k = at;
  let prev = -1;
  for (let i = 0; i < s.length;) {
    const c = s.codePointAt(i)!;
    i += c > 0xffff ? 2 : 1;
    if (prev >= 0) out[k++] = pairHash(prev, c, shift);
    prev = c;
  }
  return k - at;
}

/** Titles handled between two yields to the event loop while loading or building (a few ms of work). */
const BUILD_SLICE = 8192;
/** Lets other requests run between two slices of a long build. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

interface IndexParts {
  ids: Int32Array;
  dims: Int32Array[];
  titles: string[];
  lowered: string[];
  offsets: Int32Array;
  postings: Int32Array;
  shift: number;
}

/**
 * The keyword index of one catalogue version: immutable once built, shared by all requests of that
 * version (catalogue.ts keeps one per snapshot).
 */
export class TitleIndex {
  /** Book id per position. */
  readonly ids: Int32Array;
  /** Dimension columns per position (cube order, 0 = none). */
  readonly dims: Int32Array[];
  private readonly titles: string[];
  private readonly lowered: string[];
  /** Bucket b holds postings[offsets[b] .. offsets[b + 1]), positions ascending. */
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;
  private readonly shift: number;

  private constructor(parts: IndexParts) {
    this.ids = parts.ids;
    this.dims = parts.dims;
    this.titles = parts.titles;
    this.lowered = parts.lowered;
    this.offsets = parts.offsets;
    this.postings = parts.postings;
    this.shift = parts.shift;
  }

  /**
   * Builds the index from rows in any order. Yields to the event loop every few thousand titles,
   * so a large catalogue never stalls other requests for long (the sort is the longest step:
   * ~40 ms at 100,000 titles).
   */
  static async build(rows: TitleRow[]): Promise<TitleIndex> {
    const n = rows.length;
    // Tie-break order of the ranking: title length, then display order (stage, subject, edition,
    // grade, volume, id). Grade and volume (dims 3 and 4) may be missing and sort last, as
    // PostgreSQL's ascending NULLS LAST does. Typed columns keep the comparator cheap.
    const lengths = new Int32Array(n);
    const keys = Array.from({ length: 5 }, () => new Int32Array(n));
    const rowIds = new Int32Array(n);
    rows.forEach((r, i) => {
      lengths[i] = codePointLength(r.title);
      for (let d = 0; d < 5; d++) {
        const v = r.dims[d]!;
        keys[d]![i] = (d === 3 || d === 4) && v === 0 ? NONE_LAST : v;
      }
      rowIds[i] = r.id;
    });
    await yieldToEventLoop();
    const [k0, k1, k2, k3, k4] = keys as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort(
      (a, b) =>
        lengths[a]! - lengths[b]! ||
        k0[a]! - k0[b]! ||
        k1[a]! - k1[b]! ||
        k2[a]! - k2[b]! ||
        k3[a]! - k3[b]! ||
        k4[a]! - k4[b]! ||
        rowIds[a]! - rowIds[b]!,
    );
    await yieldToEventLoop();

    const ids = new Int32Array(n);
    const dims = Array.from({ length: DIM_COUNT }, () => new Int32Array(n));
    const titles = new Array<string>(n);
    const lowered = new Array<string>(n);
    let chars = 0;
    for (let pos = 0; pos < n; pos++) {
      if (pos % BUILD_SLICE === BUILD_SLICE - 1) await yieldToEventLoop();
      const row = rows[order[pos]!]!;
      ids[pos] = row.id;
      for (let d = 0; d < DIM_COUNT; d++) dims[d]![pos] = row.dims[d]!;
      titles[pos] = row.title;
      const lower = row.title.toLowerCase();
      // Most titles have no letters with case: share the string instead of keeping a copy.
      lowered[pos] = lower === row.title ? row.title : lower;
      chars += lower.length;
    }

    // About four buckets per title (at least 4,096, at most 2^20): distinct pairs of a catalogue
    // number far fewer than its titles' characters, so collisions stay rare.
    const bits = Math.min(20, Math.max(12, Math.ceil(Math.log2(Math.max(1, n) * 4))));
    const shift = 32 - bits;
    const buckets = 1 << bits;
    // Pass 1: every title's distinct buckets (kept for pass 2) and the count per bucket.
    const seen = new Int32Array(chars + 1);
    const seenEnd = new Int32Array(n + 1);
    const lastSeen = new Int32Array(buckets).fill(-1);
    const offsets = new Int32Array(buckets + 1);
    let k = 0;
    for (let pos = 0; pos < n; pos++) {
      if (pos % BUILD_SLICE === BUILD_SLICE - 1) await yieldToEventLoop();
      const from = k;
      const written = pairs(lowered[pos]!, shift, seen, from);
      for (let j = from; j < from + written; j++) {
        const b = seen[j]!;
        if (lastSeen[b] !== pos) {
          lastSeen[b] = pos;
          offsets[b + 1]!++;
          seen[k++] = b;
        }
      }
      seenEnd[pos + 1] = k;
    }
    for (let b = 0; b < buckets; b++) offsets[b + 1]! += offsets[b]!;
    // Pass 2: fill; positions ascend within a bucket because pos does.
    const postings = new Int32Array(offsets[buckets]!);
    const cursor = offsets.slice(0, buckets);
    for (let pos = 0; pos < n; pos++) {
      if (pos % BUILD_SLICE === BUILD_SLICE - 1) await yieldToEventLoop();
      for (let j = seenEnd[pos]!; j < seenEnd[pos + 1]!; j++) postings[cursor[seen[j]!]!++] = pos;
    }
    return new TitleIndex({ ids, dims, titles, lowered, offsets, postings, shift });
  }

  /** Number of titles indexed. */
  get size(): number {
    return this.ids.length;
  }

  /**
   * Candidate positions for one lower-cased word: the shortest bucket among its pairs, or
   * undefined (every title) for a one-character word.
   */
  private candidates(word: string): Int32Array | undefined {
    const buf = new Int32Array(word.length + 1);
    const k = pairs(word, this.shift, buf, 0);
    let best: Int32Array | undefined;
    for (let j = 0; j < k; j++) {
      const b = buf[j]!;
      const from = this.offsets[b]!;
      const to = this.offsets[b + 1]!;
      if (!best || to - from < best.length) best = this.postings.subarray(from, to);
      if (!best.length) break;
    }
    return best;
  }

  /**
   * Titles containing every word (case-insensitive), ranked: exact title (the words joined by
   * one space), then titles starting with the first word, then length and display order.
   * `words` are the keyword's distinct non-empty words as typed (see keywordTokens).
   */
  search(words: string[]): Matches {
    if (!words.length) return new Int32Array(0);
    const lowerWords = words.map((w) => w.toLowerCase());
    let pool: Int32Array | undefined;
    for (const w of lowerWords) {
      const c = this.candidates(w);
      if (c && (!pool || c.length < pool.length)) pool = c;
      if (pool && !pool.length) return pool;
    }
    const n = pool ? pool.length : this.size;
    const exactTitle = words.join(' ');
    const first = words[0]!;
    const exact: number[] = [];
    const prefix: number[] = [];
    const rest: number[] = [];
    for (let i = 0; i < n; i++) {
      const pos = pool ? pool[i]! : i;
      const lower = this.lowered[pos]!;
      if (!lowerWords.every((w) => lower.includes(w))) continue;
      const title = this.titles[pos]!;
      if (title === exactTitle) exact.push(pos);
      else if (title.startsWith(first)) prefix.push(pos);
      else rest.push(pos);
    }
    const out = new Int32Array(exact.length + prefix.length + rest.length);
    out.set(exact, 0);
    out.set(prefix, exact.length);
    out.set(rest, exact.length + prefix.length);
    return out;
  }

  /**
   * The page `[offset, offset + limit)` of `matches` restricted to the dimension filters
   * (`want[d]` undefined = any), as book ids in rank order.
   */
  page(matches: Matches, want: (number | undefined)[], offset: number, limit: number): number[] {
    const filters = want.flatMap((w, d) => (w === undefined ? [] : [[d, w] as const]));
    const out: number[] = [];
    let skip = offset;
    for (const pos of matches) {
      if (filters.some(([d, w]) => this.dims[d]![pos] !== w)) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push(this.ids[pos]!);
      if (out.length >= limit) break;
    }
    return out;
  }
}
