/**
 * 智慧出版 (docs/publishing.md): the press's digital publications shown from the catalogue, the
 * announcements (出版动态, Markdown), and each textbook's edition history (版次/印次) and errata (勘误).
 */
import { z } from 'zod';
import { INT4_MAX, idParam, plainText } from './common';
import { textbookListItem } from './textbooks';

/** Kinds of the showcase; which books fall under each is decided from the catalogue (docs/publishing.md). */
export const PUBLICATION_KINDS = ['digital', 'av', 'fusion'] as const;
export const publicationKind = z.enum(PUBLICATION_KINDS);
export type PublicationKind = z.infer<typeof publicationKind>;

/** Books of one kind shown at once on the showcase. */
export const SHOWCASE_ITEMS = 8;

/** One kind of the showcase: its name, the rule that selects its books, how many, and the first few. */
export const showcaseKind = z.object({
  kind: publicationKind,
  /** 数字教材 | 音像教材 | 融合出版物 */
  name: z.string(),
  /** The catalogue rule, in words (shown under the heading). */
  rule: z.string(),
  total: z.number().int(),
  items: z.array(textbookListItem),
});
export type ShowcaseKind = z.infer<typeof showcaseKind>;

/** `GET /api/v1/publishing/showcase`. */
export const publishingShowcase = z.object({ kinds: z.array(showcaseKind) });
export type PublishingShowcase = z.infer<typeof publishingShowcase>;

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const calendarDate = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine(isCalendarDate, `${label}不是有效日期`);

const positiveInt = (label: string, max = INT4_MAX) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `请填写${label}` : `${label}必须是整数`) })
    .int(`${label}必须是整数`)
    .min(1, `${label}必须在 1 到 ${max} 之间`)
    .max(max, `${label}必须在 1 到 ${max} 之间`);

// ---- announcements (出版动态) ----

/** Longest announcement body, characters of Markdown. */
export const ANNOUNCEMENT_BODY_MAX = 20_000;

/** An announcement in the list. `publishedAt` is an ISO time, null for a draft (operators only). */
export const announcementListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string().nullable(),
});
export type AnnouncementListItem = z.infer<typeof announcementListItem>;

/** `GET /api/v1/publishing/announcements/{id}`: the Markdown body (rendered with raw HTML off). */
export const announcementDetail = announcementListItem.extend({
  body: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

/** Operators' create and edit (`PUT` replaces every field); `published: false` unpublishes. */
export const announcementBody = z.object({
  title: plainText(80, '标题不能超过 80 个字').min(1, '请填写标题'),
  summary: plainText(200, '摘要不能超过 200 个字').default(''),
  body: plainText(ANNOUNCEMENT_BODY_MAX, `正文不能超过 ${ANNOUNCEMENT_BODY_MAX} 个字`).min(1, '请填写正文'),
  published: z.boolean({ error: 'published 必须是布尔值' }).default(true),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;

// ---- editions and errata ----

/** One printing of a textbook: 第 editionNo 版第 printingNo 次印刷 on `printedOn`. */
export const textbookPrinting = z.object({
  id: z.number().int(),
  editionNo: z.number().int(),
  printingNo: z.number().int(),
  /** `YYYY-MM-DD`. */
  printedOn: z.string(),
  note: z.string(),
  /** The newest printing (highest edition, then highest printing). */
  latest: z.boolean(),
});
export type TextbookPrinting = z.infer<typeof textbookPrinting>;

/** A 勘误 notice: on PDF page `page` (1-based), `original` should read `correction`. */
export const erratum = z.object({
  id: z.number().int(),
  textbookId: z.number().int(),
  page: z.number().int(),
  original: z.string(),
  correction: z.string(),
  /** `YYYY-MM-DD` the notice was published. */
  publishedOn: z.string(),
  note: z.string(),
});
export type Erratum = z.infer<typeof erratum>;

/** `GET /api/v1/publishing/textbooks/{id}`: printings newest first, errata by page. */
export const textbookPublishing = z.object({
  textbookId: z.number().int(),
  printings: z.array(textbookPrinting),
  errata: z.array(erratum),
});
export type TextbookPublishing = z.infer<typeof textbookPublishing>;

/** `GET /api/v1/publishing/textbooks/{id}/pages/{page}/errata`. */
export const pageErrata = z.object({ textbookId: z.number().int(), page: z.number().int(), items: z.array(erratum) });
export type PageErrata = z.infer<typeof pageErrata>;

export const bookPageParams = z.object({ id: idParam, page: idParam });

/** Operators' new or edited erratum. */
export const erratumBody = z.object({
  textbookId: positiveInt('教材 id'),
  page: positiveInt('页码', 10_000),
  original: plainText(500, '原文不能超过 500 个字').min(1, '请填写原文'),
  correction: plainText(500, '更正不能超过 500 个字').min(1, '请填写更正内容'),
  publishedOn: calendarDate('发布日期'),
  note: plainText(200, '说明不能超过 200 个字').default(''),
});
export type ErratumBody = z.infer<typeof erratumBody>;

/** Operators' new printing of a textbook. */
export const printingBody = z.object({
  textbookId: positiveInt('教材 id'),
  editionNo: positiveInt('版次', 99),
  printingNo: positiveInt('印次', 999),
  printedOn: calendarDate('印刷日期'),
  note: plainText(200, '说明不能超过 200 个字').default(''),
});
export type PrintingBody = z.infer<typeof printingBody>;

/** User-facing messages of the publishing feature (shown as-is). */
export const PublishingMessages = {
  announcementNotFound: '公告不存在或已撤下',
  erratumNotFound: '勘误不存在或已撤回',
  printingNotFound: '印次记录不存在',
  bookNotFound: '教材不存在或已下架',
  pageBeyondBook: '页码超出教材页数',
  printingExists: '该教材已有相同的版次和印次',
} as const;
