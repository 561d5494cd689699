/**
 * Sentence splitting for reading aloud never loses a character: for any mixed Chinese and Latin
 * text the sentences joined are the input, their ranges follow each other and hold their text, no
 * sentence is empty or longer than the limit, and each sentence that ends at a terminator ends
 * with it, its closers and whitespace only.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

const piece = fc.constantFrom(
  ...'春天来了小草绿abcXY12',
  ...'。！？；…!?;.．，,、：',
  ...'“”‘’「」（）()"\'',
  ' ',
  '\u3000',
  '\n',
  '𠀀',
  '3.14',
);
const text = fc.array(piece, { maxLength: 80 }).map((p) => p.join(''));

describe('splitSentences (properties)', () => {
  it('loses no character and keeps every sentence within the limit', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 40 }), (t, max) => {
        const sentences = splitSentences(t, max);
        expect(sentences.map((s) => s.text).join('')).toBe(t);
        let at = 0;
        for (const s of sentences) {
          expect(s.start).toBe(at);
          expect(s.end).toBeGreaterThan(s.start);
          expect(s.end - s.start).toBeLessThanOrEqual(max);
          expect(t.slice(s.start, s.end)).toBe(s.text);
          at = s.end;
        }
        expect(at).toBe(t.length);
      }),
    );
  });

  it('ends every sentence but the last at a terminator, its closers and whitespace', () => {
    fc.assert(
      fc.property(text, (t) => {
        const sentences = splitSentences(t, 10_000);
        for (const s of sentences.slice(0, -1)) {
          expect(s.text).toMatch(/[。！？；…!?;.．｡][。！？；…!?;.．｡”’」』）)】》〉］\]｝}〕"'\s]*$/u);
        }
      }),
    );
  });
});
