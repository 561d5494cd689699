/**
 * Digital textbooks: catalogue, facets, detail, activation, my textbooks, reader,
 * reading progress, network-learning videos, catalogue import (docs/api.md, Textbook catalogue import).
 * Request schemas coerce query strings, so the server validates with them and the web client
 * can build typed requests from the same definitions.
 */
import { z } from 'zod';
import { ADMIN_CODES_MAX, TEXTBOOK_ACCESS } from '../vocabulary';
import { LIMITS } from '../limits';
import { paginationQuery } from '../envelope';
import { flagQuery, idQuery, INT4_MAX, jsonInt, plainText } from './common';
import { dictEntry } from './dictionary';

export const textbookAccess = z.enum(TEXTBOOK_ACCESS);

const id = idQuery;

/** Filters shared by the list and the facets: dictionary ids and a title keyword. */
export const textbookFilters = z.object({
  stageId: id,
  subjectId: id,
  gradeId: id,
  editionId: id,
  volumeId: id,
  publisherId: id,
  /** Chinese substring(s) of the title; several words separated by spaces must all occur. */
  keyword: plainText(LIMITS.keyword.max, `关键词不能超过 ${LIMITS.keyword.max} 个字`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** `true`: only books that can be read online (可在线阅读: the server has their electronic edition). */
  readable: flagQuery('可在线阅读筛选应为 true 或 false'),
});
export type TextbookFilters = z.infer<typeof textbookFilters>;

/** `GET /api/v1/textbooks` query. */
export const textbookListQuery = textbookFilters.extend(paginationQuery.shape);
export type TextbookListQuery = z.infer<typeof textbookListQuery>;

/** A catalogue card: names of every dimension, the cover to show and who may read it. */
export const textbookListItem = z.object({
  id: z.number().int(),
  externalId: z.string(),
  title: z.string(),
  stage: dictEntry,
  subject: dictEntry,
  edition: dictEntry,
  grade: dictEntry.nullable(),
  volume: dictEntry.nullable(),
  publisher: dictEntry.nullable(),
  /** Imported http(s) cover, a stored cover under /covers, or the generated `/covers/{id}.webp` (`.svg` without a CJK font). */
  coverUrl: z.string(),
  access: textbookAccess,
  /**
   * Whether the book can be read online: the server has its electronic edition (a stored file, or a
   * remote one it may fetch). The one readability flag: badges, read buttons and the 可在线阅读
   * filter follow it.
   */
  hasFile: z.boolean(),
  pageCount: z.number().int().nullable(),
});
export type TextbookListItem = z.infer<typeof textbookListItem>;

/** One value of a facet dimension and how many books it would show. */
export const facetValue = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValue>;

/**
 * `GET /api/v1/textbooks/facets`: for each dimension, the values that still have books when every
 * OTHER filter is applied (so picking any listed value never yields an empty page); `total` is the
 * count with all filters applied.
 */
export const textbookFacets = z.object({
  total: z.number().int(),
  stage: z.array(facetValue),
  subject: z.array(facetValue),
  edition: z.array(facetValue),
  grade: z.array(facetValue),
  volume: z.array(facetValue),
  publisher: z.array(facetValue),
  /** Books that can be read online (可在线阅读) with every other filter applied. */
  readable: z.number().int(),
});
export type TextbookFacets = z.infer<typeof textbookFacets>;

/** A node of the chapter tree; `page` is the 1-based page of the book file. */
export interface ChapterNode {
  id: number;
  title: string;
  page: number | null;
  children: ChapterNode[];
}
export const chapterNode: z.ZodType<ChapterNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    page: z.number().int().nullable(),
    children: z.array(chapterNode),
  }),
);

