/**
 * Smart teacher training (智慧研修, docs/training.md): courses of video lessons, documents and a
 * closing quiz of question-bank choice questions; enrolment, watching by heartbeats (the prize
 * activity's rule), quiz attempts, credit hours (学时), certificates (结业证书) with public
 * verification, and the per-school-year 研修档案.
 */
import { z } from 'zod';
import { paginationQuery } from '../envelope';
import { dictEntry } from './dictionary';
import { idField, idQueryField, jsonInt, plainText, safeLink } from './common';
import { questionOption } from './question-bank';

/** Training limits shared by form rules and server validation. */
export const TRAINING_LIMITS = {
  titleMax: 80,
  summaryMax: 1000,
  lecturerMax: 40,
  modulesMax: 20,
  lessonsMax: 50,
  documentsMax: 20,
  quizMax: 50,
  /** Most 学时 of one course. */
  hoursMax: 100,
  /** Lesson length watched (credited seconds / video length) that completes it. */
  watchedRatio: 0.9,
  /** Seconds between two heartbeats of a playing lesson. */
  heartbeatSeconds: 5,
} as const;

/** Clear Chinese answers of the training endpoints. */
export const TrainingMessages = {
  courseNotFound: '研修课程不存在',
  lessonNotFound: '课时不存在',
  teachersOnly: '仅教师身份的用户可以参加研修',
  notEnrolled: '请先报名该课程',
  videoMissing: '该课时的视频暂不可用',
  noQuiz: '该课程没有结业测验',
  unknownDictionary: '学段或学科不存在',
  unknownVideo: '引用的视频不存在',
  badQuestions: '结业测验只能使用题库中带选项的选择题或判断题',
  structureLocked: '已有教师报名，课程的课时、测验、学时和及格分不能再修改',
  certificateNotFound: '证书不存在',
  codeRequired: '请输入证书编号',
} as const;

export const trainingDocument = z.object({
  title: plainText(80).min(1, '请填写资料名称'),
  url: safeLink,
});
export type TrainingDocument = z.infer<typeof trainingDocument>;

const L = TRAINING_LIMITS;

/**
 * `POST /api/v1/admin/training/courses` (and the `training:import` CLI, one per JSON line): creates
 * the course of `code` or updates it. Stage and subject are dictionary names (学段 初中, 学科 数学).
 */
export const trainingCourseDefinition = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,40}$/, '课程编码为 2 到 40 位字母、数字、下划线或连字符'),
  title: plainText(L.titleMax).min(1, '请填写课程名称'),
  summary: plainText(L.summaryMax).optional(),
  lecturer: plainText(L.lecturerMax).min(1, '请填写主讲人'),
  coverUrl: safeLink.optional(),
  stage: plainText(20).min(1, '请填写学段'),
  subject: plainText(20).min(1, '请填写学科'),
  creditHours: z
    .number({ error: '学时必须是数字' })
    .min(0.5, '学时至少 0.5')
    .max(L.hoursMax, `学时不能超过 ${L.hoursMax}`)
    .refine((h) => Number.isInteger(h * 2), '学时以 0.5 为单位'),
  passMark: jsonInt(1, 100, '及格分为 1 到 100 之间的整数').default(60),
  published: z.boolean().default(true),
  documents: z.array(trainingDocument).max(L.documentsMax, `资料不能超过 ${L.documentsMax} 份`).default([]),
  modules: z
    .array(
      z.object({
        title: plainText(L.titleMax).min(1, '请填写模块名称'),
        lessons: z
          .array(
            z.object({
              title: plainText(L.titleMax).min(1, '请填写课时名称'),
              videoId: idField('请指定课时视频'),
            }),
          )
          .min(1, '每个模块至少一个课时')
          .max(L.lessonsMax, `每个模块不能超过 ${L.lessonsMax} 个课时`),
      }),
    )
    .min(1, '至少一个模块')
    .max(L.modulesMax, `模块不能超过 ${L.modulesMax} 个`),
  quizQuestionIds: z
    .array(idField('题目 id 不正确'))
    .min(1, '结业测验至少一道题')
    .max(L.quizMax, `结业测验不能超过 ${L.quizMax} 道题`)
    .refine((ids) => new Set(ids).size === ids.length, '结业测验的题目不能重复'),
});
export type TrainingCourseDefinition = z.input<typeof trainingCourseDefinition>;

export const trainingCourseQuery = paginationQuery.extend({
  stageId: idQueryField('学段 id 必须是正整数'),
  subjectId: idQueryField('学科 id 必须是正整数'),
});
export type TrainingCourseQuery = z.infer<typeof trainingCourseQuery>;

/** A course card of the list. */
export const trainingCourseCard = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  lecturer: z.string(),
  coverUrl: z.string().nullable(),
  stage: dictEntry,
  subject: dictEntry,
  creditHours: z.number(),
  lessonCount: z.number().int(),
  /** Total length of the lessons, seconds. */
  durationSec: z.number().int(),
  enrolledCount: z.number().int(),
});
export type TrainingCourseCard = z.infer<typeof trainingCourseCard>;

export const trainingLesson = z.object({
  id: z.number().int(),
  title: z.string(),
  durationSec: z.number().int(),
  posterUrl: z.string().nullable(),
  playable: z.boolean(),
});
export type TrainingLesson = z.infer<typeof trainingLesson>;

export const trainingModule = z.object({ id: z.number().int(), title: z.string(), lessons: z.array(trainingLesson) });

export const trainingCertificateRef = z.object({
  id: z.number().int(),
  code: z.string(),
  issuedAt: z.string(),
  revoked: z.boolean(),
});
export type TrainingCertificateRef = z.infer<typeof trainingCertificateRef>;

