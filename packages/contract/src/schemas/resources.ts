/**
 * Digital resources (docs/resources.md): search with facets, detail, short-lived signed file URLs,
 * statistics, favourites, my downloads and uploads, teacher uploads and operator review.
 * Request schemas coerce query strings, so the server validates with them and the web client
 * builds typed requests from the same definitions.
 */
import { z } from 'zod';
import { paginationQuery } from '../envelope';
import { LIMITS } from '../limits';
import { TEXTBOOK_ACCESS } from '../vocabulary';
import { idQuery, idQueryField, plainText } from './common';
import { dictEntry } from './dictionary';

// ---- vocabulary ----

/** Resource types (资源类型), in display order. */
export const RESOURCE_TYPES = [
  'courseware',
  'lesson_plan',
  'study_guide',
  'exercise',
  'paper',
  'micro_lesson',
  'audio',
  'material',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Chinese labels of the resource types. */
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  courseware: '课件',
  lesson_plan: '教案',
  study_guide: '学案',
  exercise: '同步练习',
  paper: '试卷',
  micro_lesson: '微课',
  audio: '音频',
  material: '素材',
};

/** File formats a resource may have (uploads are checked by content, not by name). */
export const RESOURCE_FORMATS = ['pdf', 'docx', 'pptx', 'xlsx', 'mp4', 'mp3', 'png', 'jpg'] as const;
export type ResourceFormat = (typeof RESOURCE_FORMATS)[number];

/** Chinese labels of the formats (filter chips). */
export const RESOURCE_FORMAT_LABELS: Record<ResourceFormat, string> = {
  pdf: 'PDF',
  docx: 'Word',
  pptx: 'PPT',
  xlsx: 'Excel',
  mp4: '视频',
  mp3: '音频',
  png: 'PNG 图片',
  jpg: 'JPG 图片',
};

/** MIME type of each format (what the file route answers with). */
export const RESOURCE_FORMAT_MIME: Record<ResourceFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/**
 * How the preview page shows a resource: the PDF reader, an <img>, an <audio>/<video> element,
 * DOCX rendered in the page, or `none` (offer the download, e.g. PPTX and XLSX).
 */
export const PREVIEW_KINDS = ['pdf', 'image', 'audio', 'video', 'docx', 'none'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** Preview kind of each format. */
export const RESOURCE_FORMAT_PREVIEW: Record<ResourceFormat, PreviewKind> = {
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'none',
  xlsx: 'none',
  mp4: 'video',
  mp3: 'audio',
  png: 'image',
  jpg: 'image',
};

/** Review state of a resource: uploads start `pending`; only `published` ones are listed. */
export const RESOURCE_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];
export const RESOURCE_STATUS_LABELS: Record<ResourceStatus, string> = {
  pending: '待审核',
  published: '已发布',
  rejected: '未通过',
};

/** Sort orders of the search: newest first, or most downloaded first. */
export const RESOURCE_SORTS = ['newest', 'downloads'] as const;
export type ResourceSort = (typeof RESOURCE_SORTS)[number];

/** Lengths of the upload form's fields. */
export const RESOURCE_LIMITS = {
  title: { max: 100 },
  description: { max: 500 },
  rejectReason: { max: 200 },
} as const;

export const resourceType = z.enum(RESOURCE_TYPES, { error: '资源类型不正确' });
export const resourceFormat = z.enum(RESOURCE_FORMATS, { error: '文件格式不正确' });
export const resourceAccess = z.enum(TEXTBOOK_ACCESS, { error: '访问权限不正确' });
export const resourceStatus = z.enum(RESOURCE_STATUSES, { error: '审核状态不正确' });

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

// ---- search ----

/**
 * Filters shared by the search and its facets. `chapterId` includes the chapter's descendants;
 * `keyword` finds Chinese substrings of titles (several words separated by spaces must all occur).
 */
