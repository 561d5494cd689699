import { describe, expect, it } from 'vitest';
import { ANCHOR_CONTEXT, createAnchor, resolveAnchor, type TextAnchor } from './anchor';

describe('createAnchor', () => {
  it('keeps the quote, up to 32 characters of context on each side, and the range', () => {
    const text = `${'前'.repeat(40)}光合作用${'后'.repeat(40)}`;
    const anchor = createAnchor(text, 40, 44, 12);
    expect(anchor).toEqual({
      page: 12,
      quote: '光合作用',
      prefix: '前'.repeat(ANCHOR_CONTEXT),
      suffix: '后'.repeat(ANCHOR_CONTEXT),
      start: 40,
      end: 44,
    });
    expect(createAnchor('一二三', 0, 3)).toEqual({ quote: '一二三', prefix: '', suffix: '', start: 0, end: 3 });
  });

  it('never keeps half of a surrogate pair in the context', () => {
    const text = `${'𠀀'.repeat(20)}字${'𠀀'.repeat(20)}`;
    const anchor = createAnchor(text, 40, 41);
    expect(anchor.prefix).toBe('𠀀'.repeat(16));
    expect(anchor.suffix).toBe('𠀀'.repeat(16));
    // Cuts that would fall inside a pair keep one unit less.
    const before = createAnchor(`${'𠀀'.repeat(20)}字字`, 41, 42);
    expect(before.prefix).toBe(`${'𠀀'.repeat(15)}字`);
    const after = createAnchor(`字字${'𠀀'.repeat(20)}`, 0, 1);
    expect(after.suffix).toBe(`字${'𠀀'.repeat(15)}`);
  });

  it('refuses empty and out-of-range selections', () => {
    expect(() => createAnchor('abc', 1, 1)).toThrow(RangeError);
    expect(() => createAnchor('abc', 2, 1)).toThrow(RangeError);
    expect(() => createAnchor('abc', -1, 2)).toThrow(RangeError);
    expect(() => createAnchor('abc', 0, 4)).toThrow(RangeError);
    expect(() => createAnchor('abc', 0.5, 2)).toThrow(RangeError);
  });
});

describe('resolveAnchor', () => {
  const page = '植物释放氧气。动物吸入氧气，呼出二氧化碳。鱼在水中也需要氧气。';

  it('answers the stored range while the quote still sits there', () => {
    const anchor = createAnchor(page, 11, 13);
    expect(resolveAnchor(page, anchor)).toEqual({ start: 11, end: 13 });
    // Even when its context changed.
    const edited = `${page.slice(0, 9)}呼吸${page.slice(11)}`.replace('呼出', '排出');
    expect(edited.slice(11, 13)).toBe('氧气');
    expect(resolveAnchor(edited, anchor)).toEqual({ start: 11, end: 13 });
  });

  it('picks the occurrence of a repeated quote whose context matches', () => {
    const third = page.lastIndexOf('氧气');
    const anchor = createAnchor(page, third, third + 2, 3);
    const moved = `第三节 呼吸作用\n${page}`;
    const start = moved.lastIndexOf('氧气');
    expect(resolveAnchor(moved, anchor)).toEqual({ start, end: start + 2 });

    const second = page.indexOf('氧气', 5);
    const anchor2 = createAnchor(page, second, second + 2);
    expect(resolveAnchor(`新：${page}`, anchor2)).toEqual({ start: second + 2, end: second + 4 });
  });

  it('goes by the suffix when the prefix changed, and by the prefix when the suffix did', () => {
    const first = createAnchor(page, 4, 6);
    const prefixChanged = `绿色植物释出${page.slice(4)}`;
    expect(resolveAnchor(prefixChanged, first)).toEqual({ start: 6, end: 8 });
    const second = page.indexOf('氧气', 5);
    const anchor = createAnchor(page, second, second + 2);
    const suffixChanged = `前言${page.slice(0, second + 2)}，排出二氧化碳。鱼在水中也需要氧气。`;
    expect(resolveAnchor(suffixChanged, anchor)).toEqual({ start: second + 2, end: second + 4 });
  });

  it('takes the occurrence nearest the old position when contexts tie', () => {
    const anchor: TextAnchor = { quote: '重复', prefix: '', suffix: '', start: 9, end: 11 };
    expect(resolveAnchor('——重复——重复——重复——', anchor)).toEqual({ start: 10, end: 12 });
    expect(resolveAnchor('——重复——重复——重复——', { ...anchor, start: 5 })).toEqual({ start: 6, end: 8 });
    expect(resolveAnchor('——重复——重复', { ...anchor, start: Number.NaN })).toEqual({ start: 2, end: 4 });
  });

  it('is null when the quote is gone, or the anchor has none', () => {
    const anchor = createAnchor(page, 16, 20);
    expect(anchor.quote).toBe('二氧化碳');
    expect(resolveAnchor(page.replace('二氧化碳', 'CO₂'), anchor)).toBeNull();
    expect(resolveAnchor('', anchor)).toBeNull();
    expect(resolveAnchor(page, { ...anchor, quote: '' })).toBeNull();
  });
});
