/**
 * Per-book content: chapter trees, videos (network learning), ownership lists and reading progress.
 */
import type { ChapterNode, ReadingProgress, Video } from '@eav/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readingProgress, textbookChapters, textbooks, userTextbooks, videos } from '../../db/schema';
import { keywordTokens } from './catalogue';
import { sql } from 'drizzle-orm';

/** The chapter tree of a book, children in sort order. */
export async function chapterTree(db: Db, textbookId: number): Promise<ChapterNode[]> {
  const rows = await db
    .select({
      id: textbookChapters.id,
      parentId: textbookChapters.parentId,
      title: textbookChapters.title,
      page: textbookChapters.page,
    })
    .from(textbookChapters)
    .where(eq(textbookChapters.textbookId, textbookId))
    .orderBy(asc(textbookChapters.sortOrder), asc(textbookChapters.id));
  const nodes = new Map<number, ChapterNode>(
    rows.map((r) => [r.id, { id: r.id, title: r.title, page: r.page, children: [] }]),
  );
  const roots: ChapterNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export interface ChapterInput {
  title: string;
  page?: number | null;
  children?: ChapterInput[];
}

/** Replaces a book's chapter tree (one INSERT per tree level); returns every node's title and id. */
export async function saveChapterTree(
  db: Db,
  textbookId: number,
  tree: ChapterInput[],
): Promise<{ title: string; id: number }[]> {
  await db.delete(textbookChapters).where(eq(textbookChapters.textbookId, textbookId));
  const out: { title: string; id: number }[] = [];
  let order = 0;
  let level: { node: ChapterInput; parentId: number | null }[] = tree.map((node) => ({ node, parentId: null }));
  while (level.length) {
    const values = level.map(({ node, parentId }) => ({
      textbookId,
      parentId,
      title: node.title,
      page: node.page ?? null,
      sortOrder: order++,
    }));
    const rows = await db
      .insert(textbookChapters)
      .values(values)
      .returning({ id: textbookChapters.id, sortOrder: textbookChapters.sortOrder });
    const idBySort = new Map(rows.map((r) => [r.sortOrder, r.id]));
    const next: typeof level = [];
    level.forEach(({ node }, i) => {
      const id = idBySort.get(values[i]!.sortOrder)!;
      out.push({ title: node.title, id });
      for (const child of node.children ?? []) next.push({ node: child, parentId: id });
    });
    level = next;
  }
  return out;
}

/**
 * The progress as answered: the current page and the server's page count of the book (never a
 * count a client sent; null while the catalogue has none), the page clamped to that count.
 */
export function progressOut(
  row: { page: number; updatedAt: Date } | undefined,
  pageCount: number | null,
): ReadingProgress | null {
  if (!row) return null;
  const page = pageCount ? Math.min(row.page, pageCount) : row.page;
  return { page, totalPages: pageCount, updatedAt: row.updatedAt.toISOString() };
}

/** The user's progress in a book with the book's current page count, or null before the first save. */
export async function getProgress(db: Db, userId: number, textbookId: number): Promise<ReadingProgress | null> {
  const [row] = await db
    .select({ page: readingProgress.page, updatedAt: readingProgress.updatedAt, pageCount: textbooks.pageCount })
    .from(readingProgress)
    .innerJoin(textbooks, eq(textbooks.id, readingProgress.textbookId))
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.textbookId, textbookId)));
  return row ? progressOut(row, row.pageCount) : null;
}

/**
 * Saves where the user is (docs/textbooks.md, Reader). `page` is free (any page, for resuming);
 * `pageCount` is the server's count of the book (the catalogue's record, never the client's), and
 * the page is clamped to it when known. `furthest_page` keeps the furthest page opened; what it
 * earns is decided by the prize feature against credited reading time.
 */
export async function saveProgress(
  db: Db,
  userId: number,
  textbookId: number,
  page: number,
  pageCount: number | null,
  now: Date,
): Promise<ReadingProgress> {
  const p = pageCount ? Math.min(page, pageCount) : page;
  const [row] = await db
    .insert(readingProgress)
    .values({ userId, textbookId, page: p, furthestPage: p, totalPages: pageCount, updatedAt: now })
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.textbookId],
      set: {
        page: p,
        // Rows older than the column stand for their furthest page by their page.
        furthestPage: sql`greatest(${readingProgress.furthestPage}, ${readingProgress.page}, ${p}::int)`,
        totalPages: pageCount,
        updatedAt: now,
      },
    })
    .returning({ page: readingProgress.page, updatedAt: readingProgress.updatedAt });
  return progressOut(row, pageCount)!;
}

