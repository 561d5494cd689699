import type { TextContent } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { buildPageText, itemSlices, textOffset, type PageTextItem } from './page-text';

const t = (str: string, hasEOL = false): PageTextItem => ({ str, hasEOL });

describe('buildPageText', () => {
  it('joins Chinese lines split across items without a space', () => {
    const page = buildPageText([t('光合作用是绿色植物', true), t('利用光能的过程。', true), t('第二段')]);
    expect(page.text).toBe('光合作用是绿色植物利用光能的过程。第二段');
    expect(page.items).toEqual([
      { start: 0, end: 9 },
      { start: 9, end: 17 },
      { start: 17, end: 20 },
    ]);
  });

  it('puts one space at a line break between Latin words, none after a word-final dash', () => {
    expect(buildPageText([t('The quick', true), t('brown fox')]).text).toBe('The quick brown fox');
    expect(buildPageText([t('non-', true), t('linear')]).text).toBe('non-linear');
    expect(buildPageText([t('a -', true), t('b')]).text).toBe('a - b');
    // Items of one line join as they are.
    expect(buildPageText([t('Photo'), t('synthesis')]).text).toBe('Photosynthesis');
  });

  it('adds no space between Chinese and Latin at a line break', () => {
    expect(buildPageText([t('单位是', true), t('kg')]).text).toBe('单位是kg');
    expect(buildPageText([t('DNA', true), t('分子')]).text).toBe('DNA分子');
  });

  it('collapses whitespace runs to one space and trims the page', () => {
    const page = buildPageText([t('  第一章 \u3000 ', true), t(' ', true), t('函数\t\n与  方程 ', true)]);
    expect(page.text).toBe('第一章 函数 与 方程');
  });

  it('keeps real spaces between Chinese characters (as pdf.js does)', () => {
    expect(buildPageText([t('数 学')]).text).toBe('数 学');
  });

  it('skips marked-content items and gives empty items an empty range where the next starts', () => {
    const page = buildPageText([
      t('甲'),
      { type: 'beginMarkedContent' },
      t('  '),
      t('乙'),
      { type: 'endMarkedContent' },
    ]);
    expect(page.text).toBe('甲 乙');
    expect(page.items).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 1 },
      { start: 1, end: 2 },
      { start: 2, end: 3 },
      { start: 3, end: 3 },
    ]);
  });

  it('handles characters outside the BMP as CJK', () => {
    expect(buildPageText([t('𠀀', true), t('字')]).text).toBe('𠀀字');
  });

  it('takes pdf.js text content as it is', () => {
    const content: TextContent = {
      items: [
        { str: '你好', dir: 'ltr', transform: [1, 0, 0, 1, 0, 0], width: 20, height: 10, fontName: 'f1', hasEOL: true },
        { type: 'beginMarkedContent', id: 'mc0' },
        {
          str: '世界',
          dir: 'ltr',
          transform: [1, 0, 0, 1, 0, 12],
          width: 20,
          height: 10,
          fontName: 'f1',
          hasEOL: false,
        },
      ],
      styles: {},
      lang: 'zh',
    };
    expect(buildPageText(content.items).text).toBe('你好世界');
  });

  it('is empty for a page without text', () => {
    const page = buildPageText([t(' ', true), t('')]);
    expect(page.text).toBe('');
    expect(page.items).toEqual([
      { start: 0, end: 0 },
      { start: 0, end: 0 },
    ]);
  });
});

describe('itemSlices and textOffset', () => {
  const items = [t('  Hello   wor'), t('ld', true), t('again', true), t('你好', true), t('世界')];
  const page = buildPageText(items);

  it('maps a page range back to the items it came from', () => {
    expect(page.text).toBe('Hello world again你好世界');
    const start = page.text.indexOf('lo w');
    expect(itemSlices(page, start, start + 'lo world'.length)).toEqual([
      { item: 0, start: 5, end: 13 },
      { item: 1, start: 0, end: 2 },
    ]);
    // The space of the line break belongs to no item.
    const again = page.text.indexOf('again');
    expect(itemSlices(page, again - 1, page.text.length)).toEqual([
      { item: 2, start: 0, end: 5 },
      { item: 3, start: 0, end: 2 },
      { item: 4, start: 0, end: 2 },
    ]);
    expect(itemSlices(page, -5, 0)).toEqual([]);
  });

  it('turns carets in items into page offsets', () => {
    expect(textOffset(page, 0, 0)).toBe(0);
    expect(textOffset(page, 0, 2)).toBe(0);
    expect(textOffset(page, 0, 7)).toBe(5);
    expect(textOffset(page, 0, 9)).toBe(6);
    expect(textOffset(page, 1, 0)).toBe(9);
    expect(textOffset(page, 1, 2)).toBe(12);
    expect(textOffset(page, 3, 1)).toBe(page.text.indexOf('好'));
    expect(textOffset(page, 4, 2)).toBe(page.text.length);
    expect(() => textOffset(page, 5, 0)).toThrow(RangeError);
  });

  it('round-trips every character through its item', () => {
    for (let j = 0; j < page.text.length; j++) {
      const [slice] = itemSlices(page, j, j + 1);
      if (!slice) {
        expect(page.text[j]).toBe(' ');
        continue;
      }
      expect(textOffset(page, slice.item, slice.start)).toBe(j);
      const source = items[slice.item]!.str![slice.start];
      if (page.text[j] === ' ') expect(source).toMatch(/\s/);
      else expect(source).toBe(page.text[j]);
    }
  });
});
