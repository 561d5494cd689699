/**
 * The closing quiz (docs/training.md, Quiz): question-bank choice questions (单选题, 多选题, 判断题
 * with options) shown without answers; an attempt is right per question when the chosen option keys
 * equal the answer's keys as a set; the score is the percent right (rounded down), passed at the
 * course's pass mark. Every attempt is recorded.
 *
 * The quiz names its questions by their position (1, 2, …), never by the bank's id, and shows each
 * teacher the options in an order of their own (lib/option-order.ts, seeded by course, teacher and
 * position), so an answer letter looked up elsewhere names nothing; answers are translated back to the
 * question's own keys before grading.
 */
import type { QuestionDetail, TrainingQuizQuestion } from '@eav/contract';
import { mapKeys, optionView, type OptionView } from '../../lib/option-order';
import { storedAnswer } from '../../lib/stored-answer';

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

/** Who sees the quiz: the server's secret, the course and the teacher (the seed of their option order). */
export interface QuizViewer {
  secret: string;
  courseId: number;
  userId: number;
}

/** The options of the question at `position` (1-based) as `viewer` sees them. */
function viewOf(q: QuestionDetail, position: number, viewer: QuizViewer): OptionView {
  return optionView(q.options ?? [], viewer.secret, `quiz:${viewer.courseId}:${viewer.userId}:${position}`);
}

/** A question as the quiz shows it at `position` (no answer, no analysis, no bank id; own option order). */
export function quizQuestion(q: QuestionDetail, position: number, viewer: QuizViewer): TrainingQuizQuestion {
  return {
    id: position,
    type: q.type,
    stem: q.stem,
    passage: q.passage,
    options: viewOf(q, position, viewer).options,
    multiple: q.type === '多选题' || choiceKeys(storedAnswer(q.answer)).length > 1,
  };
}

/**
 * Grades `answers` (position → keys as the viewer saw them) against the bank questions `ids` in
 * quiz order.
 * @returns the percent right (0–100, rounded down), the positions answered right, and the answers
 *   in the questions' own keys by bank id (what an attempt records).
 */
export function gradeQuiz(
  ids: number[],
  questions: Map<number, QuestionDetail>,
  answers: Record<string, string[]>,
  viewer: QuizViewer,
): { score: number; correctIds: number[]; ownAnswers: Record<string, string[]> } {
  const correctIds: number[] = [];
  const ownAnswers: Record<string, string[]> = {};
  ids.forEach((id, i) => {
    const position = i + 1;
    const q = questions.get(id);
    if (!q) return;
    const given = mapKeys(choiceKeys(answers[String(position)] ?? []), viewOf(q, position, viewer).toOwn);
    ownAnswers[String(id)] = given;
    const expected = choiceKeys(storedAnswer(q.answer)).join(',');
    if (expected !== '' && expected === given.join(',')) correctIds.push(position);
  });
  return {
    score: ids.length === 0 ? 0 : Math.floor((correctIds.length * 100) / ids.length),
    correctIds,
    ownAnswers,
  };
}
