/**
 * Paper importer (docs/api.md, Papers): JSON Lines, one paper a line, keyed by `externalId`; its
 * sections name questions by their externalId, so the questions are imported first. A question that
 * is not in the bank is left out with a remark; a paper none of whose questions is known is skipped.
 * Used by `npm run import:papers` and the console's import jobs (`kind=papers`).
 */
import { PAPER_TYPES, type ImportIssue, type ImportReport } from '@eav/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { paperQuestions, papers, questions } from '../../db/schema';
import {
  BATCH,
  ensureNames,
  ensureStageSubjects,
  optionalInt,
  optionalScore,
  optionalText,
  parseJsonLines,
  requiredText,
  type QuestionBankImportOptions,
} from './import-common';

export const paperLine = z.object({
  externalId: requiredText('externalId', 100),
  title: requiredText('title 试卷名称', 200),
  stage: requiredText('stage 学段', 50),
  subject: requiredText('subject 学科', 50),
  paperType: z.enum(PAPER_TYPES, { error: `试卷类型应为 ${PAPER_TYPES.join('、')} 之一（paperType）` }),
  year: optionalInt('year 年份', 1900, 2100),
  region: optionalText('region 地区', 100),
  grade: optionalText('grade 年级', 50),
  partial: z.boolean({ error: '应为 true 或 false（partial）' }).optional().default(false),
  sections: z
    .array(
      z.object({
        title: requiredText('sections.title 大题标题', 100),
        questions: z
          .array(
            z.object({
              externalId: requiredText('sections.questions.externalId', 100),
              number: optionalInt('sections.questions.number 题号', 0, 10_000),
              score: optionalScore('sections.questions.score 分值'),
            }),
            { error: '应为试题数组（sections.questions）' },
          )
          .max(500, '一个大题不能超过 500 道题（sections.questions）'),
      }),
      { error: '缺少必填字段（sections 大题，应为数组）' },
    )
    .min(1, '至少要有一个大题（sections）')
    .max(50, '大题不能超过 50 个（sections）'),
});
export type PaperLine = z.infer<typeof paperLine>;

interface Entry {
  sectionIndex: number;
  sectionTitle: string;
  number: number;
  score: number | null;
  questionId: number;
}

const signature = (entries: Entry[]) =>
  entries
    .map((e) => `${e.sectionIndex}\u241f${e.sectionTitle}\u241f${e.number}\u241f${e.score}\u241f${e.questionId}`)
    .join('\n');

