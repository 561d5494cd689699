/**
 * Answer logic shared by the desktop and H5 answering screens (docs/teaching.md, Answering): which
 * input a question gets, how a choice toggles, when a question counts as answered, and how an
 * answer reads back. No React and no UI library here, so both screens and the tests use it.
 */

/** The inputs a question can take: one choice, several choices, blanks, or an open answer. */
export type AnswerKind = 'single' | 'multiple' | 'fill' | 'open';

/**
 * A student's answer while editing. `choices`: option keys (sorted A→Z); `blanks`: one text per
 * blank; `text`: an open answer typed; `imageUrl`: an open answer photographed (uploaded first).
 */
export interface AnswerDraft {
  choices?: string[];
  blanks?: string[];
  text?: string;
  imageUrl?: string | null;
}

/** Question types of the bank (QUESTION_TYPES of the contract) that take option keys. */
const MULTIPLE_TYPES = new Set(['多选题', '不定项选择题']);
const FILL_TYPES = new Set(['填空题', '语法填空']);

/**
 * The input for a question: a question with options is a choice (several for 多选题), 填空题 and
 * 语法填空 take blanks, everything else (解答题, 作文, …) an open answer. A server-given kind wins.
 */
export function answerKindOf(q: { type: string; options?: unknown[] | null; kind?: string | null }): AnswerKind {
  if (q.kind === 'single' || q.kind === 'multiple' || q.kind === 'fill' || q.kind === 'open') return q.kind;
  if (q.kind === 'choice') return MULTIPLE_TYPES.has(q.type) ? 'multiple' : 'single';
  if (q.options && q.options.length > 0) return MULTIPLE_TYPES.has(q.type) ? 'multiple' : 'single';
  if (FILL_TYPES.has(q.type)) return 'fill';
  return 'open';
}

/** Blank markers in a stem: three or more underscores, `\underline{…}`, or empty brackets `（ ）`/`( )`. */
const BLANK_RE = /_{3,}|\\underline\{[^}]*\}|[（(]\s*[)）]/g;

/**
 * How many blanks a fill-in question has: the server's count when it sends one, else the blank
 * markers in the stem, at least 1 and at most 20 (a stem with underlined text is not 50 blanks).
 */
export function blankCountOf(stem: string, given?: number | null): number {
  if (given && given > 0) return Math.min(given, 20);
  const n = stem.match(BLANK_RE)?.length ?? 0;
  return Math.min(Math.max(n, 1), 20);
}

/** The choice keys after clicking `key`: a single choice replaces, a multiple choice toggles; sorted A→Z. */
export function toggleChoice(current: readonly string[] | undefined, key: string, multiple: boolean): string[] {
  if (!multiple) return [key];
  const set = new Set(current ?? []);
  if (set.has(key)) set.delete(key);
  else set.add(key);
  return [...set].sort();
}

/** The blanks after typing `value` into blank `index` (0-based), padded to `count`. */
export function setBlank(
  current: readonly string[] | undefined,
  index: number,
  value: string,
  count: number,
): string[] {
  const next = Array.from({ length: Math.max(count, index + 1) }, (_, i) => current?.[i] ?? '');
  next[index] = value;
  return next;
}

/** True when the draft holds something to grade: a choice, one filled blank, text or a photo. */
export function isAnswered(kind: AnswerKind, draft: AnswerDraft | undefined): boolean {
  if (!draft) return false;
  switch (kind) {
    case 'single':
    case 'multiple':
      return (draft.choices?.length ?? 0) > 0;
    case 'fill':
      return (draft.blanks ?? []).some((b) => b.trim() !== '');
    case 'open':
      return (draft.text ?? '').trim() !== '' || !!draft.imageUrl;
  }
}

/** How an answer reads in lists and reports: `A、C`, `(1) 3 (2) x=2`, the text, or `[图片]`. */
export function answerSummary(draft: AnswerDraft | null | undefined): string {
  if (!draft) return '未作答';
  if (draft.choices && draft.choices.length > 0) return draft.choices.join('、');
  if (draft.blanks && draft.blanks.some((b) => b.trim() !== ''))
    return draft.blanks.length === 1
      ? draft.blanks[0]!.trim()
      : draft.blanks.map((b, i) => `(${i + 1}) ${b.trim() || '—'}`).join(' ');
  const text = draft.text?.trim() ?? '';
  if (text && draft.imageUrl) return `${text} [图片]`;
  if (text) return text;
  if (draft.imageUrl) return '[图片]';
  return '未作答';
}

/** Two drafts hold the same answer (to skip saving what the server already has). */
export function sameDraft(a: AnswerDraft | undefined, b: AnswerDraft | undefined): boolean {
  const norm = (d: AnswerDraft | undefined) =>
    JSON.stringify([d?.choices ?? [], d?.blanks ?? [], d?.text ?? '', d?.imageUrl ?? null]);
  return norm(a) === norm(b);
}

/** `已答 n / m` counts of an answer sheet. */
export function answeredCount(
  questions: readonly { id: number; kind: AnswerKind }[],
  drafts: Readonly<Record<number, AnswerDraft | undefined>>,
): number {
  return questions.filter((q) => isAnswered(q.kind, drafts[q.id])).length;
}

/** Seconds as `m 分 s 秒` (time spent in reports), `—` when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} 秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} 分 ${s % 60} 秒`;
  return `${Math.floor(m / 60)} 小时 ${m % 60} 分`;
}

/** A ratio 0…1 as a whole percentage (`—` when there is nothing to count). */
export function percent(ratio: number | null | undefined): string {
  if (ratio == null || !Number.isFinite(ratio)) return '—';
  return `${Math.round(ratio * 100)}%`;
}
