/**
 * Question importer (docs/api.md, Questions): JSON Lines, one question a line, keyed by `externalId`
 * (re-import updates in place). Knowledge points named by a line that do not exist yet are created
 * from their path. Used by `npm run import:questions` and the console's import jobs.
 */
import {
  CONTROL_CHARS_MESSAGE,
  isPlainText,
  QUESTION_TYPES,
  type ImportIssue,
  type ImportReport,
  type QuestionOrigin,
} from '@eav/contract';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client';
import { questionKnowledgePoints, questions } from '../../db/schema';
import {
  ANSWER_NORMALISED_MESSAGE,
  BATCH,
  ensureStageSubjects,
  optionalInt,
  optionalScore,
  optionalText,
  parseJsonLines,
  requiredText,
  type QuestionBankImportOptions,
} from './import-common';
import { ensureKnowledgePaths, PATH_SEPARATOR } from './import-knowledge-points';
import { normaliseQuestionTex } from './tex-normalise';

const TEXT_MAX = 60_000;

/**
 * Repairs TeX commands whose backslash a JSON producer took for an escape (`"\bar"` written without
 * doubling the backslash arrives as BACKSPACE + `ar`): backspace, form feed and vertical tab before a
 * letter, carriage return before a letter, and a tab before the common commands that start with t.
 */
export function repairTexEscapes(s: string): string {
  /* eslint-disable no-control-regex -- these control characters are exactly what is repaired */
  return s
    .replace(/\u0008(?=[a-z])/g, '\\b')
    .replace(/\u000c(?=[a-z])/g, '\\f')
    .replace(/\u000b(?=[a-z])/g, '\\v')
    .replace(/\r(?=[a-z])/g, '\\r')
    .replace(/\t(?=(?:imes|ext|heta|an|au|riangle|frac|o)(?![a-z]))/g, '\\t');
  /* eslint-enable no-control-regex */
}

/**
 * Markdown text: broken TeX escapes repaired, line ends normalised, the TeX repaired for KaTeX
 * (tex-normalise.ts), other control characters refused.
 */
const markdownBase = (label: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `缺少必填字段（${label}）` : `应为文本（${label}）`) })
    .transform((s) => normaliseQuestionTex(repairTexEscapes(s).replace(/\r\n?/g, '\n')))
    .refine((s) => s.length <= TEXT_MAX, `不能超过 ${TEXT_MAX} 个字（${label}）`)
    .refine(isPlainText, `${CONTROL_CHARS_MESSAGE}（${label}）`);

const markdownRequired = (label: string) => markdownBase(label).refine((s) => s.trim() !== '', `不能为空（${label}）`);

const markdownOptional = (label: string) =>
  z
    .union([markdownBase(label), z.null()])
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() ? v : null));

/**
 * A number where the contract wants text: JSON producers write fill-in answers such as 1, -2 or 0.2
 * as numbers. Kept as its decimal text (the grader compares numbers exactly, decision 010).
 */
const answerNumber = z.number();

/**
 * An answer in the contract's type (`string` or `string[]`, questionDetail.answer); `normalised` says
 * whether a number was turned into its text.
 */
function normaliseAnswer(a: string | number | (string | number)[]): { value: string | string[]; normalised: boolean } {
  if (typeof a === 'number') return { value: String(a), normalised: true };
  if (typeof a === 'string') return { value: a, normalised: false };
  return { value: a.map(String), normalised: a.some((x) => typeof x === 'number') };
}