/** A user's textbooks, most recently read or activated first. */
export async function ownedTextbooks(db: Db, userId: number, pageNo: number, pageSize: number) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(userTextbooks)
    .where(eq(userTextbooks.userId, userId));
  const rows = await db
    .select({
      textbookId: userTextbooks.textbookId,
      source: userTextbooks.source,
      activatedAt: userTextbooks.activatedAt,
      page: readingProgress.page,
      progressAt: readingProgress.updatedAt,
    })
    .from(userTextbooks)
    .leftJoin(
      readingProgress,
      and(eq(readingProgress.userId, userTextbooks.userId), eq(readingProgress.textbookId, userTextbooks.textbookId)),
    )
    .where(eq(userTextbooks.userId, userId))
    .orderBy(
      desc(
        sql`greatest(${userTextbooks.activatedAt}, coalesce(${readingProgress.updatedAt}, ${userTextbooks.activatedAt}))`,
      ),
      desc(userTextbooks.textbookId),
    )
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  return { rows, total: n };
}

const videoColumns = {
  id: videos.id,
  textbookId: videos.textbookId,
  textbookTitle: textbooks.title,
  chapterId: videos.chapterId,
  chapterTitle: textbookChapters.title,
  title: videos.title,
  description: videos.description,
  kind: videos.kind,
  durationSec: videos.durationSec,
  posterUrl: videos.posterUrl,
  access: videos.access,
  hlsSource: videos.hlsSource,
  source: videos.source,
};
type VideoRow = {
  id: number;
  textbookId: number;
  textbookTitle: string;
  chapterId: number | null;
  chapterTitle: string | null;
  title: string;
  description: string | null;
  kind: string;
  durationSec: number | null;
  posterUrl: string | null;
  access: string;
  hlsSource: string | null;
  source: string;
};

const isHttp = (v: string) => /^https?:\/\//i.test(v);

export function toVideo(r: VideoRow): Video {
  return {
    id: r.id,
    textbookId: r.textbookId,
    textbookTitle: r.textbookTitle,
    chapterId: r.chapterId,
    chapterTitle: r.chapterTitle,
    title: r.title,
    description: r.description,
    kind: r.kind === 'audio' ? 'audio' : 'video',
    durationSec: r.durationSec,
    posterUrl: r.posterUrl ? (isHttp(r.posterUrl) ? r.posterUrl : `/media/posters/${r.id}.jpg`) : null,
    access: r.access as Video['access'],
    hasHls: Boolean(r.hlsSource),
  };
}

function videoQuery(db: Db) {
  return db
    .select(videoColumns)
    .from(videos)
    .innerJoin(textbooks, eq(textbooks.id, videos.textbookId))
    .leftJoin(textbookChapters, eq(textbookChapters.id, videos.chapterId));
}

export async function findVideo(db: Db, id: number): Promise<VideoRow | undefined> {
  const [row] = await videoQuery(db).where(eq(videos.id, id));
  return row;
}

export interface VideoFilters {
  textbookId?: number | undefined;
  chapterId?: number | undefined;
  stageId?: number | undefined;
  subjectId?: number | undefined;
  keyword?: string | undefined;
}

/** Videos matching the filters, in book then lesson order. */
export async function listVideos(
  db: Db,
  f: VideoFilters,
  pageNo: number,
  pageSize: number,
): Promise<{ items: Video[]; total: number }> {
  const conds: SQL[] = [];
  if (f.textbookId) conds.push(eq(videos.textbookId, f.textbookId));
  if (f.chapterId) conds.push(eq(videos.chapterId, f.chapterId));
  if (f.stageId) conds.push(eq(textbooks.stageId, f.stageId));
  if (f.subjectId) conds.push(eq(textbooks.subjectId, f.subjectId));
  for (const t of keywordTokens(f.keyword)) {
    const like = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(${videos.title} ilike ${like} or ${textbooks.title} ilike ${like})`);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(videos)
    .innerJoin(textbooks, eq(textbooks.id, videos.textbookId))
    .where(where);
  const rows = await videoQuery(db)
    .where(where)
    .orderBy(asc(videos.textbookId), asc(videos.sortOrder), asc(videos.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  return { items: rows.map(toVideo), total: n };
}

/** All videos of a book (detail page). */
export async function videosOfBook(db: Db, textbookId: number): Promise<Video[]> {
  const rows = await videoQuery(db)
    .where(eq(videos.textbookId, textbookId))
    .orderBy(asc(videos.sortOrder), asc(videos.id));
  return rows.map(toVideo);
}

export { isHttp };
