/**
 * Between the screens' drafts and the contract's shapes (docs/teaching.md): an item's input kind
 * from its grading mode, a draft ↔ `answerResponse`, a chapter's page range for a reading
 * assignment, and the short texts of due dates and statuses.
 */
import {
  inBeijing,
  type AnswerResponse,
  type AssignmentQuestion,
  type ChapterTreeNode,
  type SavedAnswer,
} from '@eav/contract';
import type { AnswerDraft, AnswerKind } from './answers';
import type { AnswerQuestion } from '../components/common/question-text';

/** Question types that take several option keys. */
const MULTIPLE_TYPES = new Set(['多选题', '不定项选择题']);

/** The input of an assignment item: its grading mode decides; 多选题 takes several keys. */
export function itemKind(q: Pick<AssignmentQuestion, 'grading' | 'type'>): AnswerKind {
  if (q.grading === 'choice') return MULTIPLE_TYPES.has(q.type) ? 'multiple' : 'single';
  return q.grading;
}

/** An assignment item as the answer components take it (`id` is the item id). */
export function toAnswerQuestion(
  q: Pick<AssignmentQuestion, 'itemId' | 'type' | 'stem' | 'options' | 'passage' | 'blanks' | 'maxScore'>,
): AnswerQuestion {
  return {
    id: q.itemId,
    type: q.type,
    stem: q.stem,
    options: q.options,
    passage: q.passage,
    blankCount: q.blanks,
    score: q.maxScore,
  };
}

/** The response sent for a draft of an item of `kind`. */
export function toResponse(kind: AnswerKind, draft: AnswerDraft): AnswerResponse {
  switch (kind) {
    case 'single':
    case 'multiple':
      return { kind: 'choice', keys: [...(draft.choices ?? [])].sort() };
    case 'fill':
      return { kind: 'fill', blanks: draft.blanks ?? [] };
    case 'open':
      return { kind: 'open', text: draft.text ?? '', images: draft.imageUrl ? [draft.imageUrl] : [] };
  }
}

/** The draft shown for a saved response. */
export function fromResponse(response: AnswerResponse | null | undefined): AnswerDraft | undefined {
  if (!response) return undefined;
  switch (response.kind) {
    case 'choice':
      return { choices: response.keys };
    case 'fill':
      return { blanks: response.blanks };
    case 'open':
      return { text: response.text, imageUrl: response.images[0] ?? null };
  }
}

/** Saved answers by item id, as drafts. */
export function draftsOf(answers: readonly SavedAnswer[]): Record<number, AnswerDraft | undefined> {
  return Object.fromEntries(answers.map((a) => [a.itemId, fromResponse(a.response)]));
}

/**
 * The pages of a chapter for a reading assignment: from its start page to the page before the next
 * chapter (in reading order) that starts later; the last chapter gets 10 pages. Null when the
 * chapter has no start page.
 */
export function chapterPageRange(
  tree: readonly ChapterTreeNode[],
  chapterId: number,
): { pageFrom: number; pageTo: number } | null {
  const flat: ChapterTreeNode[] = [];
  const walk = (nodes: readonly ChapterTreeNode[]) => {
    for (const n of nodes) {
      flat.push(n);
      walk(n.children);
    }
  };
  walk(tree);
  const index = flat.findIndex((n) => n.id === chapterId);
  const node = flat[index];
  if (!node || node.page == null) return null;
  const subtreeSize = (n: ChapterTreeNode): number => 1 + n.children.reduce((s, c) => s + subtreeSize(c), 0);
  const after = flat.slice(index + subtreeSize(node));
  const next = after.find((n) => n.page != null && n.page > node.page!);
  const pageTo = next ? next.page! - 1 : node.page + 9;
  return { pageFrom: node.page, pageTo: Math.max(pageTo, node.page) };
}

/** `11月23日 18:00` in Beijing time; with the year when it is not this year there. */
export function formatDateTime(iso: string | null | undefined, now = new Date()): string {
  const d = iso ? inBeijing(iso) : null;
  if (!d) return '—';
  return d.format(d.year() === inBeijing(now)?.year() ? 'M月D日 HH:mm' : 'YYYY年M月D日 HH:mm');
}

/** `还剩 2 天` / `还剩 3 小时` / `已截止` for a due time. */
export function dueHint(dueAt: string, now = Date.now()): string {
  const ms = new Date(dueAt).getTime() - now;
  if (!Number.isFinite(ms)) return '';
  if (ms <= 0) return '已截止';
  const hours = ms / 3_600_000;
  if (hours < 1) return `还剩 ${Math.max(1, Math.round(ms / 60_000))} 分钟`;
  if (hours < 48) return `还剩 ${Math.round(hours)} 小时`;
  return `还剩 ${Math.floor(hours / 24)} 天`;
}

/** A score like `8` or `7.5` (at most one decimal), `—` when none. */
export function formatScore(score: number | null | undefined): string {
  if (score == null || !Number.isFinite(score)) return '—';
  return String(Math.round(score * 10) / 10);
}

/** The QR / link target that lets a phone join a class: the H5 join page with the code. */
export function joinLink(code: string, base = `${window.location.origin}${window.location.pathname}`): string {
  return `${base}#/mobileH5/joinClass?code=${encodeURIComponent(code)}`;
}

/** How one answer's grade reads to the student: `正确 5 分`, `错误 0 分`, `待老师批改`, or null (nothing yet). */
export function gradeText(
  grade: { correct: boolean | null; score: number | null; gradedBy: 'auto' | 'teacher' | null } | undefined,
  submitted: boolean,
): { text: string; tone: 'right' | 'wrong' | 'pending' } | null {
  if (!grade || (grade.correct === null && grade.gradedBy === null)) {
    return submitted ? { text: '待老师批改', tone: 'pending' } : null;
  }
  const score = grade.score == null ? '' : ` · ${formatScore(grade.score)} 分`;
  if (grade.correct === true) return { text: `回答正确${score}`, tone: 'right' };
  if (grade.correct === false) return { text: `回答错误${score}`, tone: 'wrong' };
  return { text: `已批改${score}`, tone: 'pending' };
}

/** The right answer of an item as text: `A、C` for choices, blanks numbered, else as given. */
export function answerKeyText(answer: string | string[] | null): string | null {
  if (answer == null) return null;
  if (typeof answer === 'string') return answer;
  if (answer.every((a) => /^[A-Z]$/.test(a.trim()))) return answer.map((a) => a.trim()).join('、');
  return answer.length === 1 ? answer[0]! : answer.map((a, i) => `(${i + 1}) ${a}`).join('  ');
}
