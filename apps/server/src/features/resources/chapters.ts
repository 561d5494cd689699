/**
 * Chapter trees as the resources feature needs them (docs/resources.md, Chapters): read from the
 * catalogue's `textbook_chapters` table – a chapter's descendants (a chapter filter includes them),
 * per-chapter resource counts of a book, and the nearest chapter that has resources.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { resources, textbookChapters } from '../../db/schema';

/** SQL subquery of the ids of `chapterId` and every chapter below it. */
export function chapterSubtree(chapterId: number) {
  return sql`(with recursive sub(id) as (
      select id from textbook_chapters where id = ${chapterId}
      union all
      select c.id from textbook_chapters c join sub on c.parent_id = sub.id
    ) select id from sub)`;
}

export interface ChapterRow {
  id: number;
  parentId: number | null;
  title: string;
  textbookId: number;
}

export async function findChapter(db: Db, id: number): Promise<ChapterRow | undefined> {
  const [row] = await db
    .select({
      id: textbookChapters.id,
      parentId: textbookChapters.parentId,
      title: textbookChapters.title,
      textbookId: textbookChapters.textbookId,
    })
    .from(textbookChapters)
    .where(eq(textbookChapters.id, id))
    .limit(1);
  return row;
}

interface TreeInfo {
  order: number[];
  depth: Map<number, number>;
  parent: Map<number, number | null>;
}

/** The book's chapters in contents order (depth first by sort order), with depths and parents. */
async function bookTree(db: Db, textbookId: number): Promise<TreeInfo & { titles: Map<number, string> }> {
  const rows = await db
    .select({
      id: textbookChapters.id,
      parentId: textbookChapters.parentId,
      title: textbookChapters.title,
    })
    .from(textbookChapters)
    .where(eq(textbookChapters.textbookId, textbookId))
    .orderBy(asc(textbookChapters.sortOrder), asc(textbookChapters.id));
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, number[]>();
  for (const r of rows) {
    const p = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    children.set(p, [...(children.get(p) ?? []), r.id]);
  }
  const order: number[] = [];
  const depth = new Map<number, number>();
  const parent = new Map<number, number | null>();
  const walk = (p: number | null, d: number) => {
    for (const id of children.get(p) ?? []) {
      if (depth.has(id)) continue;
      order.push(id);
      depth.set(id, d);
      parent.set(id, p);
      walk(id, d + 1);
    }
  };
  walk(null, 0);
  return { order, depth, parent, titles: new Map(rows.map((r) => [r.id, r.title])) };
}

/** Published resources of a book per chapter: own and including descendants. */
export async function chapterCounts(
  db: Db,
  textbookId: number,
): Promise<{ chapterId: number; own: number; total: number }[]> {
  const [tree, counts] = await Promise.all([
    bookTree(db, textbookId),
    db
      .select({ chapterId: resources.chapterId, n: sql<number>`count(*)::int` })
      .from(resources)
      .where(
        and(eq(resources.textbookId, textbookId), eq(resources.status, 'published'), isNotNull(resources.chapterId)),
      )
      .groupBy(resources.chapterId),
  ]);
  const own = new Map(counts.map((c) => [c.chapterId!, Number(c.n)]));
  const total = new Map<number, number>();
  // Reverse contents order visits children before their parents.
  for (const id of [...tree.order].reverse()) {
    const t = (total.get(id) ?? 0) + (own.get(id) ?? 0);
    total.set(id, t);
    const p = tree.parent.get(id);
    if (p !== null && p !== undefined) total.set(p, (total.get(p) ?? 0) + t);
  }
  return tree.order.map((id) => ({ chapterId: id, own: own.get(id) ?? 0, total: total.get(id) ?? 0 }));
}

/**
 * The chapter of the same book nearest to `chapterId` that has published resources of its own
 * (optionally of `type`): fewest steps in the tree first (parent, siblings, …), then closest in the
 * contents order, earlier first. Null when no other chapter of the book has any.
 */
export async function nearestChapter(
  db: Db,
  chapter: ChapterRow,
  type?: string,
): Promise<{ id: number; title: string } | null> {
  const tree = await bookTree(db, chapter.textbookId);
  const rows = rowsOf<{ chapter_id: number }>(
    await db.execute(sql`select distinct chapter_id from resources
      where textbook_id = ${chapter.textbookId} and status = 'published' and chapter_id is not null
      ${type ? sql`and type = ${type}` : sql``}`),
  );
  const withResources = new Set(rows.map((r) => Number(r.chapter_id)));
  const ancestors = (id: number) => {
    const list: number[] = [];
    for (let c: number | null | undefined = id; c !== null && c !== undefined; c = tree.parent.get(c)) list.push(c);
    return list;
  };
  const mine = ancestors(chapter.id);
  const myDepth = tree.depth.get(chapter.id) ?? 0;
  const myIndex = tree.order.indexOf(chapter.id);
  let best: { id: number; steps: number; gap: number } | null = null;
  tree.order.forEach((id, index) => {
    if (id === chapter.id || !withResources.has(id)) return;
    const theirs = ancestors(id);
    const common = mine.find((a) => theirs.includes(a));
    const commonDepth = common === undefined ? -1 : (tree.depth.get(common) ?? 0);
    const steps = myDepth + (tree.depth.get(id) ?? 0) - 2 * commonDepth;
    const gap = Math.abs(index - myIndex) * 2 + (index > myIndex ? 1 : 0);
    if (!best || steps < best.steps || (steps === best.steps && gap < best.gap)) best = { id, steps, gap };
  });
  const found = best as { id: number } | null;
  return found ? { id: found.id, title: tree.titles.get(found.id) ?? '' } : null;
}
