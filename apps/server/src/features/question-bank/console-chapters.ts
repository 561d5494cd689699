/**
 * The console's chapter tree editor (docs/console-content.md, Chapter tree editor): reads a book's
 * tree with the number of rows that reference each node, and saves a whole edited tree in place.
 *
 * Nodes are rows of `textbook_chapters` with their `chapter_details`; resources and teaching
 * assignments point at a node by id without a foreign key, videos with one (`set null`). So a save
 * keeps the id of every node the editor sends back with its id (renamed or moved alike), inserts
 * the nodes without one, and deletes the rest, refusing with 409 when one of those is still
 * referenced. The title-path key of `chapter_details` is written again, so a later `import:chapters`
 * of the same tree matches the edited nodes. The chapter ↔ knowledge-point mapping is computed again.
 */
import { TextbookMessages, type ConsoleChapterInput, type ConsoleChapterNode } from '@eav/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { chapterDetails, resources, teachingAssignments, textbookChapters, textbooks, videos } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditJson } from '../../lib/operator-audit';
import { flattenTree, storedChapterRows, type ChapterLineNode, type StoredNode } from './import-chapters';
import { recomputeChapterMapping } from './mapping';

/** Titles kept in an audit snapshot; a larger tree is cut there (`truncated: true`). */
const AUDIT_TITLES_MAX = 300;
/** Rows written by one statement. */
const BATCH = 500;

type StoredRow = StoredNode;

/** How many resources, videos and teaching assignments point at each chapter of a book. */
async function referenceCounts(db: Db | Tx, textbookId: number): Promise<Map<number, number>> {
  const ofBook = db
    .select({ id: textbookChapters.id })
    .from(textbookChapters)
    .where(eq(textbookChapters.textbookId, textbookId));
  const n = sql<number>`count(*)::int`;
  const counted = await Promise.all([
    db
      .select({ id: resources.chapterId, n })
      .from(resources)
      .where(inArray(resources.chapterId, ofBook))
      .groupBy(resources.chapterId),
    db
      .select({ id: videos.chapterId, n })
      .from(videos)
      .where(inArray(videos.chapterId, ofBook))
      .groupBy(videos.chapterId),
    db
      .select({ id: teachingAssignments.chapterId, n })
      .from(teachingAssignments)
      .where(inArray(teachingAssignments.chapterId, ofBook))
      .groupBy(teachingAssignments.chapterId),
  ]);
  const out = new Map<number, number>();
  for (const rows of counted)
    for (const r of rows) if (r.id !== null) out.set(r.id, (out.get(r.id) ?? 0) + Number(r.n));
  return out;
}

