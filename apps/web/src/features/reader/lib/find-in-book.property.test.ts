/**
 * Search against a naive reference on small random books: the matches are exactly the ones a
 * left-to-right scan of every page finds by folding (NFKC, lower case, no whitespace) each stretch
 * of whole characters that starts and ends on a visible one; every match's text folds to the
 * query; the limit keeps the first matches; a book index answers like the strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInPages, indexBook } from './find-in-book';

/** Characters whose folds meet: case, full-width, compatibility forms, combining marks, spaces. */
const PIECES = [
  'a',
  'A',
  'Ａ',
  'b',
  'k',
  'g',
  '㎏',
  '1',
  '１',
  '中',
  '，',
  ',',
  ' ',
  '\u3000',
  '\u200b',
  'é',
  'e\u0301',
  'e',
  '𠀀',
];
const piece = fc.constantFrom(...PIECES);
const pieces = (max: number) => fc.array(piece, { maxLength: max });
const book = fc.array(pieces(30), { maxLength: 4 });
const query = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(''));

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u200b]/gu, '');

/** The reference: each page scanned left to right over whole pieces, shortest match first. */
function naive(pages: string[][], q: string): { page: number; start: number; end: number }[] {
  const want = norm(q);
  const found: { page: number; start: number; end: number }[] = [];
  if (!want) return found;
  pages.forEach((page, p) => {
    const offsets = [0];
    for (const x of page) offsets.push(offsets.at(-1)! + x.length);
    for (let i = 0; i < page.length;) {
      let next = i + 1;
      if (norm(page[i]!) !== '') {
        for (let j = i + 1; j <= page.length; j++) {
          const s = norm(page.slice(i, j).join(''));
          if (s === want && norm(page[j - 1]!) !== '') {
            found.push({ page: p + 1, start: offsets[i]!, end: offsets[j]! });
            next = j;
            break;
          }
          if (s.length > want.length) break;
        }
      }
      i = next;
    }
  });
  return found;
}

describe('findInPages (properties)', () => {
  it('finds exactly the matches of a naive scan, each folding to the query', () => {
    fc.assert(
      fc.property(book, query, (pages, q) => {
        const texts = pages.map((p) => p.join(''));
        const matches = findInPages(texts, q, { limit: 10_000 });
        expect(matches.map(({ page, start, end }) => ({ page, start, end }))).toEqual(naive(pages, q));
        for (const m of matches) {
          expect(norm(texts[m.page - 1]!.slice(m.start, m.end))).toBe(norm(q));
          expect(m.context.match).toBe(texts[m.page - 1]!.slice(m.start, m.end));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the first matches within the limit, and answers the same from an index', () => {
    fc.assert(
      fc.property(book, query, fc.integer({ min: 1, max: 5 }), (pages, q, limit) => {
        const texts = pages.map((p) => p.join(''));
        const all = findInPages(texts, q, { limit: 10_000 });
        expect(findInPages(texts, q, { limit })).toEqual(all.slice(0, limit));
        expect(findInPages(indexBook(texts), q, { limit: 10_000 })).toEqual(all);
      }),
    );
  });
});