export const resourceFilters = z.object({
  stageId: idQuery,
  subjectId: idQuery,
  gradeId: idQuery,
  editionId: idQuery,
  volumeId: idQuery,
  textbookId: idQueryField('教材 id 必须是正整数'),
  chapterId: idQueryField('章节 id 必须是正整数'),
  type: z.preprocess(emptyToUndefined, resourceType.optional()),
  format: z.preprocess(emptyToUndefined, resourceFormat.optional()),
  keyword: plainText(LIMITS.keyword.max, `关键词不能超过 ${LIMITS.keyword.max} 个字`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ResourceFilters = z.infer<typeof resourceFilters>;

/** `GET /api/v1/downloadResource/search/web` query. */
export const resourceSearchQuery = resourceFilters.extend({
  sort: z.preprocess(emptyToUndefined, z.enum(RESOURCE_SORTS, { error: '排序方式不正确' }).default('newest')),
  ...paginationQuery.shape,
});
export type ResourceSearchQuery = z.input<typeof resourceSearchQuery>;

const ref = z.object({ id: z.number().int(), title: z.string() });

/** A search card. */
export const resourceListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  type: resourceType,
  format: resourceFormat,
  mime: z.string(),
  /** Bytes; null for a generated file not rendered yet. */
  size: z.number().int().nullable(),
  previewable: z.enum(PREVIEW_KINDS),
  stage: dictEntry,
  subject: dictEntry,
  grade: dictEntry.nullable(),
  edition: dictEntry.nullable(),
  volume: dictEntry.nullable(),
  textbook: ref.nullable(),
  chapter: ref.nullable(),
  access: resourceAccess,
  /** Uploader's user name; null for resources the portal made itself. */
  uploader: z.string().nullable(),
  createdAt: z.string(),
  viewCount: z.number().int(),
  downloadCount: z.number().int(),
  favoriteCount: z.number().int(),
});
export type ResourceListItem = z.infer<typeof resourceListItem>;

/** One value of a string-valued facet (type, format). */
export const resourceFacetOption = z.object({ value: z.string(), name: z.string(), count: z.number().int() });
export type ResourceFacetOption = z.infer<typeof resourceFacetOption>;
const idFacet = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });

/**
 * `GET /api/v1/downloadResource/facets` (same query as the search): for each dimension, the values
 * that still have resources when every OTHER filter is applied; `total` has all filters applied.
 */
export const resourceFacets = z.object({
  total: z.number().int(),
  stage: z.array(idFacet),
  subject: z.array(idFacet),
  grade: z.array(idFacet),
  edition: z.array(idFacet),
  volume: z.array(idFacet),
  type: z.array(resourceFacetOption),
  format: z.array(resourceFacetOption),
});
export type ResourceFacets = z.infer<typeof resourceFacets>;

/** `GET /api/v1/downloadResource/{id}`: the card plus what the current user may do. */
export const resourceDetail = resourceListItem.extend({
  description: z.string().nullable(),
  status: resourceStatus,
  /** Shown to the uploader and operators only. */
  rejectReason: z.string().nullable(),
  /** The current user has it among favourites (false for visitors). */
  favorited: z.boolean(),
  /** The current user may open or download it now (a signed URL would be granted). */
  canAccess: z.boolean(),
  /** When `canAccess` is false: what to do (登录 / 激活教材), in Chinese. */
  accessHint: z.string().nullable(),
  need: z.enum(['login', 'activation']).nullable(),
});
export type ResourceDetail = z.infer<typeof resourceDetail>;

/** `GET /api/v1/downloadResource/{id}/url` query: `preview` opens inline, `download` as an attachment. */
export const resourceUrlQuery = z.object({
  purpose: z.preprocess(emptyToUndefined, z.enum(['download', 'preview'], { error: '用途不正确' }).default('download')),
});

/**
 * A short-lived signed URL of the file (outside /api, not EAV-signed, HTTP Range capable). Counted
 * once per user per day: a download for `download`, a view for `preview`.
 */
export const resourceUrlGrant = z.object({
  resourceId: z.number().int(),
  url: z.string(),
  /** ISO time after which the URL stops working (ask again). */
  expiresAt: z.string(),
  fileName: z.string(),
  mime: z.string(),
  format: resourceFormat,
  previewable: z.enum(PREVIEW_KINDS),
  size: z.number().int().nullable(),
});
export type ResourceUrlGrant = z.infer<typeof resourceUrlGrant>;

/** `GET /api/v1/downloadResource/{id}/statistic` and `GET /api/v1/resource/{id}/statistics`. */
export const resourceStatistics = z.object({
  resourceId: z.number().int(),
  views: z.number().int(),
  downloads: z.number().int(),
  favorites: z.number().int(),
});
export type ResourceStatistics = z.infer<typeof resourceStatistics>;

