/**
 * The 组卷 draft built from the basket: one section per question type in the usual paper order
 * (单选题 before 多选题 … before 作文), numbered 一、二、…, each question with a starting score (its
 * score in the source paper, else the usual score of its type), which the teacher may change.
 */
import { QUESTION_BANK_LIMITS, QUESTION_TYPES, type ComposedPaperBody, type QuestionCard } from '@eav/contract';

export interface DraftQuestion {
  id: number;
  card: QuestionCard;
  score: number;
}

export interface DraftSection {
  /** The question type the section was made from. */
  type: string;
  title: string;
  questions: DraftQuestion[];
}

const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 一, 二, … 十, 十一 … 二十 (sections are at most 20). */
export function chineseNumber(n: number): string {
  if (n <= 10) return CHINESE_NUMBERS[n - 1]!;
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens > 1 ? CHINESE_NUMBERS[tens - 1] : ''}十${ones ? CHINESE_NUMBERS[ones - 1] : ''}`;
}

const TYPE_SCORES: Record<string, number> = {
  单选题: 5,
  多选题: 6,
  判断题: 2,
  填空题: 5,
  解答题: 12,
  完形填空: 15,
  阅读理解: 10,
  语法填空: 15,
  短文改错: 10,
  作文: 25,
};

/** Starting score: the source score when it is a valid one, else the type's usual score. */
export function defaultScore(card: QuestionCard): number {
  const s = card.score;
  if (s !== null && s > 0 && s <= QUESTION_BANK_LIMITS.scoreMax && Math.round(s * 2) === s * 2) return s;
  return TYPE_SCORES[card.type] ?? 5;
}

function typeRank(type: string): number {
  const i = (QUESTION_TYPES as readonly string[]).indexOf(type);
  return i === -1 ? QUESTION_TYPES.length : i;
}

export function draftFromBasket(cards: QuestionCard[]): DraftSection[] {
  const byType = new Map<string, DraftQuestion[]>();
  for (const card of cards) {
    const list = byType.get(card.type) ?? [];
    list.push({ id: card.id, card, score: defaultScore(card) });
    byType.set(card.type, list);
  }
  return [...byType.entries()]
    .sort(([a], [b]) => typeRank(a) - typeRank(b) || a.localeCompare(b, 'zh'))
    .map(([type, questions], i) => ({ type, title: `${chineseNumber(i + 1)}、${type}`, questions }));
}

export function sectionScore(section: DraftSection): number {
  return section.questions.reduce((sum, q) => sum + q.score, 0);
}

export function totalScore(sections: DraftSection[]): number {
  return sections.reduce((sum, s) => sum + sectionScore(s), 0);
}

/** The request body; empty sections are left out. */
export function composeBody(
  title: string,
  subtitle: string,
  sections: DraftSection[],
  clearBasket: boolean,
): ComposedPaperBody {
  return {
    title: title.trim(),
    subtitle: subtitle.trim() || undefined,
    sections: sections
      .filter((s) => s.questions.length > 0)
      .map((s) => ({
        title: s.title.trim(),
        questions: s.questions.map((q) => ({ questionId: q.id, score: q.score })),
      })),
    clearBasket,
  };
}