function buildTree(rows: StoredRow[], refs: Map<number, number>): ConsoleChapterNode[] {
  const nodes = new Map<number, ConsoleChapterNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        page: r.page,
        pageKind: r.pageKind === 'pdf' ? 'pdf' : 'printed',
        pageInferred: r.pageInferred ?? false,
        starred: r.starred ?? false,
        refs: refs.get(r.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: ConsoleChapterNode[] = [];
  for (const r of rows) {
    const parent = r.parentId !== null ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(nodes.get(r.id)!);
    else roots.push(nodes.get(r.id)!);
  }
  return roots;
}

/** The book's title and chapter tree for the editor. @throws 404 when there is no such book. */
export async function consoleChapterTreeOf(
  db: Db | Tx,
  textbookId: number,
): Promise<{ textbookId: number; title: string; chapters: ConsoleChapterNode[] }> {
  const [book] = await db.select({ title: textbooks.title }).from(textbooks).where(eq(textbooks.id, textbookId));
  if (!book) throw notFound(TextbookMessages.notFound);
  const [rows, refs] = await Promise.all([storedChapterRows(db, textbookId), referenceCounts(db, textbookId)]);
  return { textbookId, title: book.title, chapters: buildTree(rows, refs) };
}

/**
 * An audit snapshot of a tree: its node count and its titles in order, indented by depth with two
 * spaces, at most AUDIT_TITLES_MAX of them.
 */
export function treeSnapshot(outline: { title: string; depth: number }[]): Record<string, AuditJson> {
  const titles = outline.slice(0, AUDIT_TITLES_MAX).map((n) => `${'  '.repeat(n.depth - 1)}${n.title}`);
  return { nodes: outline.length, titles, truncated: outline.length > AUDIT_TITLES_MAX };
}

function storedOutline(rows: StoredRow[]): { title: string; depth: number }[] {
  const out: { title: string; depth: number }[] = [];
  const walk = (ns: ConsoleChapterNode[], depth: number) => {
    for (const n of ns) {
      out.push({ title: n.title, depth });
      walk(n.children, depth + 1);
    }
  };
  walk(buildTree(rows, new Map()), 1);
  return out;
}

export interface SavedChapters {
  changed: boolean;
  before: Record<string, AuditJson>;
  after: Record<string, AuditJson>;
}

/**
 * Replaces the chapter tree of book `textbookId` with `tree` inside `tx` (the caller's transaction,
 * which also writes the audit row); `now` becomes the book's `updatedAt`. Nodes sent with an id keep it; nodes without one are inserted;
 * stored nodes not sent are deleted.
 * @throws 404 for an unknown book; 400 when an id is not a node of this book; 409 when a node to
 *   delete is referenced by a resource, a video or a teaching assignment.
 */
export async function saveConsoleChapterTree(
  tx: Tx,
  textbookId: number,
  tree: ConsoleChapterInput[],
  now: Date,
): Promise<SavedChapters> {
  // Serialises saves of one book (two editors, or an editor and an import).
  const [book] = await tx
    .select({ id: textbooks.id, stageId: textbooks.stageId, subjectId: textbooks.subjectId })
    .from(textbooks)
    .where(eq(textbooks.id, textbookId))
    .for('update');
  if (!book) throw notFound(TextbookMessages.notFound);
  const stored = await storedChapterRows(tx, textbookId);
  const byId = new Map(stored.map((r) => [r.id, r]));

  // Pre-order: the same order as flattenTree's, so index i of both is the same node.
  const inputs: ConsoleChapterInput[] = [];
  const collect = (ns: ConsoleChapterInput[]) => {
    for (const n of ns) {
      inputs.push(n);
      collect(n.children);
    }
  };
  collect(tree);
  const flat = flattenTree(tree as ChapterLineNode[], 'printed');
  for (const n of inputs)
    if (n.id !== undefined && !byId.has(n.id))
      throw badRequest(`章节「${n.title}」的编号 ${n.id} 不属于这本教材，请刷新目录后重试`);

  const kept = new Set(inputs.flatMap((n) => (n.id === undefined ? [] : [n.id])));
  const gone = stored.filter((r) => !kept.has(r.id));
  if (gone.length) {
    const refs = await referenceCounts(tx, textbookId);
    const blocked = gone.filter((r) => (refs.get(r.id) ?? 0) > 0);
    if (blocked.length) {
      const names = blocked
        .slice(0, 3)
        .map((r) => `「${r.title}」`)
        .join('、');
      throw conflict(
        `章节${names}${blocked.length > 3 ? `等 ${blocked.length} 个章节` : ''}仍有资源、视频或作业引用，不能删除；请先把它们移到其他章节，或保留这些章节`,
        409,
        { chapterIds: blocked.map((r) => r.id) },
      );
    }
  }

  const before = treeSnapshot(storedOutline(stored));
  const after = treeSnapshot(flat.map((n) => ({ title: n.title, depth: n.depth })));
  const idOfIndex: (number | undefined)[] = inputs.map((n) => n.id);
  const indexOfKey = new Map(flat.map((n, i) => [n.pathKey, i]));
  const parentIndex = flat.map((n) => (n.parentKey === null ? null : indexOfKey.get(n.parentKey)!));

  const same =
    gone.length === 0 &&
    inputs.every((n, i) => {
      const s = n.id !== undefined ? byId.get(n.id) : undefined;
      const f = flat[i]!;
      const p = parentIndex[i];
      return (
        s !== undefined &&
        s.title === f.title &&
        s.page === f.page &&
        s.sortOrder === f.sortOrder &&
        s.parentId === (p === null ? null : (idOfIndex[p!] ?? -1)) &&
        s.pathKey === f.pathKey &&
        s.pageKind === f.pageKind &&
        s.pageInferred === f.pageInferred &&
        s.starred === f.starred
      );
    });
  if (same) return { changed: false, before, after };

  // Level by level, so a parent's id is known before its children are written.
  const maxDepth = Math.max(0, ...flat.map((n) => n.depth));
  for (let depth = 1; depth <= maxDepth; depth++) {
    const fresh: number[] = [];
    for (let i = 0; i < flat.length; i++) {
      const f = flat[i]!;
      if (f.depth !== depth) continue;
      const p = parentIndex[i];
      const parentId = p === null ? null : idOfIndex[p!]!;
      const id = idOfIndex[i];
      if (id === undefined) {
        fresh.push(i);
        continue;
      }
      const s = byId.get(id)!;
      if (s.parentId !== parentId || s.title !== f.title || s.page !== f.page || s.sortOrder !== f.sortOrder)
        await tx
          .update(textbookChapters)
          .set({ parentId, title: f.title, page: f.page, sortOrder: f.sortOrder })
          .where(eq(textbookChapters.id, id));
    }
    for (let k = 0; k < fresh.length; k += BATCH) {
      const chunk = fresh.slice(k, k + BATCH);
      const rows = await tx
        .insert(textbookChapters)
        .values(
          chunk.map((i) => {
            const p = parentIndex[i];
            const f = flat[i]!;
            return {
              textbookId,
              parentId: p === null ? null : idOfIndex[p!]!,
              title: f.title,
              page: f.page,
              sortOrder: f.sortOrder,
            };
          }),
        )
        .returning({ id: textbookChapters.id, sortOrder: textbookChapters.sortOrder });
      // sortOrder is the pre-order index, unique within the tree.
      for (const r of rows) idOfIndex[r.sortOrder] = r.id;
    }
  }
  const goneIds = gone.map((r) => r.id);
  for (let k = 0; k < goneIds.length; k += BATCH)
    await tx.delete(textbookChapters).where(inArray(textbookChapters.id, goneIds.slice(k, k + BATCH)));
  const details = flat.map((f, i) => ({
    chapterId: idOfIndex[i]!,
    pathKey: f.pathKey,
    pageKind: f.pageKind,
    pageInferred: f.pageInferred,
    starred: f.starred,
  }));
  for (let k = 0; k < details.length; k += BATCH)
    await tx
      .insert(chapterDetails)
      .values(details.slice(k, k + BATCH))
      .onConflictDoUpdate({
        target: chapterDetails.chapterId,
        set: {
          pathKey: sql.raw('excluded.path_key'),
          pageKind: sql.raw('excluded.page_kind'),
          pageInferred: sql.raw('excluded.page_inferred'),
          starred: sql.raw('excluded.starred'),
        },
      });
  await recomputeChapterMapping(tx, [{ stageId: book.stageId, subjectId: book.subjectId }], [textbookId]);
  await tx.update(textbooks).set({ updatedAt: now }).where(eq(textbooks.id, textbookId));
  return { changed: true, before, after };
}
