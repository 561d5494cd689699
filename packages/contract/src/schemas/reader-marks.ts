/**
 * Reader marks (书签, 划线, 笔记; docs/reader.md, Marks): the reader's marks of a book with their sync,
 * and 我的笔记 across books with its Markdown and DOCX export. A mark's id is made by the client (a
 * UUID), so a mark made offline is stored once however often it is sent; edits are last-writer-wins on
 * the client's edit time, and a delete leaves a tombstone for the other devices to learn of.
 */
import { z } from 'zod';
import { paginationQuery } from '../envelope';
import { Messages } from '../errors';
import { LIMITS } from '../limits';
import { READER_MARK_COLORS, READER_MARK_KINDS } from '../vocabulary';
import { CONTROL_CHARS_MESSAGE, idParam, idQueryField, isPlainText, jsonInt, plainText } from './common';

const R = LIMITS.readerMarks;
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** An ISO 8601 instant with an offset (`Z` or `+08:00`) that is a real date. */
function instant(message: string) {
  return z.iso.datetime({ offset: true, error: message }).refine((v) => Number.isFinite(Date.parse(v)), message);
}

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Page text as sent: not trimmed (offsets count every character), without control characters. A
 * context cut at 32 code units may split a character outside the Basic Multilingual Plane (𠮷): the
 * lone half becomes U+FFFD, which keeps every offset.
 */
function pageText(max: number, tooLong: string, required?: string) {
  const text = z.string({ error: '必须是文字' }).max(max, tooLong);
  return (required ? text.min(1, required) : text)
    .refine(isPlainText, CONTROL_CHARS_MESSAGE)
    .transform((v) => v.replace(LONE_SURROGATE, '\uFFFD'));
}

export const readerMarkKind = z.enum(READER_MARK_KINDS, { error: '类型必须是 bookmark、highlight 或 note' });
export const readerMarkColor = z.enum(READER_MARK_COLORS, { error: '颜色必须是 yellow、green、blue 或 pink' });

/**
 * Where a highlight or note sits in its page's text (the reader's normalised page text, UTF-16 code
 * units): the passage, up to 32 characters before and after it, and its half-open range [start, end).
 */
export const readerMarkAnchorBody = z
  .object({
    quote: pageText(R.quoteMax, Messages.readerQuoteTooLong, '请选择文字'),
    prefix: pageText(R.contextMax, `前文不能超过 ${R.contextMax} 个字`).default(''),
    suffix: pageText(R.contextMax, `后文不能超过 ${R.contextMax} 个字`).default(''),
    start: jsonInt(0, R.offsetMax, `起始位置必须是 0 到 ${R.offsetMax} 之间的整数`),
    end: jsonInt(1, R.offsetMax, `结束位置必须是 1 到 ${R.offsetMax} 之间的整数`),
  })
  .refine((a) => a.end > a.start, { message: '结束位置必须大于起始位置', path: ['end'] });

/** A stored anchor. */
export const readerMarkAnchor = z.object({
  quote: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  start: z.number().int(),
  end: z.number().int(),
});
export type ReaderMarkAnchor = z.infer<typeof readerMarkAnchor>;

/**
 * `PUT /api/v1/textbooks/{id}/marks/{markId}`: the whole mark as the client has it. A highlight needs
 * a colour and an anchor; a note needs its text; only a highlight has a colour. `clientUpdatedAt` is
 * when the client made this edit: the stored mark changes only for an edit newer than its own.
 */
export const readerMarkBody = z
  .object({
    kind: readerMarkKind,
    page: jsonInt(1, 100_000, '页码必须是 1 到 100000 之间的整数'),
    color: readerMarkColor.nullable().optional(),
    anchor: readerMarkAnchorBody.nullable().optional(),
    note: plainText(R.noteMax, Messages.readerNoteTooLong).nullable().optional(),
    clientUpdatedAt: instant('修改时间格式应为 ISO 8601，例如 2026-09-01T08:00:00+08:00'),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'highlight') {
      if (!b.color) ctx.addIssue({ code: 'custom', path: ['color'], message: '请选择划线颜色' });
      if (!b.anchor) ctx.addIssue({ code: 'custom', path: ['anchor'], message: '划线须包含所选文字' });
    } else if (b.color) {
      ctx.addIssue({ code: 'custom', path: ['color'], message: '只有划线可以设置颜色' });
    }
    if (b.kind === 'note' && !b.note) ctx.addIssue({ code: 'custom', path: ['note'], message: '请输入笔记内容' });
  });
export type ReaderMarkBody = z.input<typeof readerMarkBody>;

/** A mark as stored. A deleted mark is a tombstone: `deletedAt` set, its anchor and note removed. */
export const readerMark = z.object({
  /** The client's UUID (lower case). */
  id: z.string(),
  textbookId: z.number().int(),
  kind: readerMarkKind,
  page: z.number().int(),
  color: readerMarkColor.nullable(),
  anchor: readerMarkAnchor.nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The server's time of the last change (the `since` of the sync compares with it). */
  updatedAt: z.string(),
  /** The client's time of the edit the mark holds (last writer wins on it). */
  clientUpdatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type ReaderMark = z.infer<typeof readerMark>;

/** `{id, markId}` of the one-mark routes; the mark id is the client's UUID. */
export const readerMarkParams = z.object({
  id: idParam,
  markId: z.uuid({ error: '标注 id 必须是 UUID' }),
});

/** `GET /api/v1/textbooks/{id}/marks`: without `since` the live marks; with it every change after it, tombstones included. */
export const readerMarksQuery = z.object({
  since: z.preprocess(emptyAsUndefined, instant('since 格式应为 ISO 8601 时间').optional()),
});

/** The marks of a book, and the `since` to send next time (a little before this read, so no write is missed). */
export const readerMarksData = z.object({
  items: z.array(readerMark),
  syncedAt: z.string(),
});
export type ReaderMarksData = z.infer<typeof readerMarksData>;

/** Filters of 我的笔记 and its export: a keyword in the note or the quoted passage, a book, a kind. */
export const myReaderMarksFilters = z.object({
  keyword: plainText(LIMITS.keyword.max, `关键词不能超过 ${LIMITS.keyword.max} 个字`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  textbookId: idQueryField('教材 id 必须是正整数'),
  kind: z.preprocess(emptyAsUndefined, readerMarkKind.optional()),
});

/** `GET /api/v1/users/{userId}/marks`. */
export const myReaderMarksQuery = myReaderMarksFilters.extend(paginationQuery.shape);
export type MyReaderMarksQuery = z.input<typeof myReaderMarksQuery>;

/** An entry of 我的笔记: a live mark with its book's title. */
export const myReaderMark = readerMark.omit({ deletedAt: true }).extend({ textbookTitle: z.string() });
export type MyReaderMark = z.infer<typeof myReaderMark>;

export const READER_MARKS_EXPORT_FORMATS = ['md', 'docx'] as const;
export type ReaderMarksExportFormat = (typeof READER_MARKS_EXPORT_FORMATS)[number];

/** `GET /api/v1/users/{userId}/marks/export`. */
export const myReaderMarksExportQuery = myReaderMarksFilters.extend({
  format: z.enum(READER_MARKS_EXPORT_FORMATS, { error: '导出格式必须是 md 或 docx' }),
});
export type MyReaderMarksExportQuery = z.input<typeof myReaderMarksExportQuery>;
