/**
 * The operator console's content sections (docs/console-content.md): catalogue import jobs with
 * progress events, the textbook list and editor, banner images and activity figures. Resource
 * review and the banner and activity definitions reuse their features' schemas.
 */
import { z } from 'zod';
import { paginationQuery } from '../envelope';
import { TEXTBOOK_ACCESS } from '../vocabulary';
import { idQueryField, plainText } from './common';
import { activityStatus } from './prize';
import { QUESTION_BANK_IMPORT_KINDS } from './question-bank';
import { importReport } from './textbooks';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Sort keys of the console's textbook list. */
export const ADMIN_TEXTBOOK_SORTS = ['id', 'title', 'updatedAt'] as const;

/** Query of `GET /api/v1/admin/catalogue/textbooks`: paging, a title/externalId filter, dictionary filters, sort. */
export const adminTextbookListQuery = paginationQuery.extend({
  q: z.preprocess(emptyToUndefined, plainText(64, '搜索词不能超过 64 个字').optional()),
  stageId: idQueryField('学段编号无效'),
  subjectId: idQueryField('学科编号无效'),
  access: z.preprocess(emptyToUndefined, z.enum(TEXTBOOK_ACCESS, { error: '阅读权限无效' }).optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(ADMIN_TEXTBOOK_SORTS, { error: '排序字段无效' }).default('id')),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc'], { error: '排序方向无效' }).default('asc')),
});
/** What a client sends (every field optional; the server fills the defaults). */
export type AdminTextbookListQuery = Partial<z.output<typeof adminTextbookListQuery>>;

/** One row of the console's textbook list (dictionary entries by name). */
export const adminTextbookRow = z.object({
  id: z.number().int(),
  externalId: z.string(),
  title: z.string(),
  stage: z.string(),
  subject: z.string(),
  edition: z.string(),
  grade: z.string().nullable(),
  volume: z.string().nullable(),
  publisher: z.string().nullable(),
  access: z.enum(TEXTBOOK_ACCESS),
  description: z.string().nullable(),
  coverUrl: z.string(),
  updatedAt: z.string(),
});
export type AdminTextbookRow = z.infer<typeof adminTextbookRow>;

/** `PUT /api/v1/admin/catalogue/textbooks/{id}`: the fields to change (at least one). */
export const adminTextbookUpdateBody = z
  .object({
    title: plainText(200, '标题不能超过 200 个字').min(1, '请输入标题'),
    access: z.enum(TEXTBOOK_ACCESS, { error: '阅读权限无效' }),
    description: plainText(2000, '简介不能超过 2000 个字').nullable(),
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), '请至少修改一项');
export type AdminTextbookUpdateBody = z.input<typeof adminTextbookUpdateBody>;

/** States of an import job. */
export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;

/**
 * What an import job imports: the textbook catalogue (`POST /api/v1/admin/catalogue/imports`) or one of
 * the question bank's four files (`POST /api/v1/admin/question-bank/imports?kind=…`).
 */
export const IMPORT_JOB_KINDS = ['catalogue', ...QUESTION_BANK_IMPORT_KINDS] as const;
export type ImportJobKind = (typeof IMPORT_JOB_KINDS)[number];

/**
 * An import job (`POST /api/v1/admin/catalogue/imports` or `…/question-bank/imports`, `GET
 * …/imports/{id}`). The events stream (`GET …/imports/{id}/events`, `text/event-stream`) sends this
 * object as the data of `progress` events and of one closing `done` or `failed` event. The job's
 * state is shared by every server instance (docs/console-content.md, Catalogue import).
 */
export const importJob = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_JOB_KINDS),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** `parsing` (checking the lines), `writing` (storing the books), `finished`. */
  phase: z.enum(['parsing', 'writing', 'finished']),
  /** Records (books, questions, …) written so far and to write (valid lines). */
  done: z.number().int(),
  total: z.number().int(),
  /** 0–100. */
  percent: z.number().int(),
  fileName: z.string().nullable(),
  startedAt: z.string(),
  /**
   * The run, from 1: a job whose server stopped mid-way is run again from the start on another
   * server (the console shows 重试中 while `attempt` > 1 and the job runs).
   */
  attempt: z.number().int(),
  report: importReport.nullable(),
  /** The Chinese reason of a failed job. */
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

/** A stored operator image (banner picture or textbook cover): where it is served and its size in px. */
export const consoleImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type ConsoleImage = z.infer<typeof consoleImage>;

/** Live figures of a prize activity (`GET /api/v1/admin/prize/activities/{code}/stats`). */
export const activityStats = z.object({
  participants: z.number().int(),
  /** Points earned by all participants (ledger credits). */
  points: z.number().int(),
  draws: z.number().int(),
  /** Real prizes left in stock (every group but the fallback participation award). */
  prizesLeft: z.number().int(),
  /** Fallback (participation) awards left: handed out once the real prizes run out, never counted as prizes. */
  participationLeft: z.number().int(),
  status: activityStatus,
});
export type ActivityStats = z.infer<typeof activityStats>;
