/**
 * Chapter ↔ knowledge-point mapping (docs/question-bank.md, Chapter ↔ knowledge-point mapping): which
 * knowledge points a chapter of a textbook teaches, computed from titles at chapter and
 * knowledge-point import, so that `GET /api/v1/questions?chapterId=` and the 同步练习 sheets find a
 * chapter's questions. The rule:
 *
 * 1. Titles are normalised: leading numbering (第一章, 1.2, Unit 3, 一、), bracketed asides ((一), （组）)
 *    and everything but letters and digits are dropped. Chapters that are not teaching content
 *    (小结, 复习题, 数学活动, 阅读与思考, …) map to nothing.
 * 2. Candidates are the knowledge points of the book's stage and subject below the top level (a top
 *    level such as 数 or 函数 is too broad to stand for a chapter).
 * 3. Score: 1 for the same name; the length ratio when one name contains the other (有理数 in
 *    有理数的乘方: 3/6); otherwise the Dice coefficient of their character pairs when they share two
 *    pairs or more.
 * 4. A chapter maps to the candidates with the same name when there are any; otherwise to those scoring
 *    at least 0.5 and within 0.1 of its best score (at most 8).
 *    Questions of a chapter are those of its knowledge points or any point below them, of the chapter or
 *    any chapter below it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chapterKnowledgePoints, knowledgePoints, textbookChapters, textbooks } from '../../db/schema';
import { BATCH } from './import-common';

const NOT_CONTENT =
  /^(小结|复习|习题|数学活动|阅读与思考|实验与探究|观察与猜想|信息技术应用|部分中英文|附录|数学乐园|整理和复习|总复习|课题学习|综合与实践|数学文化|探究与发现|文献阅读|回顾与思考|目录|前言)/;

/** A title reduced to the letters and digits that carry its meaning. */
export function normaliseTitle(title: string): string {
  return title
    .replace(/[（(][^（）()]*[）)]/g, '')
    .replace(/——.*$/, '')
    .replace(
      /^\s*(第[一二三四五六七八九十百零〇\d]+[章节单元课部分篇讲]|unit\s*\d+|[一二三四五六七八九十]+[、.．]|\d+(\.\d+)*[、.．]?)\s*/i,
      '',
    )
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();
}

function pairs(s: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < s.length; i++) out.add(s.slice(i, i + 2));
  return out;
}

/** How well a knowledge-point name stands for a chapter title (both normalised), 0…1. */
export function matchScore(chapter: string, kp: string, chapterPairs = pairs(chapter), kpPairs = pairs(kp)): number {
  if (kp.length < 2 || chapter.length < 2) return 0;
  if (chapter === kp) return 1;
  if (chapter.includes(kp)) return kp.length / chapter.length;
  if (kp.includes(chapter)) return chapter.length / kp.length;
  let shared = 0;
  for (const p of kpPairs) if (chapterPairs.has(p)) shared++;
  if (shared < 2) return 0;
  return (2 * shared) / (chapterPairs.size + kpPairs.size);
}

const MIN_SCORE = 0.5;
const WITHIN_BEST = 0.1;
const MAX_PER_CHAPTER = 8;

/** The knowledge points a chapter title maps to (ids), by the rule of this file. */
export function mapTitle(title: string, candidates: { id: number; norm: string; pairs: Set<string> }[]): number[] {
  if (NOT_CONTENT.test(title.replace(/^\s*[\d.、]+\s*/, ''))) return [];
  const norm = normaliseTitle(title);
  if (norm.length < 2 || NOT_CONTENT.test(norm)) return [];
  const np = pairs(norm);
  const scored = candidates
    .map((c) => ({ id: c.id, score: matchScore(norm, c.norm, np, c.pairs) }))
    .filter((s) => s.score >= MIN_SCORE);
  if (!scored.length) return [];
  const best = Math.max(...scored.map((s) => s.score));
  return scored
    .filter((s) => (best === 1 ? s.score === 1 : s.score >= best - WITHIN_BEST))
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_PER_CHAPTER)
    .map((s) => s.id);
}

/**
 * Computes the mapping again for the chapters of the books of each stage and subject given (all of
 * their chapters, optionally only those of `textbookIds`), inside the import's transaction.
 */
export async function recomputeChapterMapping(
  tx: Tx,
  scopes: { stageId: number; subjectId: number }[],
  textbookIds?: number[],
): Promise<number> {
  let mapped = 0;
  for (const { stageId, subjectId } of scopes) {
    const kps = await tx
      .select({ id: knowledgePoints.id, name: knowledgePoints.name, depth: knowledgePoints.depth })
      .from(knowledgePoints)
      .where(and(eq(knowledgePoints.stageId, stageId), eq(knowledgePoints.subjectId, subjectId)));
    const candidates = kps
      .filter((k) => k.depth >= 2)
      .map((k) => {
        const norm = normaliseTitle(k.name);
        return { id: k.id, norm, pairs: pairs(norm) };
      });
    const bookFilter = [eq(textbooks.stageId, stageId), eq(textbooks.subjectId, subjectId)];
    if (textbookIds) {
      if (!textbookIds.length) continue;
      bookFilter.push(inArray(textbooks.id, textbookIds));
    }
    const chapters = await tx
      .select({ id: textbookChapters.id, title: textbookChapters.title })
      .from(textbookChapters)
      .innerJoin(textbooks, eq(textbooks.id, textbookChapters.textbookId))
      .where(and(...bookFilter));
    if (!chapters.length) continue;
    const ids = chapters.map((c) => c.id);
    for (let i = 0; i < ids.length; i += BATCH * 5)
      await tx
        .delete(chapterKnowledgePoints)
        .where(inArray(chapterKnowledgePoints.chapterId, ids.slice(i, i + BATCH * 5)));
    if (!candidates.length) continue;
    const rows = chapters.flatMap((c) =>
      mapTitle(c.title, candidates).map((knowledgePointId) => ({ chapterId: c.id, knowledgePointId })),
    );
    for (let i = 0; i < rows.length; i += BATCH * 2)
      await tx
        .insert(chapterKnowledgePoints)
        .values(rows.slice(i, i + BATCH * 2))
        .onConflictDoNothing();
    mapped += rows.length;
  }
  return mapped;
}
