/**
 * Schemas of the console's 研修课程 and 出版管理 sections (docs/training.md and docs/publishing.md,
 * Console): the course list with its counts, a saved course's definition, certificate look-up and
 * publication, and the errata, printings and announcements tables. Every list has an export twin
 * (`exportQuery` of schemas/console.ts) with the same filters.
 */
import { z } from 'zod';
import { paginationQuery } from '../envelope';
import { idQueryField, plainText } from './common';
import { announcementListItem, erratum } from './publishing';
import { CERTIFICATE_STATUSES, trainingDocument } from './training';

const optionalText = (max: number) =>
  plainText(max)
    .optional()
    .transform((v) => (v ? v : undefined));

// ---- 研修课程 ----

/** States of a course in the console: 已发布 (listed publicly) or 未发布 (hidden, still enrolled teachers keep it). */
export const TRAINING_COURSE_STATES = ['published', 'draft'] as const;
export type TrainingCourseState = (typeof TRAINING_COURSE_STATES)[number];

/** `GET /api/v1/admin/training/courses?q&status&page&pageSize`: `q` matches title, code or lecturer. */
export const adminTrainingCoursesQuery = paginationQuery.extend({
  q: optionalText(80),
  status: z.enum(TRAINING_COURSE_STATES, { message: '状态只能是 published 或 draft' }).optional(),
});
export type AdminTrainingCoursesQuery = Partial<z.infer<typeof adminTrainingCoursesQuery>>;

/** A row of the console's course table. */
export const adminTrainingCourseRow = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  stage: z.string(),
  subject: z.string(),
  lecturer: z.string(),
  creditHours: z.number(),
  moduleCount: z.number().int(),
  lessonCount: z.number().int(),
  quizCount: z.number().int(),
  enrolledCount: z.number().int(),
  /** Teachers who completed the course (every lesson watched and the quiz passed). */
  passedCount: z.number().int(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type AdminTrainingCourseRow = z.infer<typeof adminTrainingCourseRow>;

/**
 * `GET /api/v1/admin/training/courses/{id}`: the definition as saved (the body `POST …/courses`
 * takes back), with the enrolment count that locks lessons, quiz, hours and pass mark.
 */
export const adminTrainingCourseDetail = z.object({
  id: z.number().int(),
  enrolledCount: z.number().int(),
  definition: z.object({
    code: z.string(),
    title: z.string(),
    summary: z.string().optional(),
    lecturer: z.string(),
    coverUrl: z.string().optional(),
    stage: z.string(),
    subject: z.string(),
    creditHours: z.number(),
    passMark: z.number().int(),
    published: z.boolean(),
    documents: z.array(trainingDocument),
    modules: z.array(
      z.object({
        title: z.string(),
        lessons: z.array(z.object({ title: z.string(), videoId: z.number().int() })),
      }),
    ),
    quizQuestionIds: z.array(z.number().int()),
  }),
});
export type AdminTrainingCourseDetail = z.infer<typeof adminTrainingCourseDetail>;

/** `PUT /api/v1/admin/training/courses/{id}/published`. */
export const adminTrainingPublishBody = z.object({
  published: z.boolean({ error: '请指定发布（true）或下架（false）' }),
});
export type AdminTrainingPublishBody = z.infer<typeof adminTrainingPublishBody>;

/** `GET /api/v1/admin/training/certificates/{code}`: the certificate as operators see it (full name). */
export const adminTrainingCertificate = z.object({
  code: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  holderName: z.string().nullable(),
  userId: z.number().int().nullable(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  creditHours: z.number(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type AdminTrainingCertificate = z.infer<typeof adminTrainingCertificate>;

// ---- 出版管理 ----

/** `GET /api/v1/admin/publishing/errata?textbookId&q&page&pageSize`: `q` matches original or correction. */
export const adminErrataQuery = paginationQuery.extend({
  textbookId: idQueryField('教材 id 必须是正整数'),
  q: optionalText(80),
});
export type AdminErrataQuery = Partial<z.infer<typeof adminErrataQuery>>;

/** A row of the errata table: the notice with its book. Live notices are published; withdrawing deletes. */
export const adminErratumRow = erratum.extend({
  textbookTitle: z.string(),
  updatedAt: z.string(),
});
export type AdminErratumRow = z.infer<typeof adminErratumRow>;

/** `GET /api/v1/admin/publishing/printings?textbookId&page&pageSize`. */
export const adminPrintingsQuery = paginationQuery.extend({
  textbookId: idQueryField('教材 id 必须是正整数'),
});
export type AdminPrintingsQuery = Partial<z.infer<typeof adminPrintingsQuery>>;

export const adminPrintingRow = z.object({
  id: z.number().int(),
  textbookId: z.number().int(),
  textbookTitle: z.string(),
  editionNo: z.number().int(),
  printingNo: z.number().int(),
  printedOn: z.string(),
  note: z.string(),
});
export type AdminPrintingRow = z.infer<typeof adminPrintingRow>;

/** Announcement states of the console list: 已发布 or 草稿/已撤下 (no publication time). */
export const ANNOUNCEMENT_STATES = ['published', 'draft'] as const;

/** `GET /api/v1/admin/publishing/announcements?status&q&page&pageSize`. */
export const adminAnnouncementsQuery = paginationQuery.extend({
  status: z.enum(ANNOUNCEMENT_STATES, { message: '状态只能是 published 或 draft' }).optional(),
  q: optionalText(80),
});
export type AdminAnnouncementsQuery = Partial<z.infer<typeof adminAnnouncementsQuery>>;

export const adminAnnouncementRow = announcementListItem.extend({ updatedAt: z.string() });
export type AdminAnnouncementRow = z.infer<typeof adminAnnouncementRow>;

/** `GET /api/v1/admin/publishing/textbooks?q=`: books to pick (at most 20; `q` title or externalId). */
export const adminPublishingTextbooksQuery = z.object({
  q: optionalText(80),
  id: idQueryField('教材 id 必须是正整数'),
});
export const adminPublishingTextbook = z.object({
  id: z.number().int(),
  title: z.string(),
  externalId: z.string(),
  pageCount: z.number().int().nullable(),
});
export type AdminPublishingTextbook = z.infer<typeof adminPublishingTextbook>;
