/**
 * Smart teaching (智慧教学): classes with join codes, assignments (reading, homework from the question
 * bank or a paper, a resource to study), online answering with auto-grading, teacher grading, reports,
 * the Excel export and the per-student wrong-question book (错题本) (docs/teaching.md, docs/api.md).
 * Question texts are Markdown with TeX between `$…$` / `$$…$$`: render them with KaTeX, never as raw HTML.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { paginationQuery } from '../envelope';
import { idField, idQueryField, INT4_MAX, jsonInt, plainText } from './common';
import { QUESTION_BANK_LIMITS, questionKnowledgePoint, questionOption } from './question-bank';

const T = LIMITS.teaching;

/** Alphabet of join codes: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, so a code read aloud or off a board is unambiguous. */
export const JOIN_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const JOIN_CODE_LENGTH = 6;

/** How a student enters a class: at once, or after the teacher approves. */
export const JOIN_MODES = ['auto', 'approve'] as const;
export type JoinMode = (typeof JOIN_MODES)[number];
export const JOIN_MODE_LABELS: Record<JoinMode, string> = { auto: '凭邀请码直接加入', approve: '需教师审核' };

export const CLASS_STATUSES = ['active', 'archived'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

export const MEMBER_STATUSES = ['pending', 'active'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = { pending: '待审核', active: '已加入' };

/** 阅读 (textbook pages), 作业 (questions), 学习资源 (a 同步资源 item). */
export const ASSIGNMENT_KINDS = ['reading', 'homework', 'resource'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];
export const ASSIGNMENT_KIND_LABELS: Record<AssignmentKind, string> = {
  reading: '阅读',
  homework: '作业',
  resource: '学习资源',
};

/** When a student sees answers and analyses: right after submitting, or only after the due time. */
export const ANSWER_VISIBILITIES = ['afterSubmit', 'afterDue'] as const;
export type AnswerVisibility = (typeof ANSWER_VISIBILITIES)[number];
export const ANSWER_VISIBILITY_LABELS: Record<AnswerVisibility, string> = {
  afterSubmit: '提交后公布答案',
  afterDue: '截止后公布答案',
};

/** Teacher-side state of an assignment, derived from `publishAt` and `dueAt`. */
export const ASSIGNMENT_STATES = ['scheduled', 'open', 'pastDue'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];
export const ASSIGNMENT_STATE_LABELS: Record<AssignmentState, string> = {
  scheduled: '待发布',
  open: '进行中',
  pastDue: '已截止',
};

/**
 * A student's work on an assignment: `notStarted` (nothing saved), `inProgress` (answers saved),
 * `submitted` (waiting for the teacher's grading of open answers), `returned` (返回订正: the student
 * may answer again and resubmit), `graded` (every answer has a score). Reading and resource
 * assignments go straight to `graded` when done (they carry no score).
 */
export const SUBMISSION_STATUSES = ['notStarted', 'inProgress', 'submitted', 'returned', 'graded'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  notStarted: '未开始',
  inProgress: '作答中',
  submitted: '已提交',
  returned: '待订正',
  graded: '已批改',
};

/** The tabs of 我的作业: to do (notStarted, inProgress, returned), submitted, graded. */
export const MY_ASSIGNMENT_TABS = ['todo', 'submitted', 'graded'] as const;
export type MyAssignmentTab = (typeof MY_ASSIGNMENT_TABS)[number];

/**
 * How an item is graded: `choice` (单选/多选/判断, at once), `fill` (填空, at once after
 * normalisation, teacher may override), `open` (everything else, by the teacher).
 */
export const GRADING_MODES = ['choice', 'fill', 'open'] as const;
export type GradingMode = (typeof GRADING_MODES)[number];

const isoTime = z.string();
const optionalIso = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.iso.datetime({ offset: true, error: '时间格式不正确' }).optional(),
);

// ---------------------------------------------------------------- classes

/** `POST /api/v1/teaching/classes` (role teacher). */
export const classCreateBody = z.object({
  name: plainText(T.classNameMax, `班级名称不能超过 ${T.classNameMax} 个字`).min(1, '请输入班级名称'),
  school: plainText(LIMITS.school.max, `学校不能超过 ${LIMITS.school.max} 个字`).min(1, '请输入学校'),
  gradeId: idField('请选择年级'),
  subjectId: idField('请选择学科'),
  /** 版本 (textbook edition) of the class; optional. */
  editionId: idField('教材版本 id 必须是正整数').optional(),
  /** A catalogue book of the class (its chapters feed reading and homework); optional. */
  textbookId: idField('教材 id 必须是正整数').optional(),
  joinMode: z.enum(JOIN_MODES, { error: '加入方式不正确' }).default('auto'),
});
export type ClassCreateBody = z.infer<typeof classCreateBody>;

/** `PATCH /api/v1/teaching/classes/{id}` (owner): rename, change join mode, close joining, archive. */
export const classUpdateBody = z.object({
  name: plainText(T.classNameMax, `班级名称不能超过 ${T.classNameMax} 个字`).min(1, '请输入班级名称').optional(),
  joinMode: z.enum(JOIN_MODES, { error: '加入方式不正确' }).optional(),
  /** false = 关闭加入 (the code stops working). */
  joinOpen: z.boolean({ error: 'joinOpen 必须是布尔值' }).optional(),
  /** 'archived' ends the class (read-only, code off); 'active' brings it back. */
  status: z.enum(CLASS_STATUSES, { error: '班级状态不正确' }).optional(),
});
export type ClassUpdateBody = z.infer<typeof classUpdateBody>;

/** A class as both sides list it; `joinCode` and counts are the teacher's only (null for students). */
export const classSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  school: z.string(),
  grade: z.object({ id: z.number().int(), name: z.string() }),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  edition: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  textbookId: z.number().int().nullable(),
  teacherName: z.string(),
  status: z.enum(CLASS_STATUSES),
  joinMode: z.enum(JOIN_MODES),
  joinOpen: z.boolean(),
  /** The join code (teacher only; null for students). */
  joinCode: z.string().nullable(),
  /** Active members (teacher only; null for students). */
  memberCount: z.number().int().nullable(),
  /** Pending join requests (teacher only; null for students). */
  pendingCount: z.number().int().nullable(),
  /** The caller's membership (students only; null for the teacher). */
  myStatus: z.enum(MEMBER_STATUSES).nullable(),
  /** `'teacher'` when the caller owns the class, else `'student'`. */
  myRole: z.enum(['teacher', 'student']),
  createdAt: isoTime,
});
export type ClassSummary = z.infer<typeof classSummary>;