export const questionLine = z.object({
  externalId: requiredText('externalId', 100),
  stage: requiredText('stage 学段', 50),
  subject: requiredText('subject 学科', 50),
  type: z.enum(QUESTION_TYPES, { error: `题型应为 ${QUESTION_TYPES.join('、')} 之一（type）` }),
  stem: markdownRequired('stem 题干'),
  options: z
    .union([
      z
        .array(
          z.object({
            key: z.string().trim().min(1, '选项标号不能为空（options.key）').max(8, '选项标号过长（options.key）'),
            text: markdownOptional('options.text 选项').transform((v) => v ?? ''),
          }),
          { error: '应为 [{"key","text"}] 数组（options）' },
        )
        .max(26, '选项不能超过 26 个（options）'),
      z.null(),
    ])
    .optional()
    .transform((v) => (v && v.length ? v : null)),
  answer: z
    .union(
      [
        markdownRequired('answer 答案'),
        answerNumber,
        z
          .array(z.union([markdownOptional('answer 答案').transform((v) => v ?? ''), answerNumber]))
          .min(1, '答案不能为空（answer）')
          .max(200, '答案不能超过 200 项（answer）'),
      ],
      { error: '缺少必填字段（answer 答案，应为文本或文本数组）' },
    )
    .transform(normaliseAnswer),
  analysis: markdownOptional('analysis 解析'),
  passage: markdownOptional('passage 阅读材料'),
  score: optionalScore('score 分值'),
  difficulty: optionalInt('difficulty 难度', 1, 5),
  knowledgePoints: z
    .union([z.array(z.string().trim().min(1).max(500), { error: '应为路径数组（knowledgePoints）' }).max(50), z.null()])
    .optional()
    .transform((v) => v ?? []),
  year: optionalInt('year 年份', 1900, 2100),
  region: optionalText('region 地区', 100),
  source: optionalText('source 来源', 500),
  images: z
    .union([z.array(z.string().trim().max(2000)).max(50), z.null()])
    .optional()
    .transform((v) => v ?? []),
  /** Extension: 高考真题 or 练习题; by default 高考真题 when the source names the national examination. */
  origin: z.enum(['gaokao', 'practice']).optional(),
});
export type QuestionLine = z.infer<typeof questionLine>;

/** 来源 of a question line (QUESTION_ORIGINS): explicit, or read from its source. */
export function originOf(line: Pick<QuestionLine, 'origin' | 'source'>): QuestionOrigin {
  if (line.origin) return line.origin;
  return line.source && /高考|普通高等学校招生/.test(line.source) ? 'gaokao' : 'practice';
}

