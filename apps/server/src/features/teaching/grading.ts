/**
 * Automatic grading of choice and fill-in answers (docs/teaching.md, Grading; docs/decisions/010-answer-normalisation.md).
 *
 * Fill-in answers are compared after normalisation: Unicode NFKC (full-width letters, digits and
 * punctuation become half-width), TeX math delimiters and spacing commands dropped, `\frac{a}{b}`
 * read as `a/b`, all white space removed, Latin letters lower-cased, a trailing full stop dropped.
 * Two normalised texts that both read as a number (integer, decimal, `.5`, fraction `a/b`, percent,
 * a leading sign) are equal when the numbers are equal, compared exactly as fractions of big
 * integers (so 0.5 = 1/2 = .50 = 50%, but 0.3333 ≠ 1/3).
 */
import type { AnswerResponse, GradingMode, QuestionDetail } from '@eav/contract';
import { storedAnswer } from '../../lib/stored-answer';

/** Question types graded as choices (keys compared as a set). */
const CHOICE_TYPES = new Set(['单选题', '多选题', '判断题']);
/** Question types graded as fill-in blanks. */
const FILL_TYPES = new Set(['填空题']);

/** How an item of question type `type` is graded; a choice type without options is graded by the teacher. */
export function gradingModeOf(q: Pick<QuestionDetail, 'type' | 'options'>): GradingMode {
  if (CHOICE_TYPES.has(q.type) && q.options && q.options.length > 0) return 'choice';
  if (FILL_TYPES.has(q.type)) return 'fill';
  return 'open';
}

/** Blanks a fill item expects: one per entry of an array answer, else one. */
export function blanksOf(q: Pick<QuestionDetail, 'answer'>): number {
  const answer = storedAnswer(q.answer);
  return Array.isArray(answer) ? Math.max(1, answer.length) : 1;
}

/** The option keys of a choice answer (`"AC"`, `["A","C"]`, `"A,C"`), upper-case, sorted, distinct. */
export function choiceKeys(answer: string | string[]): string[] {
  const text = (Array.isArray(answer) ? answer.join('') : answer).normalize('NFKC').toUpperCase();
  return [...new Set(text.match(/[A-Z]/g) ?? [])].sort();
}

/** A number as an exact fraction `n/d` (d > 0) of big integers. */
interface Rational {
  n: bigint;
  d: bigint;
}

const NUMBER = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(%?)$/;

/** Parses a decimal (`12`, `0.50`, `.5`, `3.`), optionally a percentage; null otherwise. */
function parseDecimal(s: string): Rational | null {
  const m = NUMBER.exec(s);
  if (!m) return null;
  const [, sign, body, percent] = m as unknown as [string, string, string, string];
  const [intPart = '', fracPart = ''] = body.split('.');
  if (intPart.length + fracPart.length > 40) return null;
  let n = BigInt((intPart || '0') + fracPart);
  let d = 10n ** BigInt(fracPart.length);
  if (percent) d *= 100n;
  if (sign === '-') n = -n;
  return { n, d };
}

/** Parses a normalised number: a decimal or percentage, or a fraction `a/b` of two decimals; null otherwise. */
export function parseNumber(s: string): Rational | null {
  const parts = s.split('/');
  if (parts.length === 1) return parseDecimal(s);
  if (parts.length !== 2) return null;
  let [a, b] = parts as [string, string];
  // A sign before a parenthesised numerator: -(1)/(2).
  a = a.replace(/^([+-]?)\((.*)\)$/, '$1$2');
  b = b.replace(/^\((.*)\)$/, '$1');
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y || y.n === 0n) return null;
  let n = x.n * y.d;
  let d = x.d * y.n;
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  return { n, d };
}

function equalRationals(x: Rational, y: Rational): boolean {
  return x.n * y.d === y.n * x.d;
}

/** The normalised form of a fill-in text (see the file comment). */
export function normaliseFill(raw: string): string {
  let s = raw.normalize('NFKC');
  // TeX: math delimiters, \left/\right, spacing commands, \frac / \dfrac / \tfrac.
  s = s.replace(/\$+/g, '').replace(/\\\(|\\\)|\\\[|\\\]/g, '');
  s = s.replace(/\\(left|right)\b/g, '');
  s = s.replace(/\\[,;:! ]|\\quad|\\qquad/g, '');
  for (let i = 0; i < 5 && /\\[dt]?frac/.test(s); i++)
    s = s.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '($1)/($2)');
  s = s.replace(/\\cdot|\\times/g, '*');
  s = s.replace(/\s+/g, '').toLowerCase();
  // A sentence-final full stop is punctuation, not part of the answer (NFKC leaves 。 as is).
  s = s.replace(/。+$/, '').replace(/(\D)\.+$/, '$1');
  // Parentheses around a plain number: (1)/(2) → 1/2.
  s = s.replace(/\(([+-]?[\d.]+)\)/g, '$1');
  return s;
}

/** Whether a student's blank equals one expected answer, after normalisation and numeric equivalence. */
export function fillEquals(given: string, expected: string): boolean {
  const a = normaliseFill(given);
  const b = normaliseFill(expected);
  if (a === '' || b === '') return false;
  if (a === b) return true;
  const x = parseNumber(a);
  const y = parseNumber(b);
  return x !== null && y !== null && equalRationals(x, y);
}

/** The outcome of automatic grading; null for items the teacher grades. */
export interface AutoGrade {
  correct: boolean;
  score: number;
}

/**
 * Grades a response to an item automatically. Choice: the key set must equal the answer's (all or
 * nothing, also for 多选). Fill: each blank against the answer's entry at the same position; the
 * score is the item's share of blanks right, rounded to 0.5; correct when every blank is right.
 * Open items and responses of the wrong kind answer null (open) or a zero grade.
 */
export function autoGrade(
  item: { grading: GradingMode; maxScore: number; question: Pick<QuestionDetail, 'answer'> },
  response: AnswerResponse | null,
): AutoGrade | null {
  if (item.grading === 'open') return null;
  if (!response) return { correct: false, score: 0 };
  // Copies made before answers were stored as text may hold a number (`1`).
  const answer = storedAnswer(item.question.answer);
  if (item.grading === 'choice') {
    if (response.kind !== 'choice') return { correct: false, score: 0 };
    const expected = choiceKeys(answer);
    const given = [...new Set(response.keys)].sort();
    const correct = expected.length > 0 && expected.join('') === given.join('');
    return { correct, score: correct ? item.maxScore : 0 };
  }
  if (response.kind !== 'fill') return { correct: false, score: 0 };
  const expected = Array.isArray(answer) ? answer : [answer];
  let right = 0;
  expected.forEach((e, i) => {
    if (fillEquals(response.blanks[i] ?? '', e)) right++;
  });
  const correct = right === expected.length;
  const score = correct ? item.maxScore : Math.round(((item.maxScore * right) / expected.length) * 2) / 2;
  return { correct, score };
}

/** A wrong response as one short text for the report's 常见错误 (choice keys joined, fill blanks normalised). */
export function responseKey(response: AnswerResponse): string {
  if (response.kind === 'choice') return response.keys.join('') || '未作答';
  if (response.kind === 'fill') return response.blanks.map((b) => normaliseFill(b) || '∅').join(' | ');
  return response.text.slice(0, 40);
}
