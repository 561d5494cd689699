/**
 * Sentences of a page's text for reading aloud (`read-aloud.ts` speaks one utterance per sentence,
 * so the reader can highlight the sentence being read).
 *
 * Written here rather than taken from `Intl.Segmenter`: that one does not end sentences at ；or
 * ……, and older Firefox lacks it. Offsets are UTF-16 units of the text.
 */
import type { TextRange } from './page-text';

/** A sentence: its text and its range in the text it was split from. */
export interface Sentence extends TextRange {
  text: string;
}

/** Longest sentence spoken as one utterance (some Chrome voices stop an utterance after about 15 s). */
export const SENTENCE_MAX = 80;

const ENDS = new Set([...'。！？；…!?;｡']);
/** Full stops that are also decimal points and abbreviation dots. */
const DOTS = new Set([...'.．']);
const CLOSERS = new Set([...'”’」』）)】》〉］]｝}〕"\'']);
/** Where an overlong sentence may be cut, after the character. */
const SOFT_ENDS = new Set([...'，,、：:—']);
const SPACE = /\s/u;
const WORD = /[A-Za-z0-9０-９]/;

/** Whether text[i] ends a sentence: a terminator, or a full stop that no letter or digit follows. */
function endsAt(text: string, i: number): boolean {
  const c = text[i]!;
  return ENDS.has(c) || (DOTS.has(c) && !WORD.test(text[i + 1] ?? ''));
}

/** Cuts an overlong piece [start, end) of `text` into pieces of at most `max` units. */
function cutLong(text: string, start: number, end: number, max: number): number[] {
  const cuts: number[] = [];
  let from = start;
  while (end - from > max) {
    let at = from + max;
    for (let i = from + max - 1; i > from; i--) {
      if (SOFT_ENDS.has(text[i]!)) {
        at = i + 1;
        break;
      }
    }
    const code = text.charCodeAt(at);
    if (code >= 0xdc00 && code <= 0xdfff) at -= 1;
    cuts.push(at);
    from = at;
  }
  return cuts;
}

/**
 * Splits text into sentences for reading aloud. A sentence ends after a run of 。！？；… (or
 * ! ? ; and a `.` or `．` not followed by a letter or digit), the closing quotes and brackets after it,
 * and the whitespace after those. A sentence longer than `maxLength` is cut after its last comma
 * (，,、：) within the limit, or at the limit. Nothing is lost: the sentences' texts joined are the
 * input, their ranges follow each other; leading whitespace stays with the first sentence, and a
 * blank input is one blank sentence (the reader skips it). An empty input has none.
 */
export function splitSentences(text: string, maxLength = SENTENCE_MAX): Sentence[] {
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!endsAt(text, i)) continue;
    let j = i + 1;
    while (j < text.length && (ENDS.has(text[j]!) || DOTS.has(text[j]!))) j++;
    while (j < text.length && CLOSERS.has(text[j]!)) j++;
    while (j < text.length && SPACE.test(text[j]!)) j++;
    ends.push(j);
    i = j - 1;
  }
  if (ends.at(-1) !== text.length && text.length > 0) ends.push(text.length);
  const sentences: Sentence[] = [];
  let start = 0;
  for (const end of ends) {
    for (const cut of [...cutLong(text, start, end, Math.max(2, maxLength)), end]) {
      if (cut > start) sentences.push({ text: text.slice(start, cut), start, end: cut });
      start = Math.max(start, cut);
    }
  }
  return sentences;
}
