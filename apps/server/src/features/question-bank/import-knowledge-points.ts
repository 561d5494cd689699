/**
 * Knowledge-point importer (docs/api.md, Knowledge points): one node a line, `{"externalId", "stage",
 * "subject", "path": ["数", "有理数", "正数和负数"]}`; parents are created from the path. Keyed by
 * stage, subject and path (re-import updates in place); afterwards the chapter ↔ knowledge-point
 * mapping of the stages and subjects touched is computed again (mapping.ts).
 */
import { isPlainText, type ImportReport } from '@eav/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { knowledgePoints } from '../../db/schema';
import {
  BATCH,
  ensureStageSubjects,
  parseJsonLines,
  requiredText,
  type QuestionBankImportOptions,
} from './import-common';
import { recomputeChapterMapping } from './mapping';

/** Separator of knowledge-point paths (docs/api.md, Questions `knowledgePoints`). */
export const PATH_SEPARATOR = '>';

const nodeName = z
  .string()
  .trim()
  .min(1, '路径中有空的层级（path）')
  .max(100, '路径中的名称不能超过 100 个字（path）')
  .refine((s) => !s.includes(PATH_SEPARATOR), `路径中的名称不能包含 ${PATH_SEPARATOR}（path）`)
  .refine(isPlainText, '路径中的名称不能包含控制字符（path）');

export const knowledgePointLine = z.object({
  externalId: requiredText('externalId', 100),
  stage: requiredText('stage 学段', 50),
  subject: requiredText('subject 学科', 50),
  path: z
    .array(nodeName, { error: '缺少必填字段（path 路径，应为名称数组）' })
    .min(1, '路径不能为空（path）')
    .max(10, '路径不能超过 10 层（path）'),
});
export type KnowledgePointLine = z.infer<typeof knowledgePointLine>;

interface KpRow {
  id: number;
  externalId: string | null;
}

/**
 * Makes sure every path (and every prefix of it) exists for its stage and subject; returns
 * `stageId|subjectId|path` → id. New nodes are inserted level by level so parents exist first.
 */
export async function ensureKnowledgePaths(
  tx: Tx,
  wanted: { stageId: number; subjectId: number; path: string[]; externalId?: string | null }[],
): Promise<{ ids: Map<string, number>; created: number; updated: number; existing: Set<string> }> {
  const key = (s: number, j: number, p: string) => `${s}|${j}|${p}`;
  const pairs = new Map<string, { stageId: number; subjectId: number }>();
  for (const w of wanted) pairs.set(`${w.stageId}|${w.subjectId}`, { stageId: w.stageId, subjectId: w.subjectId });
  const known = new Map<string, KpRow>();
  for (const p of pairs.values()) {
    const rows = await tx
      .select({ id: knowledgePoints.id, externalId: knowledgePoints.externalId, path: knowledgePoints.path })
      .from(knowledgePoints)
      .where(and(eq(knowledgePoints.stageId, p.stageId), eq(knowledgePoints.subjectId, p.subjectId)));
    for (const r of rows) known.set(key(p.stageId, p.subjectId, r.path), { id: r.id, externalId: r.externalId });
  }
  const existing = new Set(known.keys());
  // Every node to have, in first-seen order (the tree's display order), with the externalId of its own line.
  const nodes = new Map<
    string,
    { stageId: number; subjectId: number; path: string[]; externalId: string | null; order: number }
  >();
  let order = 0;
  for (const w of wanted) {
    for (let d = 1; d <= w.path.length; d++) {
      const p = w.path.slice(0, d);
      const k = key(w.stageId, w.subjectId, p.join(PATH_SEPARATOR));
      const own = d === w.path.length ? (w.externalId ?? null) : null;
      const prev = nodes.get(k);
      if (!prev) nodes.set(k, { stageId: w.stageId, subjectId: w.subjectId, path: p, externalId: own, order: order++ });
      else if (own) prev.externalId = own;
    }
  }
  let created = 0;
  const maxDepth = Math.max(0, ...[...nodes.values()].map((n) => n.path.length));
  for (let depth = 1; depth <= maxDepth; depth++) {
    const level = [...nodes.entries()].filter(([k, n]) => n.path.length === depth && !known.has(k));
    for (let i = 0; i < level.length; i += BATCH) {
      const chunk = level.slice(i, i + BATCH);
      const rows = await tx
        .insert(knowledgePoints)
        .values(
          chunk.map(([, n]) => ({
            externalId: n.externalId,
            stageId: n.stageId,
            subjectId: n.subjectId,
            parentId:
              depth === 1 ? null : known.get(key(n.stageId, n.subjectId, n.path.slice(0, -1).join(PATH_SEPARATOR)))!.id,
            name: n.path[n.path.length - 1]!,
            path: n.path.join(PATH_SEPARATOR),
            depth,
            sortOrder: n.order,
          })),
        )
        .returning({
          id: knowledgePoints.id,
          stageId: knowledgePoints.stageId,
          subjectId: knowledgePoints.subjectId,
          path: knowledgePoints.path,
        });
      for (const r of rows) known.set(key(r.stageId, r.subjectId, r.path), { id: r.id, externalId: null });
      created += rows.length;
    }
  }
  // Existing nodes whose own line names another externalId.
  let updated = 0;
  const changes = [...nodes.entries()].filter(
    ([k, n]) => existing.has(k) && n.externalId !== null && known.get(k)!.externalId !== n.externalId,
  );
  for (const [k, n] of changes) {
    await tx
      .update(knowledgePoints)
      .set({ externalId: n.externalId })
      .where(eq(knowledgePoints.id, known.get(k)!.id));
    updated++;
  }
  const ids = new Map([...known.entries()].map(([k, v]) => [k, v.id]));
  return { ids, created, updated, existing };
}