/** `GET /api/v1/teaching/classes`: the teacher's own classes or the student's classes (pending ones too). */
export const classListQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CLASS_STATUSES).optional()),
});
export type ClassListQuery = z.infer<typeof classListQuery>;
export const classList = z.object({ items: z.array(classSummary) });
export type ClassList = z.infer<typeof classList>;

/** `POST /api/v1/teaching/classes/join` (logged in, identity student). */
export const joinClassBody = z.object({
  code: z
    .string({ error: '请输入邀请码' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`), '邀请码为 6 位字母或数字')),
});
export type JoinClassBody = z.infer<typeof joinClassBody>;
/** Result of a join: `active` (joined) or `pending` (the teacher approves). Joining twice answers the same. */
export const joinClassResult = z.object({ class: classSummary, status: z.enum(MEMBER_STATUSES) });
export type JoinClassResult = z.infer<typeof joinClassResult>;

/** A member of a class (teacher's view). Only the name shown on the account is exposed. */
export const classMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  status: z.enum(MEMBER_STATUSES),
  joinedAt: isoTime,
});
export type ClassMember = z.infer<typeof classMember>;
/** `GET /api/v1/teaching/classes/{id}/members` (owner). */
export const classMemberList = z.object({ items: z.array(classMember) });
export type ClassMemberList = z.infer<typeof classMemberList>;
/** `PATCH /api/v1/teaching/classes/{id}/members/{userId}` (owner): approve a pending request. */
export const memberUpdateBody = z.object({ status: z.literal('active', { error: '只能通过待审核的申请' }) });
export type MemberUpdateBody = z.infer<typeof memberUpdateBody>;

// ---------------------------------------------------------------- assignments

/** Homework questions: picked ids (from the tree of chapters or knowledge points), a bank paper, or a composed paper (我的资源). */
export const homeworkSource = z.discriminatedUnion(
  'from',
  [
    z.object({
      from: z.literal('questions'),
      questionIds: z
        .array(jsonInt(1, INT4_MAX, '试题 id 必须是正整数'))
        .min(1, '请至少选择一道题')
        .max(T.itemsMax, `一份作业最多 ${T.itemsMax} 道题`),
    }),
    z.object({ from: z.literal('paper'), paperId: jsonInt(1, INT4_MAX, '试卷 id 必须是正整数') }),
    z.object({ from: z.literal('composedPaper'), composedPaperId: jsonInt(1, INT4_MAX, '组卷 id 必须是正整数') }),
  ],
  { error: '请选择题目来源' },
);
export type HomeworkSource = z.infer<typeof homeworkSource>;

/** Pages of a textbook to read (1-based, inclusive); `chapterId` names the chapter for display. */
export const readingSource = z
  .object({
    textbookId: jsonInt(1, INT4_MAX, '请选择教材'),
    chapterId: jsonInt(1, INT4_MAX, '章节 id 必须是正整数').optional(),
    pageFrom: jsonInt(1, 5000, '起始页必须是 1 到 5000 之间的整数'),
    pageTo: jsonInt(1, 5000, '结束页必须是 1 到 5000 之间的整数'),
  })
  .refine((r) => r.pageTo >= r.pageFrom, { message: '结束页不能小于起始页', path: ['pageTo'] })
  .refine((r) => r.pageTo - r.pageFrom < T.readingPagesMax, {
    message: `一次阅读最多 ${T.readingPagesMax} 页`,
    path: ['pageTo'],
  });
export type ReadingSource = z.infer<typeof readingSource>;

const assignmentCommon = {
  title: plainText(T.titleMax, `标题不能超过 ${T.titleMax} 个字`).min(1, '请输入作业标题'),
  /** Note to the students. */
  instructions: plainText(T.instructionsMax, `说明不能超过 ${T.instructionsMax} 个字`).optional(),
  /** Absent = publish now. */
  publishAt: optionalIso,
  dueAt: z.iso.datetime({ offset: true, error: '请选择截止时间' }),
  allowLate: z.boolean({ error: 'allowLate 必须是布尔值' }).default(false),
  answerVisibility: z.enum(ANSWER_VISIBILITIES, { error: '答案公布方式不正确' }).default('afterSubmit'),
};

/**
 * `POST /api/v1/teaching/classes/{id}/assignments` (owner). Homework questions are copied into the
 * assignment at creation (a later edit of a paper does not change handed-out work); each item's
 * score is the question's score, else `defaultScore`.
 */
export const assignmentCreateBody = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('reading'), ...assignmentCommon, reading: readingSource }),
      z.object({
        kind: z.literal('homework'),
        ...assignmentCommon,
        homework: homeworkSource,
        /** Score of an item whose question has none. */
        defaultScore: jsonInt(1, 100, '每题分值必须是 1 到 100 之间的整数').default(5),
      }),
      z.object({
        kind: z.literal('resource'),
        ...assignmentCommon,
        resourceId: jsonInt(1, INT4_MAX, '请选择学习资源'),
      }),
    ],
    { error: '请选择作业类型' },
  )
  .refine((b) => !b.publishAt || new Date(b.publishAt) < new Date(b.dueAt), {
    message: '截止时间必须晚于发布时间',
    path: ['dueAt'],
  });
export type AssignmentCreateBody = z.infer<typeof assignmentCreateBody>;

/** `PATCH /api/v1/teaching/assignments/{id}` (owner): schedule and rules; content is fixed once created. */
export const assignmentUpdateBody = z.object({
  title: assignmentCommon.title.optional(),
  instructions: assignmentCommon.instructions,
  publishAt: optionalIso,
  dueAt: z.iso.datetime({ offset: true, error: '截止时间格式不正确' }).optional(),
  allowLate: z.boolean({ error: 'allowLate 必须是布尔值' }).optional(),
  answerVisibility: z.enum(ANSWER_VISIBILITIES, { error: '答案公布方式不正确' }).optional(),
});
export type AssignmentUpdateBody = z.infer<typeof assignmentUpdateBody>;

/** What a reading or resource assignment points at (for display and for the link to the reader). */
export const assignmentTarget = z.object({
  textbookId: z.number().int().nullable(),
  textbookTitle: z.string().nullable(),
  chapterId: z.number().int().nullable(),
  chapterTitle: z.string().nullable(),
  pageFrom: z.number().int().nullable(),
  pageTo: z.number().int().nullable(),
  resourceId: z.number().int().nullable(),
  resourceTitle: z.string().nullable(),
});
export type AssignmentTarget = z.infer<typeof assignmentTarget>;

/** An assignment in lists. `stats` is the teacher's only (null for students); `my*` the student's only. */
export const assignmentSummary = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  kind: z.enum(ASSIGNMENT_KINDS),
  title: z.string(),
  instructions: z.string().nullable(),
  publishAt: isoTime,
  dueAt: isoTime,
  allowLate: z.boolean(),
  answerVisibility: z.enum(ANSWER_VISIBILITIES),
  state: z.enum(ASSIGNMENT_STATES),
  itemCount: z.number().int(),
  maxScore: z.number(),
  target: assignmentTarget,
  stats: z
    .object({
      students: z.number().int(),
      submitted: z.number().int(),
      graded: z.number().int(),
      /** Submitted work with open answers still to grade. */
      toGrade: z.number().int(),
    })
    .nullable(),
  myStatus: z.enum(SUBMISSION_STATUSES).nullable(),
  myScore: z.number().nullable(),
  myLate: z.boolean().nullable(),
  createdAt: isoTime,
});
export type AssignmentSummary = z.infer<typeof assignmentSummary>;

/** `GET /api/v1/teaching/classes/{id}/assignments` (owner: all; member: published only), newest due first. */
export const assignmentList = z.object({ items: z.array(assignmentSummary) });
export type AssignmentList = z.infer<typeof assignmentList>;

/** `GET /api/v1/users/{userId}/teaching/assignments` (我的作业, across the student's classes). */
export const myAssignmentsQuery = paginationQuery.extend({
  tab: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MY_ASSIGNMENT_TABS).optional()),
  classId: idQueryField('班级 id 必须是正整数'),
});
export type MyAssignmentsQuery = z.infer<typeof myAssignmentsQuery>;

/**
 * A question of an assignment, named by its own `itemId`. `answer`/`analysis` are null while the
 * student may not see them. A student gets no bank `questionId` (null), and while the answers are
 * hidden from them sees the choice options in an order of their own, keyed A, B, …: their responses
 * use those keys (docs/teaching.md, When answers are shown).
 */
export const assignmentQuestion = z.object({
  itemId: z.number().int(),
  position: z.number().int(),
  /** The question bank's id: the teacher's only (null for students). */
  questionId: z.number().int().nullable(),
  type: z.string(),
  grading: z.enum(GRADING_MODES),
  stem: z.string(),
  options: z.array(questionOption).nullable(),
  passage: z.string().nullable(),
  /** Blanks a `fill` item expects (1 when unknown). */
  blanks: z.number().int(),
  maxScore: z.number(),
  knowledgePoints: z.array(questionKnowledgePoint),
  answer: z.union([z.string(), z.array(z.string())]).nullable(),
  analysis: z.string().nullable(),
});
export type AssignmentQuestion = z.infer<typeof assignmentQuestion>;

/** `GET /api/v1/teaching/assignments/{id}` (owner or member): the assignment and its questions (teacher: with answers). */
export const assignmentDetail = assignmentSummary.extend({ questions: z.array(assignmentQuestion) });
export type AssignmentDetail = z.infer<typeof assignmentDetail>;

// ---------------------------------------------------------------- answering

/** A student's response to one item. Choice keys are option keys (`"A"`); blanks in order; open text and/or photo URLs. */
export const answerResponse = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('choice'),
      keys: z
        .array(
          z
            .string()
            .trim()
            .regex(/^[A-Z]$/, '选项不正确'),
        )
        .max(10, '选项不正确')
        .transform((keys) => [...new Set(keys)].sort()),
    }),
    z.object({
      kind: z.literal('fill'),
      blanks: z.array(plainText(T.blankMax, `每空不能超过 ${T.blankMax} 个字`)).max(20, '空太多了'),
    }),
    z.object({
      kind: z.literal('open'),
      text: plainText(T.openTextMax, `作答不能超过 ${T.openTextMax} 个字`).default(''),
      /** URLs answered by the image upload of this assignment. */
      images: z
        .array(
          z
            .string()
            .max(300, '图片地址不正确')
            .regex(/^\/uploads\/[\w./-]+$/, '图片地址不正确'),
        )
        .max(T.imagesPerAnswer, `每题最多 ${T.imagesPerAnswer} 张图片`)
        .default([]),
    }),
  ],
  { error: '作答格式不正确' },
);
export type AnswerResponse = z.infer<typeof answerResponse>;

/** The grade of one answer. `correct` is null for open answers not yet graded. */
export const answerGrade = z.object({
  correct: z.boolean().nullable(),
  score: z.number().nullable(),
  comment: z.string().nullable(),
  /** Who set the score: the automatic grading or the teacher (also for an override). */
  gradedBy: z.enum(['auto', 'teacher']).nullable(),
});
export type AnswerGrade = z.infer<typeof answerGrade>;

/** One saved answer with its grade (the grade is shown to students once submitted; choice grades at once). */
export const savedAnswer = z.object({
  itemId: z.number().int(),
  response: answerResponse,
  grade: answerGrade,
  timeSpentSeconds: z.number().int(),
});
export type SavedAnswer = z.infer<typeof savedAnswer>;

/** `PUT /api/v1/teaching/assignments/{id}/submission/answers` (member): autosave, upsert by item. */
export const saveAnswersBody = z.object({
  answers: z
    .array(
      z.object({
        itemId: jsonInt(1, INT4_MAX, '题目 id 必须是正整数'),
        response: answerResponse,
        /** Seconds spent on the item since the last save (added up; each save at most 1 hour). */
        timeSpentSeconds: jsonInt(0, 3600, '用时必须是 0 到 3600 秒').default(0),
      }),
    )
    .min(1, '没有要保存的作答')
    .max(T.itemsMax, `一次最多保存 ${T.itemsMax} 题`),
});
export type SaveAnswersBody = z.infer<typeof saveAnswersBody>;

/** `POST /api/v1/teaching/assignments/{id}/submission/reading` (member): pages the reader has shown. */
export const readingPagesBody = z.object({
  pages: z
    .array(jsonInt(1, 5000, '页码必须是 1 到 5000 之间的整数'))
    .min(1, '请提供页码')
    .max(T.readingPagesMax, `一次最多 ${T.readingPagesMax} 页`),
});
export type ReadingPagesBody = z.infer<typeof readingPagesBody>;

/** `POST /api/v1/teaching/assignments/{id}/submission/submit` (member): idempotent by state (a repeated submit answers the same work; `requestId` is optional and not needed). */
export const submitBody = z.object({
  requestId: z.string().trim().min(8).max(64).optional(),
});
export type SubmitBody = z.infer<typeof submitBody>;

/** `POST /api/v1/teaching/assignments/{id}/submission/images` (member, multipart field `file`): the stored photo. */
export const answerImage = z.object({ url: z.string() });
export type AnswerImage = z.infer<typeof answerImage>;

/**
 * `GET /api/v1/teaching/assignments/{id}/submission` (member): the student's own work. The teacher reads a
 * student's work with `GET /api/v1/teaching/submissions/{id}` (same shape).
 */
export const submissionDetail = z.object({
  /** Null until the student saves something. */
  id: z.number().int().nullable(),
  assignment: assignmentDetail,
  student: z.object({ userId: z.number().int(), name: z.string() }),
  status: z.enum(SUBMISSION_STATUSES),
  answers: z.array(savedAnswer),
  score: z.number().nullable(),
  maxScore: z.number(),
  late: z.boolean(),
  submittedAt: isoTime.nullable(),
  gradedAt: isoTime.nullable(),
  /** Teacher's note when returning for correction or grading. */
  teacherComment: z.string().nullable(),
  /** Reading: pages shown so far (sorted). */
  pagesRead: z.array(z.number().int()),
  /** Whether answers and analyses are visible to the student now (always true for the teacher). */
  answersVisible: z.boolean(),
  /** Whether the student may still save and submit. */
  canSubmit: z.boolean(),
  timeSpentSeconds: z.number().int(),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

// ---------------------------------------------------------------- grading

/** A row of the grading list of an assignment (every active member, whether started or not). */
export const submissionRow = z.object({
  /** Null when the student has not started. */
  submissionId: z.number().int().nullable(),
  userId: z.number().int(),
  name: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  score: z.number().nullable(),
  late: z.boolean(),
  submittedAt: isoTime.nullable(),
  /** Open answers still to grade. */
  toGrade: z.number().int(),
});
export type SubmissionRow = z.infer<typeof submissionRow>;
/** `GET /api/v1/teaching/assignments/{id}/submissions` (owner). */
export const submissionList = z.object({ items: z.array(submissionRow) });
export type SubmissionList = z.infer<typeof submissionList>;

/** `GET /api/v1/teaching/grading-queue` (teacher): submitted work with open answers to grade, oldest first. */
export const gradingQueueItem = z.object({
  submissionId: z.number().int(),
  assignmentId: z.number().int(),
  assignmentTitle: z.string(),
  classId: z.number().int(),
  className: z.string(),
  userId: z.number().int(),
  name: z.string(),
  submittedAt: isoTime,
  toGrade: z.number().int(),
});
export type GradingQueueItem = z.infer<typeof gradingQueueItem>;
export const gradingQueue = z.object({ items: z.array(gradingQueueItem) });
export type GradingQueue = z.infer<typeof gradingQueue>;

/**
 * `PUT /api/v1/teaching/submissions/{id}/answers/{itemId}/grade` (owner): score and comment of an
 * open answer, or an override of an automatic grade. `score` ≤ the item's score; `correct` defaults
 * to `score === maxScore`.
 */
export const gradeAnswerBody = z.object({
  score: z
    .number({ error: '请输入分数' })
    .min(0, '分数不能为负')
    .max(QUESTION_BANK_LIMITS.scoreMax, `分数不能超过 ${QUESTION_BANK_LIMITS.scoreMax}`),
  correct: z.boolean().optional(),
  comment: plainText(T.commentMax, `评语不能超过 ${T.commentMax} 个字`).optional(),
});
export type GradeAnswerBody = z.infer<typeof gradeAnswerBody>;

/** `POST /api/v1/teaching/submissions/{id}/return` (owner): 返回订正 with a note. */
export const returnSubmissionBody = z.object({
  comment: plainText(T.commentMax, `评语不能超过 ${T.commentMax} 个字`).min(1, '请填写订正要求'),
});
export type ReturnSubmissionBody = z.infer<typeof returnSubmissionBody>;

// ---------------------------------------------------------------- reports

/** One student's line of an assignment report. */
export const reportStudent = z.object({
  userId: z.number().int(),
  name: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  score: z.number().nullable(),
  late: z.boolean(),
  submittedAt: isoTime.nullable(),
  timeSpentSeconds: z.number().int(),
  /** Items answered correctly / graded. */
  correctCount: z.number().int(),
});
export type ReportStudent = z.infer<typeof reportStudent>;

/** One question's line of an assignment report (over submitted work). */
export const reportQuestion = z.object({
  itemId: z.number().int(),
  position: z.number().int(),
  questionId: z.number().int(),
  type: z.string(),
  grading: z.enum(GRADING_MODES),
  stem: z.string(),
  maxScore: z.number(),
  /** Submitted answers of the item. */
  answered: z.number().int(),
  correct: z.number().int(),
  /** correct / graded answers, 0…1; null when nothing is graded. */
  accuracy: z.number().nullable(),
  averageScore: z.number().nullable(),
  averageTimeSeconds: z.number().nullable(),
  /** Wrong responses by frequency (choice: the keys joined, e.g. `"AC"`; fill: the normalised text), top 5. */
  commonWrong: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type ReportQuestion = z.infer<typeof reportQuestion>;

/** `GET /api/v1/teaching/assignments/{id}/report` (owner). */
export const assignmentReport = z.object({
  assignment: assignmentSummary,
  students: z.array(reportStudent),
  questions: z.array(reportQuestion),
  /** Over submitted work with a score. */
  averageScore: z.number().nullable(),
  submittedCount: z.number().int(),
  studentCount: z.number().int(),
});
export type AssignmentReport = z.infer<typeof assignmentReport>;

/**
 * `GET /api/v1/teaching/classes/{id}/report` (owner): the grade table of the class (active students ×
 * published assignments of every kind, oldest due first; reading and resource assignments carry no
 * score). `GET …/report/export` answers the same numbers as an .xlsx file.
 */
export const classReport = z.object({
  classId: z.number().int(),
  className: z.string(),
  assignments: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      kind: z.enum(ASSIGNMENT_KINDS),
      maxScore: z.number(),
      dueAt: isoTime,
      submittedCount: z.number().int(),
      averageScore: z.number().nullable(),
    }),
  ),
  rows: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      /** Per assignment, in `assignments` order: the score, null when not graded / not submitted. */
      scores: z.array(z.number().nullable()),
      /** Per assignment: the status. */
      statuses: z.array(z.enum(SUBMISSION_STATUSES)),
      total: z.number(),
      submittedCount: z.number().int(),
    }),
  ),
});
export type ClassReport = z.infer<typeof classReport>;

// ---------------------------------------------------------------- wrong-question book

export const wrongQuestionListQuery = paginationQuery.extend({
  subjectId: idQueryField('学科 id 必须是正整数'),
  /** true = only those retried correctly (已掌握); false = still wrong; absent = all. */
  mastered: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v === 'true' || v === true),
    z.boolean().optional(),
  ),
});
export type WrongQuestionListQuery = z.infer<typeof wrongQuestionListQuery>;

/** An entry of 错题本: a question the student got wrong in graded work (once per question). */
export const wrongQuestionItem = z.object({
  id: z.number().int(),
  question: z.object({
    id: z.number().int(),
    type: z.string(),
    grading: z.enum(GRADING_MODES),
    stem: z.string(),
    options: z.array(questionOption).nullable(),
    passage: z.string().nullable(),
    blanks: z.number().int(),
    subject: z.object({ id: z.number().int(), name: z.string() }),
    knowledgePoints: z.array(questionKnowledgePoint),
  }),
  assignmentId: z.number().int().nullable(),
  assignmentTitle: z.string().nullable(),
  /** The wrong response of the graded work. */
  lastResponse: answerResponse.nullable(),
  /**
   * The right answer and analysis, null while the homework's answers are not shown yet (`answerHidden`:
   * published from the due time on, docs/teaching.md, When answers are shown).
   */
  answer: z.union([z.string(), z.array(z.string())]).nullable(),
  analysis: z.string().nullable(),
  /** True until the homework's answers may be seen: no answer, and no retry that would tell right from wrong. */
  answerHidden: z.boolean(),
  wrongCount: z.number().int(),
  retryCount: z.number().int(),
  mastered: z.boolean(),
  addedAt: isoTime,
  updatedAt: isoTime,
});
export type WrongQuestionItem = z.infer<typeof wrongQuestionItem>;

/** `POST /api/v1/users/{userId}/wrong-questions/{id}/retry` (own): a new try; choice and fill are graded at once. */
export const wrongRetryBody = z.object({ response: answerResponse });
export type WrongRetryBody = z.infer<typeof wrongRetryBody>;
/** `correct` null for open questions (compare with the answer yourself; mark with `mastered`). */
export const wrongRetryResult = z.object({ correct: z.boolean().nullable(), item: wrongQuestionItem });
export type WrongRetryResult = z.infer<typeof wrongRetryResult>;
/** `PATCH /api/v1/users/{userId}/wrong-questions/{id}` (own): mark mastered (e.g. an open question). */
export const wrongUpdateBody = z.object({ mastered: z.boolean({ error: 'mastered 必须是布尔值' }) });
export type WrongUpdateBody = z.infer<typeof wrongUpdateBody>;

/** User-facing messages of the teaching area. */
export const TeachingMessages = {
  wrongAnswerNotYet: '这道题的答案在作业截止后公布，届时可以查看答案和重做',
  classFull: `班级人数已满（最多 ${T.membersMax} 人）`,
  tooManyClasses: `最多创建 ${T.classesPerTeacher} 个班级`,
  tooManyJoined: `最多加入 ${T.classesPerStudent} 个班级`,
  codeInvalid: '邀请码无效或班级已停止加入',
  teacherCannotJoin: '不能加入自己创建的班级',
  notOpen: '作业尚未发布',
  pastDue: '作业已截止，不能再提交',
  alreadySubmitted: '作业已提交',
  noItem: '作业中没有这道题',
  wrongResponseKind: '作答类型与题型不符',
  scoreTooHigh: '分数不能超过本题分值',
  notSubmitted: '学生尚未提交作业',
  archived: '班级已归档',
} as const;
