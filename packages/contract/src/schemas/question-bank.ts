/**
 * Question bank (题库), papers (试卷), knowledge points (知识点), chapter trees of the catalogue's books,
 * the per-user question basket (试题篮) and composed papers (组卷) (docs/question-bank.md, docs/api.md).
 * Request schemas coerce query strings, so the server validates with them and the web client can build
 * typed requests from the same definitions. Text fields are Markdown with TeX between `$…$` / `$$…$$`:
 * render them with KaTeX, never as raw HTML.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { paginationQuery } from '../envelope';
import { boundedInt, idQuery, idQueryField, INT4_MAX, jsonInt, plainText } from './common';
import { dictEntry } from './dictionary';
import { facetValue } from './textbooks';

/** 题型 of the import format (docs/api.md, Questions). */
export const QUESTION_TYPES = [
  '单选题',
  '多选题',
  '判断题',
  '填空题',
  '解答题',
  '完形填空',
  '阅读理解',
  '语法填空',
  '短文改错',
  '作文',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** 试卷类型 of the import format (docs/api.md, Papers). */
export const PAPER_TYPES = ['高考真题', '中考真题', '期中', '期末', '单元测试', '模拟', '专项练习'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];

/** 难度 1 (easy) … 5 (hard) and how the pages name them. */
export const DIFFICULTY_LABELS: Record<number, string> = { 1: '容易', 2: '较易', 3: '中等', 4: '较难', 5: '困难' };

/**
 * Where a question comes from, as a filter of the cloud question bank (来源): `gaokao` = 高考真题
 * (GAOKAO-Bench), `practice` = 练习题 (TAL-SCQ5K and other imported practice questions).
 */
export const QUESTION_ORIGINS = ['gaokao', 'practice'] as const;
export type QuestionOrigin = (typeof QUESTION_ORIGINS)[number];
export const QUESTION_ORIGIN_LABELS: Record<QuestionOrigin, string> = { gaokao: '高考真题', practice: '练习题' };

/** Limits of the basket and of composed papers (the web forms show the same numbers). */
export const QUESTION_BANK_LIMITS = {
  /** Questions a basket holds. */
  basketMax: 100,
  /** Composed papers a user keeps. */
  composedPapersMax: 200,
  /** Questions of one composed paper. */
  composedQuestionsMax: 100,
  /** Sections of one composed paper. */
  composedSectionsMax: 20,
  titleMax: 80,
  subtitleMax: 120,
  sectionTitleMax: 40,
  /** Largest score of one question. */
  scoreMax: 150,
} as const;

const keyword = plainText(LIMITS.keyword.max, `关键词不能超过 ${LIMITS.keyword.max} 个字`)
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalText = (max: number, message: string) =>
  plainText(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const yearQuery = z.preprocess(
  emptyAsUndefined,
  boundedInt(1900, 2100, '年份必须是 1900 到 2100 之间的整数').optional(),
);

/** Filters shared by `GET /api/v1/questions` and `GET /api/v1/questions/facets`. */
export const questionFilters = z.object({
  stageId: idQueryField('学段 id 必须是正整数'),
  subjectId: idQueryField('学科 id 必须是正整数'),
  type: z.preprocess(emptyAsUndefined, z.enum(QUESTION_TYPES, { error: '题型不正确' }).optional()),
  difficulty: z.preprocess(emptyAsUndefined, boundedInt(1, 5, '难度必须是 1 到 5 之间的整数').optional()),
  /** Questions tagged with this knowledge point or any node below it. */
  knowledgePointId: idQueryField('知识点 id 必须是正整数'),
  /** Questions of the book's stage and subject whose knowledge points match one of its chapters. */
  textbookId: idQueryField('教材 id 必须是正整数'),
  /** Questions whose knowledge points match this chapter (or a chapter below it). */
  chapterId: idQueryField('章节 id 必须是正整数'),
  year: yearQuery,
  region: optionalText(50, '地区不能超过 50 个字'),
  origin: z.preprocess(emptyAsUndefined, z.enum(QUESTION_ORIGINS, { error: '来源不正确' }).optional()),
  /** Chinese substring(s) of the stem; several words separated by spaces must all occur. */
  keyword,
});
export type QuestionFilters = z.infer<typeof questionFilters>;

/** `GET /api/v1/questions` query. */
export const questionListQuery = questionFilters.extend(paginationQuery.shape);
export type QuestionListQuery = z.infer<typeof questionListQuery>;

export const questionOption = z.object({ key: z.string(), text: z.string() });
export type QuestionOption = z.infer<typeof questionOption>;

/** A knowledge point a question is tagged with; `path` is the full path joined with ` > `. */
export const questionKnowledgePoint = z.object({ id: z.number().int(), name: z.string(), path: z.string() });
export type QuestionKnowledgePoint = z.infer<typeof questionKnowledgePoint>;

/** A question card of the list (no answer). */
export const questionCard = z.object({
  id: z.number().int(),
  externalId: z.string(),
  stage: dictEntry,
  subject: dictEntry,
  type: z.string(),
  stem: z.string(),
  options: z.array(questionOption).nullable(),
  /** Shared reading material of a group question (阅读材料), Markdown. */
  passage: z.string().nullable(),
  difficulty: z.number().int().nullable(),
  score: z.number().nullable(),
  source: z.string().nullable(),
  year: z.number().int().nullable(),
  region: z.string().nullable(),
  origin: z.enum(QUESTION_ORIGINS),
  knowledgePoints: z.array(questionKnowledgePoint),
});
export type QuestionCard = z.infer<typeof questionCard>;

/** `GET /api/v1/questions/{id}`: the card with its answer and analysis (解析). */
export const questionDetail = questionCard.extend({
  /** `"C"`, `["A","C"]` (multiple choice, or one entry per blank/sub-question), or Markdown text. */
  answer: z.union([z.string(), z.array(z.string())]),
  analysis: z.string().nullable(),
});
export type QuestionDetail = z.infer<typeof questionDetail>;

/**
 * Why `GET /api/v1/questions/{id}` leaves the answer and analysis out: `login` (a visitor: answers
 * need a login), `openWork` (the question is in the caller's homework or training quiz whose answers
 * are not shown yet; docs/teaching.md, docs/training.md).
 */
export const ANSWER_HIDDEN_REASONS = ['login', 'openWork'] as const;
export type AnswerHiddenReason = (typeof ANSWER_HIDDEN_REASONS)[number];
export const ANSWER_HIDDEN_LABELS: Record<AnswerHiddenReason, string> = {
  login: '登录后可查看答案与解析',
  openWork: '这道题在你尚未完成的作业或测验中，完成后可查看答案与解析',
};

/** `GET /api/v1/questions/{id}`: the question; answer and analysis null when `answerHidden` says why. */
export const questionRead = questionCard.extend({
  answer: z.union([z.string(), z.array(z.string())]).nullable(),
  analysis: z.string().nullable(),
  answerHidden: z.enum(ANSWER_HIDDEN_REASONS).nullable(),
});
export type QuestionRead = z.infer<typeof questionRead>;

/** A facet value that is not a dictionary entry (题型, 年份, 地区, 难度, 来源, 试卷类型). */
export const valueFacet = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type ValueFacet = z.infer<typeof valueFacet>;

/**
 * `GET /api/v1/questions/facets`: each dimension counted with every OTHER filter applied (the
 * catalogue's rule); `total` with all filters applied.
 */
export const questionFacets = z.object({
  total: z.number().int(),
  stage: z.array(facetValue),
  subject: z.array(facetValue),
  type: z.array(valueFacet),
  difficulty: z.array(valueFacet),
  year: z.array(valueFacet),
  region: z.array(valueFacet),
  origin: z.array(valueFacet),
});
export type QuestionFacets = z.infer<typeof questionFacets>;

/** Filters shared by `GET /api/v1/papers` and `GET /api/v1/papers/facets`. */
export const paperFilters = z.object({
  stageId: idQueryField('学段 id 必须是正整数'),
  subjectId: idQueryField('学科 id 必须是正整数'),
  gradeId: idQueryField('年级 id 必须是正整数'),
  year: yearQuery,
  region: optionalText(50, '地区不能超过 50 个字'),
  paperType: z.preprocess(emptyAsUndefined, z.enum(PAPER_TYPES, { error: '试卷类型不正确' }).optional()),
  /** Chinese substring(s) of the title. */
  keyword,
});
export type PaperFilters = z.infer<typeof paperFilters>;

/** `GET /api/v1/papers` query. */
export const paperListQuery = paperFilters.extend(paginationQuery.shape);
export type PaperListQuery = z.infer<typeof paperListQuery>;

/** A paper card of the paper centre. */
export const paperListItem = z.object({
  id: z.number().int(),
  externalId: z.string(),
  title: z.string(),
  stage: dictEntry,
  subject: dictEntry,
  grade: dictEntry.nullable(),
  year: z.number().int().nullable(),
  region: z.string().nullable(),
  paperType: z.string(),
  questionCount: z.number().int(),
  totalScore: z.number(),
  /** The source left questions out (for example those with figures): shown as 节选. */
  partial: z.boolean(),
});
export type PaperListItem = z.infer<typeof paperListItem>;

/** `GET /api/v1/papers/facets`. */
export const paperFacets = z.object({
  total: z.number().int(),
  stage: z.array(facetValue),
  subject: z.array(facetValue),
  grade: z.array(facetValue),
  year: z.array(valueFacet),
  region: z.array(valueFacet),
  paperType: z.array(valueFacet),
});
export type PaperFacets = z.infer<typeof paperFacets>;

/** A question in a paper: its printed number and score, and the question with answer and analysis. */
export const paperQuestion = z.object({
  number: z.number().int(),
  score: z.number().nullable(),
  question: questionDetail,
});
export type PaperQuestion = z.infer<typeof paperQuestion>;

export const paperSection = z.object({ title: z.string(), questions: z.array(paperQuestion) });
export type PaperSection = z.infer<typeof paperSection>;

/** `GET /api/v1/papers/{id}`: sections and questions in paper order. */
export const paperDetail = paperListItem.extend({ sections: z.array(paperSection) });
export type PaperDetail = z.infer<typeof paperDetail>;

/**
 * `GET /api/v1/papers/{id}` as answered: the paper with each question as `GET /api/v1/questions/{id}`
 * answers it (answer and analysis null, with the reason, for visitors and for questions of the
 * caller's open homework or quiz).
 */
export const paperRead = paperListItem.extend({
  sections: z.array(
    z.object({
      title: z.string(),
      questions: z.array(z.object({ number: z.number().int(), score: z.number().nullable(), question: questionRead })),
    }),
  ),
});
export type PaperRead = z.infer<typeof paperRead>;
export type PaperReadSection = PaperRead['sections'][number];

/**
 * `GET /api/v1/papers/{id}/export` and `GET /api/v1/users/{userId}/papers/{id}/export` (login):
 * the file itself (`Content-Disposition: attachment; filename*=UTF-8''…`). `answers` (default true)
 * appends answers and analysis (参考答案与解析) after the questions.
 */
export const EXPORT_FORMATS = ['docx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const paperExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: '导出格式必须是 docx 或 pdf' }),
  answers: z
    .preprocess(
      emptyAsUndefined,
      z.enum(['true', 'false', '1', '0'], { error: 'answers 必须是 true 或 false' }).optional(),
    )
    .transform((v) => v === undefined || v === 'true' || v === '1'),
});
export type PaperExportQuery = z.infer<typeof paperExportQuery>;

/** `GET /api/v1/knowledge-points?stageId&subjectId`. */
export const knowledgePointQuery = z.object({
  stageId: idQueryField('学段 id 必须是正整数'),
  subjectId: idQueryField('学科 id 必须是正整数'),
});
export type KnowledgePointQuery = z.infer<typeof knowledgePointQuery>;

/** A node of the knowledge-point tree; `questionCount` counts the questions of this node and below. */
export interface KnowledgePointNode {
  id: number;
  name: string;
  stageId: number;
  subjectId: number;
  questionCount: number;
  children: KnowledgePointNode[];
}
export const knowledgePointNode: z.ZodType<KnowledgePointNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    stageId: z.number().int(),
    subjectId: z.number().int(),
    questionCount: z.number().int(),
    children: z.array(knowledgePointNode),
  }),
);