/** Imports a knowledge-point file. @throws only on a database failure (then nothing is written). */
export async function importKnowledgePoints(
  db: Db,
  text: string,
  opts: QuestionBankImportOptions = {},
): Promise<ImportReport> {
  const started = Date.now();
  const { lines, valid, skipped } = parseJsonLines(text, knowledgePointLine);
  const dictionaryCreated: Record<string, number> = {};
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  await db.transaction(async (tx) => {
    opts.onProgress?.('知识点', 0, valid.length);
    const { stage, subject } = await ensureStageSubjects(
      tx,
      valid.map((v) => v.data),
      dictionaryCreated,
    );
    const wanted = valid.map(({ data }) => ({
      stageId: stage.get(data.stage)!,
      subjectId: subject.get(data.subject)!,
      path: data.path,
      externalId: data.externalId,
    }));
    // Lines whose node existed before, and whether their externalId was already the same.
    const before = new Map<string, string | null>();
    const pathKeys = wanted.map((w) => `${w.stageId}|${w.subjectId}|${w.path.join(PATH_SEPARATOR)}`);
    if (wanted.length) {
      const rows = await tx
        .select({
          k: sql<string>`${knowledgePoints.stageId} || '|' || ${knowledgePoints.subjectId} || '|' || ${knowledgePoints.path}`,
          externalId: knowledgePoints.externalId,
        })
        .from(knowledgePoints)
        .where(inArray(knowledgePoints.stageId, [...new Set(wanted.map((w) => w.stageId))]));
      for (const r of rows) before.set(r.k, r.externalId);
    }
    await ensureKnowledgePaths(tx, wanted);
    wanted.forEach((w, i) => {
      const k = pathKeys[i]!;
      if (!before.has(k)) created++;
      else if (before.get(k) === w.externalId) unchanged++;
      else updated++;
    });
    opts.onProgress?.('知识点', valid.length, valid.length);
    const pairs = [...new Map(wanted.map((w) => [`${w.stageId}|${w.subjectId}`, w])).values()];
    await recomputeChapterMapping(tx, pairs);
  });
  return {
    lines,
    created,
    updated,
    unchanged,
    skipped,
    warnings: [],
    dictionaryCreated,
    durationMs: Date.now() - started,
  };
}