/** Imports a paper file. @throws only on a database failure (then nothing of the file is written). */
export async function importPapers(db: Db, text: string, opts: QuestionBankImportOptions = {}): Promise<ImportReport> {
  const started = Date.now();
  const parsed = parseJsonLines(text, paperLine);
  const { lines } = parsed;
  const skipped = [...parsed.skipped];
  const warnings: ImportIssue[] = [];
  const dictionaryCreated: Record<string, number> = {};
  let created = 0;
  let updated = 0;
  let unchanged = 0;

  await db.transaction(async (tx) => {
    // The questions the papers name.
    const refs = [
      ...new Set(parsed.valid.flatMap((v) => v.data.sections.flatMap((s) => s.questions.map((q) => q.externalId)))),
    ];
    const qid = new Map<string, number>();
    for (let i = 0; i < refs.length; i += BATCH * 5) {
      const rows = await tx
        .select({ id: questions.id, externalId: questions.externalId })
        .from(questions)
        .where(inArray(questions.externalId, refs.slice(i, i + BATCH * 5)));
      for (const r of rows) qid.set(r.externalId, r.id);
    }
    const valid = parsed.valid.filter(({ line, data }) => {
      const named = data.sections.flatMap((s) => s.questions);
      const unknown = named.filter((q) => !qid.has(q.externalId));
      if (named.length && unknown.length === named.length) {
        skipped.push({ line, externalId: data.externalId, message: '试卷中的试题都不在题库中，请先导入试题' });
        return false;
      }
      if (unknown.length)
        warnings.push({
          line,
          externalId: data.externalId,
          message: `${unknown.length} 道试题不在题库中，已略去：${unknown
            .slice(0, 5)
            .map((q) => q.externalId)
            .join('、')}${unknown.length > 5 ? '等' : ''}`,
        });
      return true;
    });
    skipped.sort((a, b) => a.line - b.line);

    const { stage, subject } = await ensureStageSubjects(
      tx,
      valid.map((v) => v.data),
      dictionaryCreated,
    );
    const gradeStage = new Map<string, number>();
    for (const { data } of valid)
      if (data.grade && !gradeStage.has(data.grade)) gradeStage.set(data.grade, stage.get(data.stage)!);
    const grade = await ensureNames(
      tx,
      'grade',
      gradeStage.keys(),
      dictionaryCreated,
      (g) => gradeStage.get(g) ?? null,
    );

    const prepared = valid.map(({ data }) => {
      const entries: Entry[] = [];
      data.sections.forEach((s, si) => {
        s.questions.forEach((q, qi) => {
          const id = qid.get(q.externalId);
          if (id)
            entries.push({
              sectionIndex: si,
              sectionTitle: s.title,
              number: q.number ?? qi + 1,
              score: q.score,
              questionId: id,
            });
        });
      });
      return {
        row: {
          externalId: data.externalId,
          title: data.title,
          stageId: stage.get(data.stage)!,
          subjectId: subject.get(data.subject)!,
          gradeId: data.grade ? grade.get(data.grade)! : null,
          paperType: data.paperType,
          year: data.year,
          region: data.region,
          partial: data.partial,
          questionCount: entries.length,
          totalScore: entries.reduce((sum, e) => sum + (e.score ?? 0), 0),
        },
        entries,
      };
    });

    const cols = [
      'title',
      'stage_id',
      'subject_id',
      'grade_id',
      'paper_type',
      'year',
      'region',
      'partial',
      'question_count',
      'total_score',
    ];
    const ex = (c: string) => sql.raw(`excluded.${c}`);
    const changed = sql.raw(
      `(${cols.map((c) => `papers.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map((c) => `excluded.${c}`).join(', ')})`,
    );
    const idOf = new Map<string, number>();
    const state = new Map<string, 'created' | 'updated'>();
    for (let i = 0; i < prepared.length; i += BATCH) {
      const out = await tx
        .insert(papers)
        .values(prepared.slice(i, i + BATCH).map((p) => p.row))
        .onConflictDoUpdate({
          target: papers.externalId,
          set: {
            title: ex('title'),
            stageId: ex('stage_id'),
            subjectId: ex('subject_id'),
            gradeId: ex('grade_id'),
            paperType: ex('paper_type'),
            year: ex('year'),
            region: ex('region'),
            partial: ex('partial'),
            questionCount: ex('question_count'),
            totalScore: ex('total_score'),
            updatedAt: sql`now()`,
          },
          setWhere: changed,
        })
        .returning({ id: papers.id, externalId: papers.externalId, inserted: sql<boolean>`(xmax = 0)` });
      for (const r of out) {
        idOf.set(r.externalId, r.id);
        state.set(r.externalId, r.inserted ? 'created' : 'updated');
      }
    }
    const missing = prepared.map((p) => p.row.externalId).filter((e) => !idOf.has(e));
    for (let i = 0; i < missing.length; i += BATCH * 5) {
      const rows = await tx
        .select({ id: papers.id, externalId: papers.externalId })
        .from(papers)
        .where(inArray(papers.externalId, missing.slice(i, i + BATCH * 5)));
      for (const r of rows) idOf.set(r.externalId, r.id);
    }

    // Question lists: rewritten only where they differ from the stored one.
    const ids = [...idOf.values()];
    const stored = new Map<number, Entry[]>();
    for (let i = 0; i < ids.length; i += BATCH * 5) {
      const rows = await tx
        .select({
          paperId: paperQuestions.paperId,
          sectionIndex: paperQuestions.sectionIndex,
          sectionTitle: paperQuestions.sectionTitle,
          number: paperQuestions.number,
          score: paperQuestions.score,
          questionId: paperQuestions.questionId,
        })
        .from(paperQuestions)
        .where(inArray(paperQuestions.paperId, ids.slice(i, i + BATCH * 5)))
        .orderBy(paperQuestions.paperId, paperQuestions.position);
      for (const r of rows) {
        if (!stored.has(r.paperId)) stored.set(r.paperId, []);
        stored.get(r.paperId)!.push(r);
      }
    }
    const rewrite: { paperId: number; entries: Entry[] }[] = [];
    for (const p of prepared) {
      const paperId = idOf.get(p.row.externalId)!;
      const differs = signature(stored.get(paperId) ?? []) !== signature(p.entries);
      if (differs) rewrite.push({ paperId, entries: p.entries });
      const s = state.get(p.row.externalId);
      if (s === 'created') created++;
      else if (s === 'updated' || differs) updated++;
      else unchanged++;
    }
    for (const r of rewrite) await tx.delete(paperQuestions).where(eq(paperQuestions.paperId, r.paperId));
    const rows = rewrite.flatMap((r) => r.entries.map((e, position) => ({ paperId: r.paperId, position, ...e })));
    for (let i = 0; i < rows.length; i += BATCH * 2) {
      await tx.insert(paperQuestions).values(rows.slice(i, i + BATCH * 2));
      opts.onProgress?.('试卷', Math.min(i + BATCH * 2, rows.length), rows.length);
    }
  });

  return { lines, created, updated, unchanged, skipped, warnings, dictionaryCreated, durationMs: Date.now() - started };
}