/** The caller's own state in a course (null for visitors and non-enrolled users). */
export const trainingMyCourse = z.object({
  enrolledAt: z.string(),
  /** Lesson id → credited seconds. */
  watched: z.record(z.string(), z.number().int()),
  completedLessonIds: z.array(z.number().int()),
  attempts: z.number().int(),
  bestScore: z.number().int().nullable(),
  quizPassed: z.boolean(),
  completedAt: z.string().nullable(),
  creditedHours: z.number().nullable(),
  certificate: trainingCertificateRef.nullable(),
});
export type TrainingMyCourse = z.infer<typeof trainingMyCourse>;

export const trainingCourseDetail = trainingCourseCard.extend({
  modules: z.array(trainingModule),
  documents: z.array(trainingDocument),
  passMark: z.number().int(),
  quizCount: z.number().int(),
  /** Whether the caller may enrol (a logged-in teacher). */
  canEnrol: z.boolean(),
  mine: trainingMyCourse.nullable(),
});
export type TrainingCourseDetail = z.infer<typeof trainingCourseDetail>;

/** `GET /api/v1/training/lessons/{id}/play`: short-lived signed media URLs of an enrolled teacher. */
export const trainingPlayGrant = z.object({
  lessonId: z.number().int(),
  title: z.string(),
  durationSec: z.number().int(),
  posterUrl: z.string().nullable(),
  mp4Url: z.string(),
  hlsUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type TrainingPlayGrant = z.infer<typeof trainingPlayGrant>;

export const trainingHeartbeatBody = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '播放会话标识不正确'),
});
export type TrainingHeartbeatBody = z.infer<typeof trainingHeartbeatBody>;

export const trainingHeartbeatResult = z.object({
  creditedSeconds: z.number().int(),
  watchedSeconds: z.number().int(),
  durationSec: z.number().int(),
  lessonCompleted: z.boolean(),
  /** False when another playing session is active: this one earns nothing. */
  active: z.boolean(),
  courseCompleted: z.boolean(),
});
export type TrainingHeartbeatResult = z.infer<typeof trainingHeartbeatResult>;

/**
 * A quiz question as a teacher sees it: `id` is its position in the quiz (1, 2, …), never the bank's
 * id, and the options are in an order of the teacher's own, keyed A, B, … (docs/training.md, Quiz).
 */
export const trainingQuizQuestion = z.object({
  id: z.number().int(),
  type: z.string(),
  stem: z.string(),
  passage: z.string().nullable(),
  options: z.array(questionOption),
  /** Whether several options may be chosen (多选题). */
  multiple: z.boolean(),
});
export type TrainingQuizQuestion = z.infer<typeof trainingQuizQuestion>;

export const trainingQuiz = z.object({
  passMark: z.number().int(),
  questions: z.array(trainingQuizQuestion),
});
export type TrainingQuiz = z.infer<typeof trainingQuiz>;

export const trainingQuizBody = z.object({
  /** Quiz question id (its position) → chosen option keys, as the teacher's quiz showed them. */
  answers: z.record(
    z.string().regex(/^\d{1,10}$/, '题目 id 不正确'),
    z.array(z.string().regex(/^[A-Za-z]$/, '选项不正确')).max(10, '选项不正确'),
  ),
});
export type TrainingQuizBody = z.infer<typeof trainingQuizBody>;

export const trainingQuizResult = z.object({
  score: z.number().int(),
  passed: z.boolean(),
  passMark: z.number().int(),
  attempts: z.number().int(),
  /** Quiz ids (positions) of the questions answered right. */
  correctIds: z.array(z.number().int()),
  courseCompleted: z.boolean(),
});
export type TrainingQuizResult = z.infer<typeof trainingQuizResult>;

/** One course of 我的研修. */
export const trainingMineItem = z.object({
  course: trainingCourseCard,
  enrolledAt: z.string(),
  watchedLessons: z.number().int(),
  quizPassed: z.boolean(),
  completedAt: z.string().nullable(),
  creditedHours: z.number().nullable(),
  certificate: trainingCertificateRef.nullable(),
});
export type TrainingMineItem = z.infer<typeof trainingMineItem>;

/** 研修档案: hours per school year (1 Sept – 31 Aug, Beijing time), newest first. */
export const trainingArchive = z.object({
  totalHours: z.number(),
  years: z.array(
    z.object({
      /** `2025-2026` */
      schoolYear: z.string(),
      hours: z.number(),
      courses: z.array(
        z.object({
          courseId: z.number().int(),
          title: z.string(),
          creditHours: z.number(),
          completedAt: z.string(),
          certificateCode: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type TrainingArchive = z.infer<typeof trainingArchive>;

export const trainingVerifyQuery = z.object({
  code: z.string().trim().min(1, TrainingMessages.codeRequired).max(40, '证书编号不正确'),
});

export const CERTIFICATE_STATUSES = ['valid', 'revoked', 'unknown'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** `GET /api/v1/training/certificates/verify?code=` (public). Details are null for an unknown code. */
export const trainingVerifyResult = z.object({
  status: z.enum(CERTIFICATE_STATUSES),
  code: z.string(),
  /** The holder's name masked (张*明); null when unknown or erased. */
  holderName: z.string().nullable(),
  courseTitle: z.string().nullable(),
  creditHours: z.number().nullable(),
  issuedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TrainingVerifyResult = z.infer<typeof trainingVerifyResult>;

export const trainingRevokeBody = z.object({
  reason: plainText(200).min(1, '请填写注销原因'),
});

export const trainingAdminCourse = z.object({ id: z.number().int(), code: z.string(), created: z.boolean() });
export type TrainingAdminCourse = z.infer<typeof trainingAdminCourse>;
