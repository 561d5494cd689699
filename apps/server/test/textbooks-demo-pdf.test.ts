/**
 * The demo physics book holds what its text says: page 8 ("光的直线传播") carries "3×10⁸ m/s" with the
 * exponent drawn as a raised, smaller "8" that pdf.js (the reader's engine) extracts into the text
 * layer, instead of a glyph the font lacks; and the English book's "I'm fine" is extracted as written,
 * not through a ligature glyph ("I'm ﬁne", "I'm fi ne").
 */
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DEMO_BOOKS } from '../src/features/textbooks/seed/demo-data';
import { generateTextbookPdf, superscriptRuns, withoutLigatures } from '../src/features/textbooks/seed/pdf';

interface Item {
  str: string;
  transform: number[];
  height: number;
}

describe('demo textbook PDF', () => {
  it('splits superscripts into raised runs', () => {
    expect(superscriptRuns('约为 3×10⁸ m/s')).toEqual([
      { text: '约为 3×10', sup: false },
      { text: '8', sup: true },
      { text: ' m/s', sup: false },
    ]);
    expect(superscriptRuns('x⁻¹²')).toEqual([
      { text: 'x', sup: false },
      { text: '-12', sup: true },
    ]);
    expect(superscriptRuns('没有上标')).toEqual([{ text: '没有上标', sup: false }]);
  });

  it('shows the speed of light with its exponent on page 8 of the physics book', async () => {
    const book = DEMO_BOOKS.find((b) => b.title.includes('物理'));
    expect(book).toBeDefined();
    const pdf = await generateTextbookPdf(book!);
    const doc = await getDocument({ data: pdf.bytes, useSystemFonts: false, isEvalSupported: false }).promise;
    try {
      const page = await doc.getPage(8);
      const content = await page.getTextContent();
      const items = content.items.filter((i): i is Item & typeof i => 'str' in i) as Item[];
      const text = items.map((i) => i.str).join('');
      expect(text).toContain('光在真空中的传播速度约为');
      const base = items.find((i) => i.str.includes('3×10'));
      expect(base, 'the "3×10" run').toBeDefined();
      const baseY = base!.transform[5]!;
      const exponent = items.find(
        (i) => i.str === '8' && i.transform[5]! > baseY + 2 && Math.abs(i.transform[4]! - base!.transform[4]!) < 400,
      );
      expect(exponent, 'a raised "8" after 3×10').toBeDefined();
      expect(exponent!.height).toBeLessThan(base!.height);
      // The character the font cannot draw is gone from the page.
      expect(text).not.toContain('⁸');
    } finally {
      await doc.destroy();
    }
  }, 60_000);

  it('spells ligature characters out', () => {
    expect(withoutLigatures('I\u2019m \uFB01ne, \uFB00 \uFB02 \uFB03 \uFB04 \uFB06')).toBe(
      'I\u2019m fine, ff fl ffi ffl st',
    );
    expect(withoutLigatures('全角：标点，不变')).toBe('全角：标点，不变');
  });

  it('extracts "I\'m fine" from the English book as written', async () => {
    const book = DEMO_BOOKS.find((b) => b.slug === 'english-7a-rjb');
    expect(book).toBeDefined();
    const pdf = await generateTextbookPdf(book!);
    const doc = await getDocument({ data: pdf.bytes, useSystemFonts: false, isEvalSupported: false }).promise;
    try {
      let text = '';
      for (let p = 1; p <= doc.numPages; p++) {
        const content = await (await doc.getPage(p)).getTextContent();
        text += content.items.map((i) => ('str' in i ? i.str : '')).join('');
      }
      expect(text).toContain("I'm fine, thanks.");
      expect(text).not.toMatch(/[\uFB00-\uFB06]/u);
    } finally {
      await doc.destroy();
    }
  }, 60_000);
});
