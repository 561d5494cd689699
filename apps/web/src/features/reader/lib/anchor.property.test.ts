/**
 * Text anchors found again: (a) any non-empty selection of any page text resolves to itself after
 * the anchor was stored and read back (a mark survives a reload); (b) after text was inserted or
 * deleted elsewhere on the page, a quote that is unique on the edited page is found where it now
 * is; a repeated quote whose stored position is off is found by its context; (c) a quote that is
 * no longer on the page resolves to null.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnchor, resolveAnchor } from './anchor';

/** Chinese, Latin, digits, punctuation and whitespace, few enough that repeats are common. */
const char = fc.constantFrom(...'光合作用植物氧气二碳水的是在了abcXYZ019，。！？、“”.,;:- \u3000', '𠀀');
const text = (min = 0, max = 60) => fc.array(char, { minLength: min, maxLength: max }).map((cs) => cs.join(''));
const occurrences = (haystack: string, needle: string) => {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) n++;
  return n;
};
/** The anchor as a database or local storage gives it back. */
const reloaded = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('text anchors (properties)', () => {
  it('(a) resolve any selection to itself after a round trip', () => {
    fc.assert(
      fc.property(
        text(1, 120).chain((t) =>
          fc.tuple(fc.constant(t), fc.nat(t.length - 1), fc.integer({ min: 1, max: t.length })),
        ),
        fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
        ([t, a, b], page) => {
          const start = Math.min(a, b - 1);
          const end = Math.max(a + 1, b);
          const anchor = reloaded(createAnchor(t, start, end, page));
          expect(anchor.page).toBe(page);
          expect(resolveAnchor(t, anchor)).toEqual({ start, end });
        },
      ),
    );
  });

  it('(b) find a unique quote again after edits elsewhere on the page', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: text(1, 20) }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
    );
    fc.assert(
      fc.property(
        text(0, 60),
        text(1, 12),
        text(0, 60),
        edit,
        fc.boolean(),
        (before, quote, after, change, inBefore) => {
          const original = before + quote + after;
          const anchor = reloaded(createAnchor(original, before.length, before.length + quote.length));
          const target = inBefore ? before : after;
          const at = change.at % (target.length + 1);
          const edited =
            change.kind === 'insert'
              ? target.slice(0, at) + change.text + target.slice(at)
              : target.slice(0, at) + target.slice(at + change.length);
          const page = inBefore ? edited + quote + after : before + quote + edited;
          fc.pre(occurrences(page, quote) === 1);
          const start = inBefore ? edited.length : before.length;
          expect(resolveAnchor(page, anchor)).toEqual({ start, end: start + quote.length });
        },
      ),
    );
  });

  it('find a repeated quote by its context when the stored position is off', () => {
    fc.assert(
      fc.property(
        text(1, 120).chain((t) =>
          fc.tuple(
            fc.constant(t),
            fc.nat(t.length - 1),
            fc.integer({ min: 1, max: 3 }),
            fc.integer({ min: -5, max: 125 }),
          ),
        ),
        ([t, start, length, wrongStart]) => {
          const end = Math.min(t.length, start + length);
          const anchor = { ...createAnchor(t, start, end), start: wrongStart };
          const found = resolveAnchor(t, anchor);
          expect(found).not.toBeNull();
          // A copy of the quote at the wrong position is taken as it (the position comes first).
          if (wrongStart >= 0 && t.startsWith(anchor.quote, wrongStart)) {
            expect(found!.start).toBe(wrongStart);
            return;
          }
          // The occurrence found is the one selected, or one no context of 32 characters tells apart.
          const again = createAnchor(t, found!.start, found!.end);
          // (Its own context may be longer, where the selected one was cut by the page's start or end.)
          expect(again.quote).toBe(anchor.quote);
          expect(again.prefix.endsWith(anchor.prefix)).toBe(true);
          expect(again.suffix.startsWith(anchor.suffix)).toBe(true);
        },
      ),
    );
  });

  it('(c) resolve a quote that left the page to null', () => {
    fc.assert(
      fc.property(text(0, 40), text(1, 12), text(0, 40), text(0, 120), (before, quote, after, page) => {
        fc.pre(!page.includes(quote));
        const anchor = createAnchor(before + quote + after, before.length, before.length + quote.length);
        expect(resolveAnchor(page, anchor)).toBeNull();
      }),
    );
  });
});
