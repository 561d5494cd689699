import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

const texts = (text: string, max?: number) => splitSentences(text, max).map((s) => s.text);

describe('splitSentences', () => {
  it('ends Chinese sentences after 。！？；and ……, with their closing quotes and brackets', () => {
    expect(texts('春天来了。小草绿了！你看见了吗？我看见了；真美……')).toEqual([
      '春天来了。',
      '小草绿了！',
      '你看见了吗？',
      '我看见了；',
      '真美……',
    ]);
    expect(texts('他说：“我们走吧！”于是出发了。（完）')).toEqual(['他说：“我们走吧！”', '于是出发了。', '（完）']);
    expect(texts('真的吗？！』好。')).toEqual(['真的吗？！』', '好。']);
  });

  it('ends English sentences at . ! ? ; but not inside numbers or words', () => {
    expect(texts('Pi is 3.14. Visit www.example.com today! Really? "Yes." OK')).toEqual([
      'Pi is 3.14. ',
      'Visit www.example.com today! ',
      'Really? ',
      '"Yes." ',
      'OK',
    ]);
    expect(texts('如图所示．圆的面积是３．１４乘半径的平方．')).toEqual([
      '如图所示．',
      '圆的面积是３．１４乘半径的平方．',
    ]);
  });

  it('keeps whitespace with the sentence before it, and loses nothing', () => {
    const text = '  第一句。 第二句！\u3000第三句';
    const sentences = splitSentences(text);
    expect(sentences).toEqual([
      { text: '  第一句。 ', start: 0, end: 7 },
      { text: '第二句！\u3000', start: 7, end: 12 },
      { text: '第三句', start: 12, end: 15 },
    ]);
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   ')).toEqual([{ text: '   ', start: 0, end: 3 }]);
  });

  it('cuts an overlong sentence after a comma within the limit, else at the limit', () => {
    expect(texts('一二三四，五六七八九十，甲乙。', 8)).toEqual(['一二三四，', '五六七八九十，', '甲乙。']);
    expect(texts('一二三四五六七八九十。', 4)).toEqual(['一二三四', '五六七八', '九十。']);
    // Never between the halves of a character outside the BMP.
    expect(texts('𠀀𠀀𠀀', 3)).toEqual(['𠀀', '𠀀', '𠀀']);
  });
});
