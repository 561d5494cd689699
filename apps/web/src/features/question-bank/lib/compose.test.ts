import { describe, expect, it } from 'vitest';
import type { QuestionCard } from '@eav/contract';
import { chineseNumber, composeBody, defaultScore, draftFromBasket, totalScore } from './compose';

function card(id: number, type: string, score: number | null = null): QuestionCard {
  return {
    id,
    externalId: `q-${id}`,
    stage: { id: 1, name: '高中' },
    subject: { id: 2, name: '数学' },
    type,
    stem: `题 ${id}`,
    options: null,
    passage: null,
    difficulty: null,
    score,
    source: null,
    year: null,
    region: null,
    origin: 'gaokao',
    knowledgePoints: [],
  };
}

describe('compose draft', () => {
  it('numbers sections in Chinese', () => {
    expect([1, 2, 10, 11, 12, 20].map(chineseNumber)).toEqual(['一', '二', '十', '十一', '十二', '二十']);
  });

  it('groups the basket by type in paper order, keeping basket order inside a section', () => {
    const sections = draftFromBasket([card(1, '解答题'), card(2, '单选题'), card(3, '填空题'), card(4, '单选题')]);
    expect(sections.map((s) => s.title)).toEqual(['一、单选题', '二、填空题', '三、解答题']);
    expect(sections[0]!.questions.map((q) => q.id)).toEqual([2, 4]);
  });

  it('starts from the source score when valid, else the usual score of the type', () => {
    expect(defaultScore(card(1, '单选题', 6))).toBe(6);
    expect(defaultScore(card(1, '单选题', 0))).toBe(5);
    expect(defaultScore(card(1, '解答题', 0.3))).toBe(12);
    expect(defaultScore(card(1, '作文', 999))).toBe(25);
    expect(defaultScore(card(1, '未知题型'))).toBe(5);
  });

  it('totals scores and builds the request without empty sections', () => {
    const sections = draftFromBasket([card(1, '单选题'), card(2, '解答题', 10)]);
    expect(totalScore(sections)).toBe(15);
    const body = composeBody(
      ' 期末练习 ',
      ' ',
      [...sections, { type: '作文', title: '三、作文', questions: [] }],
      true,
    );
    expect(body).toEqual({
      title: '期末练习',
      subtitle: undefined,
      sections: [
        { title: '一、单选题', questions: [{ questionId: 1, score: 5 }] },
        { title: '二、解答题', questions: [{ questionId: 2, score: 10 }] },
      ],
      clearBasket: true,
    });
  });
});