/** Imports a question file. @throws only on a database failure (then nothing of the file is written). */
export async function importQuestions(
  db: Db,
  text: string,
  opts: QuestionBankImportOptions = {},
): Promise<ImportReport> {
  const started = Date.now();
  const { lines, valid, skipped } = parseJsonLines(text, questionLine);
  const warnings: ImportIssue[] = [];
  const dictionaryCreated: Record<string, number> = {};
  let created = 0;
  let updated = 0;

  // Images: only https links are kept (shown by the web app); files next to the import are not stored.
  const images = valid.map(({ line, data }) => {
    const keep = data.images.filter((u) => /^https:\/\//i.test(u));
    if (keep.length < data.images.length)
      warnings.push({ line, externalId: data.externalId, message: '只保留 https 图片链接，其他图片已忽略' });
    return keep.length ? keep : null;
  });
  for (const { line, data } of valid)
    if (data.answer.normalised)
      warnings.push({ line, externalId: data.externalId, message: ANSWER_NORMALISED_MESSAGE });

  await db.transaction(async (tx) => {
    const { stage, subject } = await ensureStageSubjects(
      tx,
      valid.map((v) => v.data),
      dictionaryCreated,
    );
    const rows = valid.map(({ data }, i) => ({
      externalId: data.externalId,
      stageId: stage.get(data.stage)!,
      subjectId: subject.get(data.subject)!,
      type: data.type,
      stem: data.stem,
      options: data.options,
      answer: data.answer.value,
      analysis: data.analysis,
      passage: data.passage,
      score: data.score,
      difficulty: data.difficulty,
      year: data.year,
      region: data.region,
      source: data.source,
      origin: originOf(data),
      images: images[i]!,
    }));

    const cols = [
      'stage_id',
      'subject_id',
      'type',
      'stem',
      'options',
      'answer',
      'analysis',
      'passage',
      'score',
      'difficulty',
      'year',
      'region',
      'source',
      'origin',
      'images',
    ];
    const changed = sql.raw(
      `(${cols.map((c) => `questions.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map((c) => `excluded.${c}`).join(', ')})`,
    );
    const idOf = new Map<string, number>();
    const touched = new Set<string>();
    // One JSON parameter per batch (jsonb_to_recordset) instead of ~16 parameters per row: binding
    // thousands of parameters dominated the import time on the embedded database.
    const setList = cols
      .filter((c) => c !== 'external_id')
      .map((c) => `${c} = excluded.${c}`)
      .join(', ');
    for (let i = 0; i < rows.length; i += BATCH) {
      const chunk = rows.slice(i, i + BATCH).map((r) => ({
        external_id: r.externalId,
        stage_id: r.stageId,
        subject_id: r.subjectId,
        type: r.type,
        stem: r.stem,
        options: r.options,
        answer: r.answer,
        analysis: r.analysis,
        passage: r.passage,
        score: r.score,
        difficulty: r.difficulty,
        year: r.year,
        region: r.region,
        source: r.source,
        origin: r.origin,
        images: r.images,
      }));
      const out = rowsOf<{ id: number; external_id: string; inserted: boolean }>(
        await tx.execute(sql`
          INSERT INTO questions (external_id, ${sql.raw(cols.join(', '))})
          SELECT x.external_id, ${sql.raw(cols.map((c) => `x.${c}`).join(', '))}
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(
            external_id text, stage_id integer, subject_id integer, type text, stem text, options jsonb,
            answer jsonb, analysis text, passage text, score double precision, difficulty smallint, year smallint,
            region text, source text, origin text, images jsonb)
          ON CONFLICT (external_id) DO UPDATE SET ${sql.raw(setList)}, updated_at = now()
          WHERE ${changed}
          RETURNING id, external_id, (xmax = 0) AS inserted`),
      );
      for (const r of out) {
        idOf.set(r.external_id, r.id);
        touched.add(r.external_id);
        if (r.inserted) created++;
        else updated++;
      }
      opts.onProgress?.('试题', Math.min(i + BATCH, rows.length), rows.length);
    }
    // Ids of the unchanged rows.
    const missing = rows.map((r) => r.externalId).filter((e) => !idOf.has(e));
    for (let i = 0; i < missing.length; i += BATCH * 5) {
      const found = await tx
        .select({ id: questions.id, externalId: questions.externalId })
        .from(questions)
        .where(inArray(questions.externalId, missing.slice(i, i + BATCH * 5)));
      for (const r of found) idOf.set(r.externalId, r.id);
    }

    // Knowledge-point links: only the questions whose set changed are rewritten.
    const wantedPaths = valid.flatMap(({ data }, i) =>
      data.knowledgePoints.map((p) => ({
        stageId: rows[i]!.stageId,
        subjectId: rows[i]!.subjectId,
        path: p
          .split(PATH_SEPARATOR)
          .map((s) => s.trim())
          .filter(Boolean),
      })),
    );
    const { ids: kpIds } = await ensureKnowledgePaths(
      tx,
      wantedPaths.filter((w) => w.path.length > 0),
    );
    const want = new Map<number, Set<number>>();
    valid.forEach(({ data }, i) => {
      const qid = idOf.get(data.externalId)!;
      const set = new Set<number>();
      for (const p of data.knowledgePoints) {
        const path = p
          .split(PATH_SEPARATOR)
          .map((s) => s.trim())
          .filter(Boolean)
          .join(PATH_SEPARATOR);
        const id = kpIds.get(`${rows[i]!.stageId}|${rows[i]!.subjectId}|${path}`);
        if (id) set.add(id);
      }
      want.set(qid, set);
    });
    const have = new Map<number, Set<number>>();
    const qids = [...want.keys()];
    for (let i = 0; i < qids.length; i += BATCH * 5) {
      const links = await tx
        .select({ q: questionKnowledgePoints.questionId, k: questionKnowledgePoints.knowledgePointId })
        .from(questionKnowledgePoints)
        .where(inArray(questionKnowledgePoints.questionId, qids.slice(i, i + BATCH * 5)));
      for (const l of links) {
        if (!have.has(l.q)) have.set(l.q, new Set());
        have.get(l.q)!.add(l.k);
      }
    }
    const rewrite = qids.filter((q) => {
      const a = want.get(q)!;
      const b = have.get(q) ?? new Set<number>();
      return a.size !== b.size || [...a].some((k) => !b.has(k));
    });
    for (let i = 0; i < rewrite.length; i += BATCH * 5)
      await tx
        .delete(questionKnowledgePoints)
        .where(inArray(questionKnowledgePoints.questionId, rewrite.slice(i, i + BATCH * 5)));
    const linkRows = rewrite.flatMap((q) => [...want.get(q)!].map((k) => ({ questionId: q, knowledgePointId: k })));
    for (let i = 0; i < linkRows.length; i += BATCH * 2)
      await tx.insert(questionKnowledgePoints).values(linkRows.slice(i, i + BATCH * 2));
    // A question whose only change is its knowledge points counts as updated.
    const byId = new Map([...idOf.entries()].map(([e, id]) => [id, e]));
    for (const q of rewrite) {
      const e = byId.get(q)!;
      if (!touched.has(e)) {
        updated++;
        touched.add(e);
      }
    }
  });

  return {
    lines,
    created,
    updated,
    unchanged: valid.length - created - updated,
    skipped,
    warnings,
    dictionaryCreated,
    durationMs: Date.now() - started,
  };
}
