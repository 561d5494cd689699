/**
 * For any text items, the page text loses nothing but whitespace, holds no whitespace but single
 * inner spaces, and its map back to the items is consistent: item ranges follow each other in
 * order, and every non-space character maps to the same character of its item and back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPageText, itemSlices, textOffset, type PageTextItem } from './page-text';

const piece = fc.constantFrom('中', '文', '。', 'a', 'B', '7', '-', ' ', '  ', '\u3000', '\t', '𠀀', '，', 'é');
const item: fc.Arbitrary<PageTextItem> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.record({ str: fc.array(piece, { maxLength: 6 }).map((p) => p.join('')), hasEOL: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'beginMarkedContent' }) },
);
const items = fc.array(item, { maxLength: 12 });
const visible = (s: string) => s.replace(/\s/gu, '');

describe('buildPageText (properties)', () => {
  it('keeps every visible character, in order, and only single inner spaces', () => {
    fc.assert(
      fc.property(items, (list) => {
        const { text } = buildPageText(list);
        expect(visible(text)).toBe(visible(list.map((i) => i.str ?? '').join('')));
        expect(text).not.toMatch(/^\s|\s$|\s\s|[^\S ]/u);
      }),
    );
  });

  it('maps items to ordered ranges and characters to their sources and back', () => {
    fc.assert(
      fc.property(items, (list) => {
        const page = buildPageText(list);
        let at = 0;
        for (const r of page.items) {
          expect(r.start).toBeGreaterThanOrEqual(at);
          expect(r.end).toBeGreaterThanOrEqual(r.start);
          at = r.end;
        }
        expect(at).toBeLessThanOrEqual(page.text.length);
        for (let j = 0; j < page.text.length; j++) {
          if (page.text[j] === ' ') continue;
          const slices = itemSlices(page, j, j + 1);
          expect(slices).toHaveLength(1);
          const { item, start } = slices[0]!;
          expect(list[item]!.str![start]).toBe(page.text[j]);
          expect(textOffset(page, item, start)).toBe(j);
          const range = page.items[item]!;
          expect(j >= range.start && j < range.end).toBe(true);
        }
      }),
    );
  });
});
