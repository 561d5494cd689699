/**
 * The two ways into the question bank (docs/question-bank.md): the knowledge-point tree of a stage and
 * subject, and the chapter trees of the catalogue's books (with the books that have one), each node
 * with its question count.
 */
import type { ChapterBook, ChapterBooksQuery, ChapterTreeNode, KnowledgePointNode } from '@eav/contract';
import { and, asc, eq, exists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { dictionary, knowledgePoints, textbookChapters, textbooks } from '../../db/schema';
import { storedChapterRows } from './import-chapters';
import type { CoverUrlOf } from './routes-common';
import { chapterQuestionCounts, knowledgePointCounts } from './search-index';

/** The knowledge-point tree, optionally of one stage and/or subject. */
export async function knowledgePointTree(
  db: Db,
  f: { stageId?: number | undefined; subjectId?: number | undefined },
): Promise<KnowledgePointNode[]> {
  const conds: SQL[] = [];
  if (f.stageId) conds.push(eq(knowledgePoints.stageId, f.stageId));
  if (f.subjectId) conds.push(eq(knowledgePoints.subjectId, f.subjectId));
  const rows = await db
    .select({
      id: knowledgePoints.id,
      parentId: knowledgePoints.parentId,
      name: knowledgePoints.name,
      stageId: knowledgePoints.stageId,
      subjectId: knowledgePoints.subjectId,
    })
    .from(knowledgePoints)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(
      asc(knowledgePoints.stageId),
      asc(knowledgePoints.depth),
      asc(knowledgePoints.sortOrder),
      asc(knowledgePoints.id),
    );
  const counts = await knowledgePointCounts(db);
  const nodes = new Map<number, KnowledgePointNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        stageId: r.stageId,
        subjectId: r.subjectId,
        questionCount: counts.get(r.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: KnowledgePointNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId !== null ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The chapter tree of a book with page kinds, flags and question counts; null when the book does not exist. */
export async function chapterTreeOf(db: Db, textbookId: number): Promise<ChapterTreeNode[] | null> {
  const [book] = await db.select({ id: textbooks.id }).from(textbooks).where(eq(textbooks.id, textbookId));
  if (!book) return null;
  const rows = await storedChapterRows(db, textbookId);
  const counts = await chapterQuestionCounts(
    db,
    rows.map((r) => r.id),
  );
  const nodes = new Map<number, ChapterTreeNode>(
    rows.map((r) => {
      const node: ChapterTreeNode = {
        id: r.id,
        title: r.title,
        page: r.page,
        questionCount: counts.get(r.id) ?? 0,
        children: [],
      };
      if (r.pageKind === 'printed' || r.pageKind === 'pdf') node.pageKind = r.pageKind;
      if (r.pageInferred) node.pageInferred = true;
      if (r.starred) node.starred = true;
      return [r.id, node];
    }),
  );
  const roots: ChapterTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId !== null ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

const stageDict = alias(dictionary, 'stage_dict');
const subjectDict = alias(dictionary, 'subject_dict');
const editionDict = alias(dictionary, 'edition_dict');
const gradeDict = alias(dictionary, 'grade_dict');
const volumeDict = alias(dictionary, 'volume_dict');

/**
 * The books that have a chapter tree (同步资源 picker), in catalogue order, each with its cover's URL
 * by the catalogue's rule (`coverUrlOf`).
 */
export async function booksWithChapters(db: Db, f: ChapterBooksQuery, coverUrlOf: CoverUrlOf): Promise<ChapterBook[]> {
  const conds: SQL[] = [
    exists(
      db
        .select({ one: sql`1` })
        .from(textbookChapters)
        .where(eq(textbookChapters.textbookId, textbooks.id)),
    ),
  ];
  if (f.stageId) conds.push(eq(textbooks.stageId, f.stageId));
  if (f.subjectId) conds.push(eq(textbooks.subjectId, f.subjectId));
  if (f.editionId) conds.push(eq(textbooks.editionId, f.editionId));
  if (f.gradeId) conds.push(eq(textbooks.gradeId, f.gradeId));
  if (f.volumeId) conds.push(eq(textbooks.volumeId, f.volumeId));
  const rows = await db
    .select({
      id: textbooks.id,
      externalId: textbooks.externalId,
      title: textbooks.title,
      stageId: textbooks.stageId,
      stageName: stageDict.name,
      subjectId: textbooks.subjectId,
      subjectName: subjectDict.name,
      editionId: textbooks.editionId,
      editionName: editionDict.name,
      gradeId: textbooks.gradeId,
      gradeName: gradeDict.name,
      volumeId: textbooks.volumeId,
      volumeName: volumeDict.name,
      coverUrl: textbooks.coverUrl,
      coverKey: textbooks.coverKey,
      updatedAt: textbooks.updatedAt,
      chapterCount: sql<number>`(SELECT count(*)::int FROM ${textbookChapters} WHERE ${textbookChapters.textbookId} = ${textbooks.id})`,
    })
    .from(textbooks)
    .innerJoin(stageDict, eq(stageDict.id, textbooks.stageId))
    .innerJoin(subjectDict, eq(subjectDict.id, textbooks.subjectId))
    .innerJoin(editionDict, eq(editionDict.id, textbooks.editionId))
    .leftJoin(gradeDict, eq(gradeDict.id, textbooks.gradeId))
    .leftJoin(volumeDict, eq(volumeDict.id, textbooks.volumeId))
    .where(and(...conds))
    .orderBy(
      asc(stageDict.sortOrder),
      asc(subjectDict.sortOrder),
      asc(editionDict.sortOrder),
      asc(gradeDict.sortOrder),
      asc(volumeDict.sortOrder),
      asc(textbooks.id),
    );
  return rows.map((r) => {
    // The catalogue's cover rule (docs/textbooks.md, Covers).
    const coverUrl = coverUrlOf(r);
    return {
      id: r.id,
      externalId: r.externalId,
      title: r.title,
      stage: { id: r.stageId, name: r.stageName },
      subject: { id: r.subjectId, name: r.subjectName },
      edition: { id: r.editionId, name: r.editionName },
      grade: r.gradeId && r.gradeName ? { id: r.gradeId, name: r.gradeName } : null,
      volume: r.volumeId && r.volumeName ? { id: r.volumeId, name: r.volumeName } : null,
      coverUrl,
      chapterCount: r.chapterCount,
    };
  });
}
