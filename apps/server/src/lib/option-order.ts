/**
 * Per-learner option order of choice questions (docs/teaching.md, When answers are shown; docs/training.md,
 * Quiz): the options of a question handed out in homework or a quiz are shown in an order of their own
 * to each learner, so that an answer letter read elsewhere (the bank, a classmate) names nothing. The
 * order is a permutation drawn from HMAC-SHA256(server secret, seed), so a reload shows the same order
 * without storing it, and nobody without the secret can predict it. Responses are translated back to
 * the question's own keys at the boundary, so grading, reports and stored answers never see display keys.
 */
import { createHmac } from 'node:crypto';
import type { QuestionOption } from '@eav/contract';

/** Display keys in order (A, B, C, …). */
const KEYS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A permutation of `0…n-1` from HMAC-SHA256(`secret`, `seed`) (Fisher–Yates driven by the digest's
 * 32-bit words; a fresh digest with a counter when one is used up). `seed` names the learner, the
 * work and the item, e.g. `homework:12:34:56`.
 */
export function optionPermutation(secret: string, seed: string, n: number): number[] {
  const perm = Array.from({ length: n }, (_, i) => i);
  let block = Buffer.alloc(0);
  let counter = 0;
  let at = 0;
  for (let i = n - 1; i > 0; i--) {
    if (at + 4 > block.length) {
      block = createHmac('sha256', secret).update(`${seed}#${counter++}`).digest();
      at = 0;
    }
    // Modulo bias of a 32-bit word over at most 26 options is below 1e-8: irrelevant for an order.
    const j = block.readUInt32BE(at) % (i + 1);
    at += 4;
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  return perm;
}

/** A question's options as one learner sees them, with the translation between display and own keys. */
export interface OptionView {
  /** The options in display order, keyed A, B, C, … */
  options: QuestionOption[];
  /** Display key → the question's own key. */
  toOwn: Map<string, string>;
  /** The question's own key → display key. */
  toDisplay: Map<string, string>;
}

/**
 * The options of a question in the order `optionPermutation(secret, seed, n)` gives, relabelled A, B, …
 * More than 26 options (never in the data) are left in their own order.
 */
export function optionView(options: QuestionOption[], secret: string, seed: string): OptionView {
  const perm =
    options.length <= KEYS.length ? optionPermutation(secret, seed, options.length) : options.map((_, i) => i);
  const toOwn = new Map<string, string>();
  const toDisplay = new Map<string, string>();
  const shown = perm.map((from, i) => {
    const own = options[from]!;
    const key = options.length <= KEYS.length ? KEYS[i]! : own.key;
    toOwn.set(key, own.key);
    toDisplay.set(own.key, key);
    return { key, text: own.text };
  });
  return { options: shown, toOwn, toDisplay };
}

/** Keys translated through `map` (unknown keys dropped: they name no option), sorted and distinct. */
export function mapKeys(keys: readonly string[], map: Map<string, string>): string[] {
  return [...new Set(keys.flatMap((k) => (map.has(k) ? [map.get(k)!] : [])))].sort();
}