/**
 * A node of `GET /api/v1/textbooks/{id}/chapters`. Ids are stable across re-imports for nodes with
 * the same title path, so resources stay attached. `page` is the printed page, or the PDF page when
 * `pageKind` is `pdf`; `pageInferred`: the printed contents gave no page; `starred`: a printed * (选学).
 * `questionCount`: questions whose knowledge points match this chapter or one below it.
 */
export interface ChapterTreeNode {
  id: number;
  title: string;
  page: number | null;
  pageKind?: 'printed' | 'pdf';
  pageInferred?: boolean;
  starred?: boolean;
  questionCount: number;
  children: ChapterTreeNode[];
}
export const chapterTreeNode: z.ZodType<ChapterTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    page: z.number().int().nullable(),
    pageKind: z.enum(['printed', 'pdf']).optional(),
    pageInferred: z.boolean().optional(),
    starred: z.boolean().optional(),
    questionCount: z.number().int(),
    children: z.array(chapterTreeNode),
  }),
);

/** `GET /api/v1/textbooks/with-chapters` query: the books that have a chapter tree (同步资源 picker). */
export const chapterBooksQuery = z.object({
  stageId: idQuery,
  subjectId: idQuery,
  editionId: idQuery,
  gradeId: idQuery,
  volumeId: idQuery,
});
export type ChapterBooksQuery = z.infer<typeof chapterBooksQuery>;

