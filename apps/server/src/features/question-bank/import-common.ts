/**
 * What the four question-bank importers share (docs/api.md, Import formats; docs/question-bank.md):
 * JSON Lines parsing with a Chinese reason per bad line (1-based line number, the line skipped, the
 * rest imported), "the last line wins" for a repeated externalId, dictionary entries created on the
 * fly, progress for a terminal, and the report.
 */
import { CONTROL_CHARS_MESSAGE, isPlainText, type DictKind, type ImportIssue, type ImportReport } from '@eav/contract';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { stageSubject } from '../../db/schema';
import { readJsonLines, type JsonLine } from '../../lib/json-lines';
import { ensureImportedNames } from '../../seed/dictionaries';

/** Rows per INSERT statement: large enough to amortise round trips, small enough for parameter limits. */
export const BATCH = 400;

/** Progress of a long import: `done` of `total` units of `phase` (CLI prints it on a terminal). */
export type ProgressFn = (phase: string, done: number, total: number) => void;

export interface QuestionBankImportOptions {
  onProgress?: ProgressFn | undefined;
}

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? `缺少必填字段（${label}）` : `应为文本（${label}）`) })
    .trim()
    .min(1, `不能为空（${label}）`)
    .max(max, `不能超过 ${max} 个字（${label}）`)
    .refine(isPlainText, `${CONTROL_CHARS_MESSAGE}（${label}）`);

export const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
    .refine((v) => v === null || v.length <= max, `不能超过 ${max} 个字（${label}）`)
    .refine((v) => v === null || isPlainText(v), `${CONTROL_CHARS_MESSAGE}（${label}）`);

export const optionalInt = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : Number(v)))
    .refine(
      (v) => v === null || (Number.isInteger(v) && v >= min && v <= max),
      `应为 ${min} 到 ${max} 之间的整数（${label}）`,
    );

export const optionalScore = (label: string) =>
  z
    .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : Number(v)))
    .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v <= 1000), `应为 0 到 1000 之间的数（${label}）`);

/**
 * Reads `text` as JSON Lines validated by `schema` (lib/json-lines.ts). Returns the valid lines (a
 * repeated externalId keeps its last line, the earlier ones are reported) and the skipped ones.
 */
export function parseJsonLines<T extends { externalId: string }>(
  text: string,
  schema: z.ZodType<T>,
): { lines: number; valid: JsonLine<T>[]; skipped: ImportIssue[] } {
  const { lines, valid, skipped } = readJsonLines(text, schema, (issue) => {
    const key = issue.path.map(String).join('.');
    return issue.message.includes('（') || !key ? issue.message : `${issue.message}（${key}）`;
  });
  const lastLine = new Map<string, number>();
  for (const v of valid) lastLine.set(v.data.externalId, v.line);
  const unique = valid.filter((v) => {
    const last = lastLine.get(v.data.externalId)!;
    if (last === v.line) return true;
    skipped.push({
      line: v.line,
      externalId: v.data.externalId,
      message: `externalId 与第 ${last} 行重复，以第 ${last} 行为准`,
    });
    return false;
  });
  skipped.sort((a, b) => a.line - b.line);
  return { lines, valid: unique, skipped };
}

/**
 * The ids of the `kind` names of an import, made where missing under their official spelling
 * (`ensureImportedNames`); adds the count of new entries to `created`.
 */
export async function ensureNames(
  tx: Tx,
  kind: DictKind,
  names: Iterable<string>,
  created: Record<string, number>,
  stageOf?: (name: string) => number | null,
): Promise<Map<string, number>> {
  const { ids, created: made } = await ensureImportedNames(tx, kind, names, stageOf);
  if (made) created[kind] = (created[kind] ?? 0) + made;
  return ids;
}

/** Stage and subject ids of the lines, and the stage → subject pairs recorded for the dictionary calls. */
export async function ensureStageSubjects(
  tx: Tx,
  rows: { stage: string; subject: string }[],
  created: Record<string, number>,
): Promise<{ stage: Map<string, number>; subject: Map<string, number> }> {
  const stage = await ensureNames(
    tx,
    'stage',
    rows.map((r) => r.stage),
    created,
  );
  const subject = await ensureNames(
    tx,
    'subject',
    rows.map((r) => r.subject),
    created,
  );
  const pairs = new Map<string, { stageId: number; subjectId: number }>();
  for (const r of rows) {
    const stageId = stage.get(r.stage)!;
    const subjectId = subject.get(r.subject)!;
    pairs.set(`${stageId}:${subjectId}`, { stageId, subjectId });
  }
  if (pairs.size)
    await tx
      .insert(stageSubject)
      .values([...pairs.values()])
      .onConflictDoNothing();
  return { stage, subject };
}

export function emptyReport(lines: number, skipped: ImportIssue[]): ImportReport {
  return { lines, created: 0, updated: 0, unchanged: 0, skipped, warnings: [], dictionaryCreated: {}, durationMs: 0 };
}

/** Remark of an imported question whose answer held numbers, stored as their text (formatReport counts them). */
export const ANSWER_NORMALISED_MESSAGE = '答案中的数字已按文本导入（answer）';

/** Human-readable report for the CLI (Chinese, one issue a line). */
export function formatReport(kindLabel: string, report: ImportReport, maxIssues = 200): string {
  const out = [
    `${kindLabel}导入完成：共 ${report.lines} 行，新增 ${report.created}，更新 ${report.updated}，未变化 ${report.unchanged}，跳过 ${report.skipped.length}（用时 ${(report.durationMs / 1000).toFixed(1)} 秒）`,
  ];
  const dict = Object.entries(report.dictionaryCreated);
  if (dict.length) out.push(`新建字典项：${dict.map(([k, n]) => `${k} ${n}`).join('，')}`);
  const normalised = report.warnings.filter((w) => w.message === ANSWER_NORMALISED_MESSAGE).length;
  if (normalised) out.push(`答案规范为文本：${normalised} 道试题`);
  const list = (title: string, issues: ImportIssue[]) => {
    if (!issues.length) return;
    out.push(`${title}（${issues.length}）：`);
    for (const s of issues.slice(0, maxIssues))
      out.push(`  第 ${s.line} 行${s.externalId ? `（${s.externalId}）` : ''}：${s.message}`);
    if (issues.length > maxIssues) out.push(`  ……另有 ${issues.length - maxIssues} 行未列出`);
  };
  list('跳过的行', report.skipped);
  list('提示', report.warnings);
  return out.join('\n');
}
