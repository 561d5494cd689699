/**
 * The reader's marks (书签, 划线, 笔记; docs/reader.md, Marks) on the client: the bodies the reader
 * sends, the cached list's optimistic updates, and the side panel's grouping. Pure, no DOM.
 */
import type { ReaderMark, ReaderMarkAnchor, ReaderMarkBody, ReaderMarkColor, ReaderMarksData } from '@eav/contract';
import { chapterTitleAt, type ReaderChapter } from './view';

/** The highlight colours in the order the swatches show them, with their short names. */
export const MARK_COLORS: readonly { color: ReaderMarkColor; label: string }[] = [
  { color: 'yellow', label: '黄' },
  { color: 'green', label: '绿' },
  { color: 'blue', label: '蓝' },
  { color: 'pink', label: '粉' },
];

/** The anchor as the server takes it (the page number lives on the mark, not in its anchor). */
export function anchorBody(anchor: ReaderMarkAnchor): ReaderMarkAnchor {
  const { quote, prefix, suffix, start, end } = anchor;
  return { quote, prefix, suffix, start, end };
}

/** A bookmark of `page`, edited `now`. */
export function bookmarkBody(page: number, now = new Date()): ReaderMarkBody {
  return { kind: 'bookmark', page, color: null, anchor: null, note: null, clientUpdatedAt: now.toISOString() };
}

/** A highlight of a passage of `page` in `color`, with an optional note, edited `now`. */
export function highlightBody(
  page: number,
  anchor: ReaderMarkAnchor,
  color: ReaderMarkColor,
  note: string | null = null,
  now = new Date(),
): ReaderMarkBody {
  return { kind: 'highlight', page, color, anchor: anchorBody(anchor), note, clientUpdatedAt: now.toISOString() };
}

/** A note on `page`, on a passage when `anchor` is given, edited `now`. */
export function noteBody(
  page: number,
  anchor: ReaderMarkAnchor | null,
  note: string,
  now = new Date(),
): ReaderMarkBody {
  return {
    kind: 'note',
    page,
    color: null,
    anchor: anchor && anchorBody(anchor),
    note,
    clientUpdatedAt: now.toISOString(),
  };
}

/** The body of an existing mark with some of its fields changed, edited `now`. */
export function editedBody(
  mark: ReaderMark,
  change: { color?: ReaderMarkColor; note?: string | null },
  now = new Date(),
): ReaderMarkBody {
  return {
    kind: mark.kind,
    page: mark.page,
    color: change.color ?? mark.color,
    anchor: mark.anchor && anchorBody(mark.anchor),
    note: change.note === undefined ? mark.note : change.note || null,
    clientUpdatedAt: now.toISOString(),
  };
}

/** The mark the cache shows while its PUT is on its way (`before`: the cached mark it replaces). */
export function optimisticMark(bookId: number, id: string, body: ReaderMarkBody, before?: ReaderMark): ReaderMark {
  const now = body.clientUpdatedAt;
  return {
    id,
    textbookId: bookId,
    kind: body.kind,
    page: body.page,
    color: body.color ?? null,
    anchor: body.anchor ? anchorBody({ prefix: '', suffix: '', ...body.anchor }) : null,
    note: body.note ?? null,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
    clientUpdatedAt: now,
    deletedAt: null,
  };
}

/** The list with `mark` added or replacing the mark of its id. */
export function upsertMark(data: ReaderMarksData, mark: ReaderMark): ReaderMarksData {
  const at = data.items.findIndex((m) => m.id === mark.id);
  const items = at < 0 ? [...data.items, mark] : data.items.map((m, i) => (i === at ? mark : m));
  return { ...data, items };
}

/** The list without the mark `id`. */
export function removeMark(data: ReaderMarksData, id: string): ReaderMarksData {
  return { ...data, items: data.items.filter((m) => m.id !== id) };
}

/** The bookmark of `page`, if the list has one. */
export function bookmarkOf(marks: readonly ReaderMark[] | undefined, page: number | null): ReaderMark | undefined {
  return page === null ? undefined : marks?.find((m) => m.kind === 'bookmark' && m.page === page);
}

/** Page order; on a page the bookmark first, then passages by where they start, then page notes, oldest first. */
export function compareMarks(a: ReaderMark, b: ReaderMark): number {
  if (a.page !== b.page) return a.page - b.page;
  const rank = (m: ReaderMark) => (m.kind === 'bookmark' ? 0 : m.anchor ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a.anchor && b.anchor && a.anchor.start !== b.anchor.start) return a.anchor.start - b.anchor.start;
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/** A heading of the marks panel and the marks under it. */
export interface MarkGroup {
  /** Stable key: the chapter's title and first page, or the page. */
  key: string;
  /** 第 N 页, or the chapter's title. */
  title: string;
  marks: ReaderMark[];
}

/**
 * The marks in page order under headings: one per page (第 N 页), or, when the book has a chapter
 * tree, one per run of pages in the same chapter (its innermost title; pages before the first
 * chapter under 第 N 页).
 */
export function groupMarks(marks: readonly ReaderMark[], chapters?: readonly ReaderChapter[]): MarkGroup[] {
  const groups: MarkGroup[] = [];
  for (const mark of [...marks].sort(compareMarks)) {
    const chapter = chapters?.length ? chapterTitleAt(chapters, mark.page) : undefined;
    const title = chapter ?? `第 ${mark.page} 页`;
    const last = groups.at(-1);
    if (last && last.title === title) last.marks.push(mark);
    else groups.push({ key: `${title}@${mark.page}`, title, marks: [mark] });
  }
  return groups;
}

/** What the panel calls a mark: 书签, 划线 (with its colour's name) or 笔记. */
export function markLabel(mark: Pick<ReaderMark, 'kind' | 'color'>): string {
  if (mark.kind === 'bookmark') return '书签';
  if (mark.kind === 'note') return '笔记';
  const color = MARK_COLORS.find((c) => c.color === mark.color);
  return color ? `${color.label}色划线` : '划线';
}

/** A new mark id (the client's UUID, docs/reader.md: a mark sent twice is stored once). */
export function newMarkId(): string {
  // `randomUUID` exists only in secure contexts; a school's intranet may serve the portal over plain
  // http, where `getRandomValues` still does: the same version-4 UUID from 16 random bytes.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