/** A book with a chapter tree. */
export const chapterBook = z.object({
  id: z.number().int(),
  externalId: z.string(),
  title: z.string(),
  stage: dictEntry,
  subject: dictEntry,
  edition: dictEntry,
  grade: dictEntry.nullable(),
  volume: dictEntry.nullable(),
  coverUrl: z.string(),
  chapterCount: z.number().int(),
});
export type ChapterBook = z.infer<typeof chapterBook>;

/** An entry of the basket (`GET /api/v1/users/{userId}/basket`), oldest first. */
export const basketItem = z.object({ addedAt: z.string(), question: questionCard });
export type BasketItem = z.infer<typeof basketItem>;

export const basket = z.object({ items: z.array(basketItem), limit: z.number().int() });
export type Basket = z.infer<typeof basket>;

/** `POST /api/v1/users/{userId}/basket`: adds questions (already present ones are kept, not doubled). */
export const basketAddBody = z.object({
  questionIds: z
    .array(jsonInt(1, INT4_MAX, '试题 id 必须是正整数'), { error: '请选择试题' })
    .min(1, '请选择试题')
    .max(QUESTION_BANK_LIMITS.basketMax, `试题篮最多放 ${QUESTION_BANK_LIMITS.basketMax} 道题`),
});
export type BasketAddBody = z.infer<typeof basketAddBody>;

