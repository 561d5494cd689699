/**
 * The closing quiz (docs/training.md, Quiz): question-bank choice questions (单选题, 多选题, 判断题
 * with options) shown without answers; an attempt is right per question when the chosen option keys
 * equal the answer's keys as a set; the score is the percent right (rounded down), passed at the
 * course's pass mark. Every attempt is recorded.
 */
import type { QuestionDetail, TrainingQuizQuestion } from '@eav/contract';

const CHOICE_TYPES = new Set(['单选题', '多选题', '判断题']);

/** Whether a question can be in a quiz: a choice type with options. */
export function isQuizQuestion(q: Pick<QuestionDetail, 'type' | 'options'>): boolean {
  return CHOICE_TYPES.has(q.type) && !!q.options && q.options.length > 0;
}

/** The option keys of a choice answer (`"AC"`, `["A","C"]`, `"A,C"`), upper-case, sorted, distinct. */
export function choiceKeys(answer: string | string[]): string[] {
  const text = (Array.isArray(answer) ? answer.join('') : answer).normalize('NFKC').toUpperCase();
  return [...new Set(text.match(/[A-Z]/g) ?? [])].sort();
}

/** A question as the quiz shows it (no answer, no analysis). */
export function quizQuestion(q: QuestionDetail): TrainingQuizQuestion {
  return {
    id: q.id,
    type: q.type,
    stem: q.stem,
    passage: q.passage,
    options: q.options ?? [],
    multiple: q.type === '多选题' || choiceKeys(q.answer).length > 1,
  };
}

/**
 * Grades `answers` (question id → chosen keys) against `questions` in quiz order.
 * @returns the percent right (0–100, rounded down) and the ids answered right.
 */
export function gradeQuiz(
  ids: number[],
  questions: Map<number, QuestionDetail>,
  answers: Record<string, string[]>,
): { score: number; correctIds: number[] } {
  const correctIds: number[] = [];
  for (const id of ids) {
    const q = questions.get(id);
    if (!q) continue;
    const expected = choiceKeys(q.answer).join(',');
    const given = choiceKeys(answers[String(id)] ?? []).join(',');
    if (expected !== '' && expected === given) correctIds.push(id);
  }
  return { score: ids.length === 0 ? 0 : Math.floor((correctIds.length * 100) / ids.length), correctIds };
}