/** `GET /api/v1/downloadResource/chapters?textbookId=`: published resources per chapter of a book. */
export const resourceChapterCountsQuery = z.object({ textbookId: idQueryField('请选择教材') });
export const resourceChapterCount = z.object({
  chapterId: z.number().int(),
  /** Resources attached to the chapter itself. */
  own: z.number().int(),
  /** Resources of the chapter and all its descendants. */
  total: z.number().int(),
});
export type ResourceChapterCount = z.infer<typeof resourceChapterCount>;

/**
 * `GET /api/v1/downloadResource/nearest?chapterId=`: when a chapter has no resources, those of the
 * nearest chapter of the same book that has some (closest in the contents order; a parent or
 * sibling before farther chapters). `chapter` null: the book has no resources at all.
 */
export const resourceNearestQuery = z.object({
  chapterId: idQueryField('请选择章节'),
  type: z.preprocess(emptyToUndefined, resourceType.optional()),
});
export const resourceNearest = z.object({
  chapter: ref.nullable(),
  items: z.array(resourceListItem),
});
export type ResourceNearest = z.infer<typeof resourceNearest>;

// ---- my resources ----

/** An entry of `GET /api/v1/users/{userId}/resource-downloads` (latest download first). */
export const myResourceDownload = z.object({
  resource: resourceListItem,
  /** Last time the user downloaded it. */
  downloadedAt: z.string(),
});
export type MyResourceDownload = z.infer<typeof myResourceDownload>;

/** An entry of `GET /api/v1/users/{userId}/resource-favorites` (latest first). */
export const myResourceFavorite = z.object({ resource: resourceListItem, favoritedAt: z.string() });
export type MyResourceFavorite = z.infer<typeof myResourceFavorite>;

/** `PUT|DELETE /api/v1/users/{userId}/resource-favorites/{resourceId}` answer. */
export const favoriteResult = z.object({
  resourceId: z.number().int(),
  favorited: z.boolean(),
  favorites: z.number().int(),
});
export type FavoriteResult = z.infer<typeof favoriteResult>;

/** An entry of `GET /api/v1/users/{userId}/resource-uploads` and of the operators' review list. */
export const myResourceUpload = z.object({
  resource: resourceListItem,
  status: resourceStatus,
  rejectReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type MyResourceUpload = z.infer<typeof myResourceUpload>;

/** Query of `GET /api/v1/users/{userId}/resource-uploads` and `GET /api/v1/admin/resources`. */
export const resourceUploadListQuery = paginationQuery.extend({
  status: z.preprocess(emptyToUndefined, resourceStatus.optional()),
});

// ---- teacher upload and review ----

/**
 * Text fields of `POST /api/v1/downloadResource/upload` (multipart: these fields first, then the
 * field `file`). Role teacher. The stage, subject, grade, edition and volume come from the textbook.
 */
export const resourceUploadFields = z.object({
  title: plainText(RESOURCE_LIMITS.title.max, `标题不能超过 ${RESOURCE_LIMITS.title.max} 个字`).min(1, '请填写标题'),
  type: resourceType,
  textbookId: idQueryField('请选择教材').refine((v) => v !== undefined, '请选择教材'),
  chapterId: idQueryField('章节 id 必须是正整数'),
  description: plainText(RESOURCE_LIMITS.description.max, `简介不能超过 ${RESOURCE_LIMITS.description.max} 个字`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  access: z.preprocess(emptyToUndefined, resourceAccess.default('login')),
});
export type ResourceUploadFields = z.infer<typeof resourceUploadFields>;

/** `POST /api/v1/admin/resources/{id}/review` body (operators). */
export const resourceReviewBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('reject'),
      reason: plainText(RESOURCE_LIMITS.rejectReason.max, `原因不能超过 ${RESOURCE_LIMITS.rejectReason.max} 个字`).min(
        1,
        '请填写不通过的原因',
      ),
    }),
  ],
  { error: '请选择通过或不通过' },
);
export type ResourceReviewBody = z.infer<typeof resourceReviewBody>;

/** User-facing messages of the resources feature (shown as-is). */
export const ResourceMessages = {
  notFound: '资源不存在或已下架',
  needLogin: '请先登录后再下载或预览资源',
  needActivation: '该资源需要激活对应教材后使用，请先在教材详情页激活',
  linkExpired: '链接已失效，请返回重新打开',
  uploadTypes: '仅支持 PDF、Word、PPT、Excel、MP4、MP3、PNG、JPG 格式的文件',
  reviewedAlready: '该资源已审核，请刷新后查看',
  notDeletable: '已发布的资源不能删除，请联系运营人员',
} as const;