const scoreField = z
  .number({ error: '分值必须是数字' })
  .min(0, `分值必须在 0 到 ${QUESTION_BANK_LIMITS.scoreMax} 之间`)
  .max(QUESTION_BANK_LIMITS.scoreMax, `分值必须在 0 到 ${QUESTION_BANK_LIMITS.scoreMax} 之间`)
  .refine((v) => Math.round(v * 2) === v * 2, '分值最小单位是 0.5 分');

/** `POST /api/v1/users/{userId}/papers` and `PUT …/papers/{id}`: a composed paper (组卷). */
export const composedPaperBody = z.object({
  title: plainText(QUESTION_BANK_LIMITS.titleMax, `试卷标题不能超过 ${QUESTION_BANK_LIMITS.titleMax} 个字`).min(
    1,
    '请填写试卷标题',
  ),
  subtitle: plainText(QUESTION_BANK_LIMITS.subtitleMax, `副标题不能超过 ${QUESTION_BANK_LIMITS.subtitleMax} 个字`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  sections: z
    .array(
      z.object({
        title: plainText(
          QUESTION_BANK_LIMITS.sectionTitleMax,
          `大题标题不能超过 ${QUESTION_BANK_LIMITS.sectionTitleMax} 个字`,
        ).min(1, '请填写大题标题'),
        questions: z
          .array(z.object({ questionId: jsonInt(1, INT4_MAX, '试题 id 必须是正整数'), score: scoreField }))
          .min(1, '每个大题至少要有一道题'),
      }),
      { error: '请添加试题' },
    )
    .min(1, '请添加试题')
    .max(QUESTION_BANK_LIMITS.composedSectionsMax, `大题不能超过 ${QUESTION_BANK_LIMITS.composedSectionsMax} 个`),
  /** Empty the basket once the paper is saved (the usual 组卷 flow). */
  clearBasket: z.boolean().optional(),
});
export type ComposedPaperBody = z.infer<typeof composedPaperBody>;

/** A composed paper in the list of `GET /api/v1/users/{userId}/papers` (paged, newest first). */
export const composedPaperItem = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  questionCount: z.number().int(),
  totalScore: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ComposedPaperItem = z.infer<typeof composedPaperItem>;

/**
 * `GET /api/v1/users/{userId}/papers/{id}`: numbers run through the sections (1, 2, …); each question as
 * `GET /api/v1/questions/{id}` answers it, so composing a paper never shows an answer the bank withholds.
 */
export const composedPaperDetail = composedPaperItem.extend({ sections: paperRead.shape.sections });
export type ComposedPaperDetail = z.infer<typeof composedPaperDetail>;

/** `GET /api/v1/users/{userId}/papers` query. */
export const composedPaperListQuery = paginationQuery;

/** Kinds of question-bank import (`npm run import:*`, the console's `…/question-bank/imports?kind=…` jobs). */
export const QUESTION_BANK_IMPORT_KINDS = ['questions', 'papers', 'knowledge-points', 'chapters'] as const;
export type QuestionBankImportKind = (typeof QUESTION_BANK_IMPORT_KINDS)[number];
export const questionBankImportQuery = z.object({
  kind: z.enum(QUESTION_BANK_IMPORT_KINDS, { error: '导入类型必须是 questions、papers、knowledge-points 或 chapters' }),
});

/** User-facing messages of the question bank (shown as-is). */
export const QuestionBankMessages = {
  questionNotFound: '试题不存在',
  paperNotFound: '试卷不存在',
  textbookNotFound: '教材不存在或已下架',
  chapterNotFound: '章节不存在',
  basketFull: `试题篮最多放 ${QUESTION_BANK_LIMITS.basketMax} 道题，请先组卷或移出一些试题`,
  composedFull: `最多保存 ${QUESTION_BANK_LIMITS.composedPapersMax} 份组卷，请先删除不用的试卷`,
  tooManyQuestions: `一份试卷最多 ${QUESTION_BANK_LIMITS.composedQuestionsMax} 道题`,
  duplicateQuestion: '同一道题不能在试卷中出现两次',
  unknownQuestions: '部分试题不存在或已删除，请刷新后重试',
  partial: '节选',
} as const;