/** Where the user stopped reading. */
export const readingProgress = z.object({
  page: z.number().int(),
  /** The server's page count of the book; null while the catalogue has none. */
  totalPages: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type ReadingProgress = z.infer<typeof readingProgress>;

/** A network-learning video (or audio lesson). */
export const video = z.object({
  id: z.number().int(),
  textbookId: z.number().int(),
  textbookTitle: z.string(),
  chapterId: z.number().int().nullable(),
  chapterTitle: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  kind: z.enum(['video', 'audio']),
  durationSec: z.number().int().nullable(),
  posterUrl: z.string().nullable(),
  access: textbookAccess,
  /** Whether an HLS rendition exists (play with hls.js) besides the MP4. */
  hasHls: z.boolean(),
});
export type Video = z.infer<typeof video>;

/** A lesson as the current user sees it in lists and details: whether they may watch it now. */
export const watchableVideo = video.extend({
  /** The current user (or visitor) may play it now; false: log in (`access` login) or activate the book. */
  canWatch: z.boolean(),
});
export type WatchableVideo = z.infer<typeof watchableVideo>;

/** `GET /api/v1/textbooks/{id}`. */
export const textbookDetail = textbookListItem.extend({
  description: z.string().nullable(),
  /** Size of the electronic edition in bytes; null when the book has none (`hasFile` false) or it is unknown. */
  fileSize: z.number().int().nullable(),
  chapters: z.array(chapterNode),
  /** The current user activated (or was given) the book. */
  owned: z.boolean(),
  /** The current user may open the reader now. */
  canRead: z.boolean(),
  /** When `canRead` is false: what to do (登录 / 激活 / 暂无电子版), in Chinese. */
  accessHint: z.string().nullable(),
  progress: readingProgress.nullable(),
  related: z.array(textbookListItem),
  videos: z.array(watchableVideo),
});
export type TextbookDetail = z.infer<typeof textbookDetail>;

/** `GET /api/v1/textbooks/{id}/read`: a short-lived signed URL of the PDF (HTTP Range capable). */
export const textbookReadGrant = z.object({
  url: z.string(),
  /** ISO time after which the URL stops working (request a new one). */
  expiresAt: z.string(),
  pageCount: z.number().int().nullable(),
  progress: readingProgress.nullable(),
});
export type TextbookReadGrant = z.infer<typeof textbookReadGrant>;

/**
 * `PUT /api/v1/textbooks/{id}/progress`: the current page (any page; the server clamps it to the
 * book's page count). The page count is always the server's.
 */
export const progressBody = z.object({
  page: z.number().int().min(1, '页码必须是正整数').max(100000),
  /** Accepted from older clients and ignored: the server never trusts a client's page count. */
  totalPages: z.number().int().min(1).max(100000).optional(),
});
export type ProgressBody = z.infer<typeof progressBody>;

/** `POST /api/v1/textbooks/activation`. Spaces and hyphens in the code are ignored. */
export const activationBody = z.object({
  code: plainText(40, '激活码格式不正确').min(1, '请输入激活码'),
  /**
   * The book whose dialog the code was typed into. A code of another book is then answered
   * 409 ACTIVATION.OTHER_BOOK (data: that book's card) without being redeemed; the client asks
   * and repeats the call with that book's id. Omitted: the code activates whichever book it is for.
   */
  textbookId: jsonInt(1, INT4_MAX, '教材 id 必须是正整数').optional(),
});
export type ActivationBody = z.infer<typeof activationBody>;

export const activationResult = z.object({
  textbook: textbookListItem,
  activatedAt: z.string(),
  /** True when the user already owned the book: the code was left unused. */
  alreadyOwned: z.boolean(),
  /** True when this user had redeemed this very code before (typed again, or a retry): nothing changed. */
  alreadyRedeemed: z.boolean(),
});
export type ActivationResult = z.infer<typeof activationResult>;

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/**
 * `POST /api/v1/admin/textbooks/{id}/codes` (administrators): `id` is the numeric id or the
 * externalId. `expiresAt` is the last valid day (codes expire at the end of it, Beijing time).
 */
export const adminCodesBody = z.object({
  count: z
    .number({ error: (iss) => (iss.input === undefined ? '请填写数量' : '数量必须是整数') })
    .int('数量必须是整数')
    .min(1, `数量必须在 1 到 ${ADMIN_CODES_MAX} 之间`)
    .max(ADMIN_CODES_MAX, `数量必须在 1 到 ${ADMIN_CODES_MAX} 之间`),
  expiresAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '有效期格式应为 YYYY-MM-DD')
    .refine(isCalendarDate, '有效期不是有效日期')
    .optional(),
  batch: plainText(64, '批次名不能超过 64 个字')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AdminCodesBody = z.infer<typeof adminCodesBody>;

/** The created codes in plain text (16 characters, ungrouped): shown only in this answer, stored hashed. */
export const adminCodesResult = z.object({
  textbookId: z.number().int(),
  codes: z.array(z.string()),
  /** ISO instant the codes stop working (end of the given day, Beijing time), or null. */
  expiresAt: z.string().nullable(),
});
export type AdminCodesResult = z.infer<typeof adminCodesResult>;

/** An entry of `GET /api/v1/users/{userId}/textbooks`. */
export const myTextbook = z.object({
  textbook: textbookListItem,
  /** code | free */
  source: z.string(),
  activatedAt: z.string(),
  progress: readingProgress.nullable(),
});
export type MyTextbook = z.infer<typeof myTextbook>;

/** `GET /api/v1/videos` query (the /videoResource page). */
export const videoListQuery = paginationQuery.extend({
  textbookId: id,
  chapterId: id,
  stageId: id,
  subjectId: id,
  keyword: textbookFilters.shape.keyword,
});
export type VideoListQuery = z.infer<typeof videoListQuery>;

/** `GET /api/v1/videos/{id}/play`: signed stream URLs. */
export const videoPlayGrant = z.object({
  video,
  mp4Url: z.string(),
  hlsUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type VideoPlayGrant = z.infer<typeof videoPlayGrant>;

/** One line of the import file that was not imported, or imported with a remark. */
export const importIssue = z.object({ line: z.number().int(), externalId: z.string().nullable(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssue>;

/**
 * Catalogue books that look alike (textbook import): same 学段, 学科, 年级, 册次, 版本 and title, told
 * apart only by their externalId. `merged`: the file's lines were identical in every field, so they
 * were imported as one book (the first externalId; the others were not stored).
 */
export const importDuplicate = z.object({
  title: z.string(),
  /** The books' externalIds (already stored ones and this file's), first one first. */
  externalIds: z.array(z.string()),
  /** This file's lines in the group (1-based). */
  lines: z.array(z.number().int()),
  merged: z.boolean(),
});
export type ImportDuplicate = z.infer<typeof importDuplicate>;

/** Result of an import (the `import:*` commands and the console's import jobs). */
export const importReport = z.object({
  /** Non-empty lines read. */
  lines: z.number().int(),
  created: z.number().int(),
  /** Existing books (same externalId) whose data changed. */
  updated: z.number().int(),
  /** Existing books the line left exactly as they were. */
  unchanged: z.number().int(),
  skipped: z.array(importIssue),
  /** Imported lines with a remark (for example a file path that could not be used). */
  warnings: z.array(importIssue),
  /** New dictionary entries per kind. */
  dictionaryCreated: z.record(z.string(), z.number().int()),
  /** Textbook import: likely duplicates among the catalogue's books this file touched. */
  duplicates: z.array(importDuplicate).optional(),
  /** Textbook import: lines without a 出版社 that took their 版本's one from the file (importer.ts). */
  publishersFilled: z.number().int().optional(),
  durationMs: z.number().int(),
});
export type ImportReport = z.infer<typeof importReport>;

/** User-facing messages of the textbooks feature (shown as-is). */
export const TextbookMessages = {
  codeInvalid: '激活码无效',
  codeUsed: '激活码已被使用',
  codeExpired: '激活码已过期',
  /** Followed by the other book's title in 《》 (ACTIVATION.OTHER_BOOK). */
  codeOtherBook: '该激活码不属于当前教材，它用于激活',
  activationLocked: '激活码错误次数过多，请 1 小时后再试',
  /** The answer's `msg` when the user already owned the book (`alreadyOwned: true`). */
  alreadyActivated: '您已激活过这本教材，本次激活码未被使用',
  /** The answer's `msg` when the user had redeemed this very code before (`alreadyRedeemed: true`). */
  codeAlreadyRedeemed: '该激活码已激活，教材已在“我的教材”中',
  notFound: '教材不存在或已下架',
  noFile: '本教材暂未提供电子版，敬请期待',
  needLogin: '本教材需要登录后阅读，请先登录',
  needActivation: '本教材需要激活后阅读，请在教材详情页输入激活码激活',
  needLoginAndActivation: '本教材需要激活后阅读，请先登录，再在教材详情页输入激活码激活',
  videoNeedLogin: '本课程需要登录后观看，请先登录',
  videoNeedActivation: '本课程需要激活对应教材后观看，请先激活教材',
  videoNotFound: '课程不存在或已下架',
  linkExpired: '链接已失效，请返回重新打开',
} as const;
