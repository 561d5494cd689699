/**
 * The one read-boundary conversion of a question's stored answer to the contract's type (`string` or
 * `string[]`, packages/contract/src/schemas/question-bank.ts `questionDetail.answer`). Answers reach the
 * database as JSON from imports, and older rows (and copies of them in teaching tables) may hold a JSON
 * number (`1`), `null` or numbers inside an array; a number is its decimal text, null is the empty text
 * (the same rule as migration 0020, which repairs stored rows).
 */
import type { QuestionDetail } from '@eav/contract';

/** A stored answer as the contract's `string | string[]`. */
export function storedAnswer(raw: unknown): string | string[] {
  if (Array.isArray(raw)) return raw.map((x) => answerPart(x));
  return answerPart(raw);
}

function answerPart(x: unknown): string {
  if (x === null || x === undefined) return '';
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  // Text stays; anything else (an object: no import writes one) is left for the response schema to
  // refuse, so a corrupt row is logged as such instead of being shown as made-up text.
  return x as string;
}

/** The question with its answer converted by `storedAnswer` (the same object when nothing changes). */
export function withStoredAnswer<T extends Pick<QuestionDetail, 'answer'>>(q: T): T {
  const answer = storedAnswer(q.answer as unknown);
  const same =
    typeof q.answer === 'string' ||
    (Array.isArray(q.answer) && (q.answer as unknown[]).every((x) => typeof x === 'string'));
  return same ? q : { ...q, answer };
}
