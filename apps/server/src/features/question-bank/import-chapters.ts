/**
 * Chapter-tree importer (docs/api.md, Chapter trees): one textbook a line, `{"externalId": <the
 * catalogue's externalId>, "chapters": [{"title", "page", "children": […]}]}`, with `pageKind`
 * (`printed` | `pdf`, on the line or a node), `pageInferred` and `starred` flags. Re-import replaces
 * the tree, but a node with the same title path keeps its id (resources, videos and other rows that
 * point at it stay attached); nodes no longer in the tree are removed. The chapter ↔ knowledge-point
 * mapping of the books imported is computed again (mapping.ts).
 * Used by `npm run import:chapters` and the console's import jobs (`kind=chapters`).
 */
import { LIMITS, type ImportIssue, type ImportReport } from '@eav/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { chapterDetails, textbookChapters, textbooks } from '../../db/schema';
import { BATCH, optionalInt, parseJsonLines, requiredText, type QuestionBankImportOptions } from './import-common';
import { recomputeChapterMapping } from './mapping';

// The console's tree editor has the same bounds (contract LIMITS.chapterTree).
const MAX_NODES = LIMITS.chapterTree.nodesMax;
const MAX_DEPTH = LIMITS.chapterTree.depthMax;

export interface ChapterLineNode {
  title: string;
  page: number | null;
  pageKind?: 'printed' | 'pdf' | undefined;
  pageInferred?: boolean | undefined;
  starred?: boolean | undefined;
  children: ChapterLineNode[];
}

const node: z.ZodType<ChapterLineNode> = z.lazy(() =>
  z.object({
    title: requiredText('chapters.title 标题', LIMITS.chapterTree.titleMax),
    page: optionalInt('chapters.page 页码', 0, LIMITS.chapterTree.pageMax),
    pageKind: z.enum(['printed', 'pdf'], { error: 'pageKind 应为 printed 或 pdf' }).optional(),
    pageInferred: z.boolean({ error: 'pageInferred 应为 true 或 false' }).optional(),
    starred: z.boolean({ error: 'starred 应为 true 或 false' }).optional(),
    children: z
      .array(node, { error: '应为章节数组（chapters.children）' })
      .optional()
      .transform((v) => v ?? []),
  }),
) as unknown as z.ZodType<ChapterLineNode>;

export const chapterLine = z
  .object({
    externalId: requiredText('externalId 教材', 100),
    pageKind: z.enum(['printed', 'pdf'], { error: 'pageKind 应为 printed 或 pdf' }).optional(),
    chapters: z.array(node, { error: '缺少必填字段（chapters 目录，应为数组）' }),
  })
  .superRefine((v, ctx) => {
    let count = 0;
    let depth = 0;
    const walk = (ns: ChapterLineNode[], d: number) => {
      depth = Math.max(depth, d);
      for (const n of ns) {
        count++;
        walk(n.children, d + 1);
      }
    };
    walk(v.chapters, 1);
    if (count > MAX_NODES) ctx.addIssue({ code: 'custom', message: `目录不能超过 ${MAX_NODES} 个节点（chapters）` });
    if (depth > MAX_DEPTH) ctx.addIssue({ code: 'custom', message: `目录不能超过 ${MAX_DEPTH} 层（chapters）` });
  });
export type ChapterLine = z.infer<typeof chapterLine>;

/** Separator of the titles of a chapter's path key (U+241F, never typed in a title). */
const SEP = '\u241f';

interface FlatNode {
  pathKey: string;
  parentKey: string | null;
  title: string;
  page: number | null;
  pageKind: 'printed' | 'pdf';
  pageInferred: boolean;
  starred: boolean;
  sortOrder: number;
  depth: number;
}

/** The tree in pre-order with title-path keys; a repeated sibling title gets `#2`, `#3` … appended. */
export function flattenTree(tree: ChapterLineNode[], defaultKind: 'printed' | 'pdf'): FlatNode[] {
  const out: FlatNode[] = [];
  const walk = (ns: ChapterLineNode[], parentKey: string | null, depth: number) => {
    const seen = new Map<string, number>();
    for (const n of ns) {
      const k = seen.get(n.title) ?? 0;
      seen.set(n.title, k + 1);
      const own = k === 0 ? n.title : `${n.title}#${k + 1}`;
      const pathKey = parentKey === null ? own : `${parentKey}${SEP}${own}`;
      out.push({
        pathKey,
        parentKey,
        title: n.title,
        page: n.page,
        pageKind: n.pageKind ?? defaultKind,
        pageInferred: n.pageInferred ?? false,
        starred: n.starred ?? false,
        sortOrder: out.length,
        depth,
      });
      walk(n.children, pathKey, depth + 1);
    }
  };
  walk(tree, null, 1);
  return out;
}

/** A stored chapter node of a book with its details (path key, page kind). */
export interface StoredNode {
  id: number;
  parentId: number | null;
  title: string;
  page: number | null;
  sortOrder: number;
  pathKey: string | null;
  pageKind: string | null;
  pageInferred: boolean | null;
  starred: boolean | null;
}

/**
 * The stored chapter nodes of a book in display order (sort order, then id), with their details: the one
 * reader of them, so the public tree, the importer and the console's editor agree on order and columns.
 */
export async function storedChapterRows(db: Db | Tx, textbookId: number): Promise<StoredNode[]> {
  return db
    .select({
      id: textbookChapters.id,
      parentId: textbookChapters.parentId,
      title: textbookChapters.title,
      page: textbookChapters.page,
      sortOrder: textbookChapters.sortOrder,
      pathKey: chapterDetails.pathKey,
      pageKind: chapterDetails.pageKind,
      pageInferred: chapterDetails.pageInferred,
      starred: chapterDetails.starred,
    })
    .from(textbookChapters)
    .leftJoin(chapterDetails, eq(chapterDetails.chapterId, textbookChapters.id))
    .where(eq(textbookChapters.textbookId, textbookId))
    .orderBy(asc(textbookChapters.sortOrder), asc(textbookChapters.id));
}

/** Path keys of stored nodes: the recorded one, else built from the parent chain (trees made elsewhere). */
function storedKeys(rows: StoredNode[]): Map<number, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keys = new Map<number, string>();
  const keyOf = (r: StoredNode, guard = 0): string => {
    const known = keys.get(r.id);
    if (known) return known;
    let k: string;
    if (r.pathKey) k = r.pathKey;
    else {
      const parent = r.parentId !== null ? byId.get(r.parentId) : undefined;
      k = parent && guard < MAX_DEPTH * 2 ? `${keyOf(parent, guard + 1)}${SEP}${r.title}` : r.title;
    }
    keys.set(r.id, k);
    return k;
  };
  for (const r of rows) keyOf(r);
  return keys;
}

async function saveTree(tx: Tx, textbookId: number, flat: FlatNode[]): Promise<'created' | 'updated' | 'unchanged'> {
  const stored = await storedChapterRows(tx, textbookId);
  const keys = storedKeys(stored);
  const byKey = new Map<string, StoredNode>();
  for (const r of stored) if (!byKey.has(keys.get(r.id)!)) byKey.set(keys.get(r.id)!, r);
  const keyOfId = new Map(stored.map((r) => [r.id, keys.get(r.id)!]));

  const same =
    stored.length === flat.length &&
    flat.every((n) => {
      const s = byKey.get(n.pathKey);
      return (
        s !== undefined &&
        s.pathKey === n.pathKey &&
        s.page === n.page &&
        s.sortOrder === n.sortOrder &&
        (s.parentId === null ? null : keyOfId.get(s.parentId)) === n.parentKey &&
        s.pageKind === n.pageKind &&
        s.pageInferred === n.pageInferred &&
        s.starred === n.starred
      );
    });
  if (same) return 'unchanged';

  // Level by level, so a parent's id is known before its children are written.
  const idOfKey = new Map<string, number>();
  const maxDepth = Math.max(0, ...flat.map((n) => n.depth));
  for (let depth = 1; depth <= maxDepth; depth++) {
    const level = flat.filter((n) => n.depth === depth);
    const fresh: FlatNode[] = [];
    for (const n of level) {
      const s = byKey.get(n.pathKey);
      const parentId = n.parentKey === null ? null : idOfKey.get(n.parentKey)!;
      if (s) {
        idOfKey.set(n.pathKey, s.id);
        if (s.parentId !== parentId || s.page !== n.page || s.sortOrder !== n.sortOrder || s.title !== n.title)
          await tx
            .update(textbookChapters)
            .set({ parentId, page: n.page, sortOrder: n.sortOrder, title: n.title })
            .where(eq(textbookChapters.id, s.id));
      } else fresh.push(n);
    }
    for (let i = 0; i < fresh.length; i += BATCH) {
      const chunk = fresh.slice(i, i + BATCH);
      const rows = await tx
        .insert(textbookChapters)
        .values(
          chunk.map((n) => ({
            textbookId,
            parentId: n.parentKey === null ? null : idOfKey.get(n.parentKey)!,
            title: n.title,
            page: n.page,
            sortOrder: n.sortOrder,
          })),
        )
        .returning({ id: textbookChapters.id, sortOrder: textbookChapters.sortOrder });
      const bySort = new Map(chunk.map((n) => [n.sortOrder, n.pathKey]));
      for (const r of rows) idOfKey.set(bySort.get(r.sortOrder)!, r.id);
    }
  }
  const keep = new Set(idOfKey.values());
  const gone = stored.filter((s) => !keep.has(s.id)).map((s) => s.id);
  for (let i = 0; i < gone.length; i += BATCH * 5)
    await tx.delete(textbookChapters).where(inArray(textbookChapters.id, gone.slice(i, i + BATCH * 5)));
  const details = flat.map((n) => ({
    chapterId: idOfKey.get(n.pathKey)!,
    pathKey: n.pathKey,
    pageKind: n.pageKind,
    pageInferred: n.pageInferred,
    starred: n.starred,
  }));
  for (let i = 0; i < details.length; i += BATCH * 2)
    await tx
      .insert(chapterDetails)
      .values(details.slice(i, i + BATCH * 2))
      .onConflictDoUpdate({
        target: chapterDetails.chapterId,
        set: {
          pathKey: sql.raw('excluded.path_key'),
          pageKind: sql.raw('excluded.page_kind'),
          pageInferred: sql.raw('excluded.page_inferred'),
          starred: sql.raw('excluded.starred'),
        },
      });
  return stored.length ? 'updated' : 'created';
}

/** Inserts the trees of books that have no chapter yet: one INSERT per tree level for all the books. */
async function insertFreshTrees(tx: Tx, trees: { textbookId: number; flat: FlatNode[] }[]): Promise<void> {
  const idOf = new Map<string, number>();
  const key = (textbookId: number, pathKey: string) => `${textbookId}${SEP}${SEP}${pathKey}`;
  const maxDepth = Math.max(0, ...trees.flatMap((t) => t.flat.map((n) => n.depth)));
  for (let depth = 1; depth <= maxDepth; depth++) {
    const level = trees.flatMap((t) =>
      t.flat.filter((n) => n.depth === depth).map((n) => ({ textbookId: t.textbookId, n })),
    );
    for (let i = 0; i < level.length; i += BATCH) {
      const chunk = level.slice(i, i + BATCH);
      const rows = await tx
        .insert(textbookChapters)
        .values(
          chunk.map(({ textbookId, n }) => ({
            textbookId,
            parentId: n.parentKey === null ? null : idOf.get(key(textbookId, n.parentKey))!,
            title: n.title,
            page: n.page,
            sortOrder: n.sortOrder,
          })),
        )
        .returning({
          id: textbookChapters.id,
          textbookId: textbookChapters.textbookId,
          sortOrder: textbookChapters.sortOrder,
        });
      const bySort = new Map(
        chunk.map(({ textbookId, n }) => [`${textbookId}:${n.sortOrder}`, key(textbookId, n.pathKey)]),
      );
      for (const r of rows) idOf.set(bySort.get(`${r.textbookId}:${r.sortOrder}`)!, r.id);
    }
  }
  const details = trees.flatMap((t) =>
    t.flat.map((n) => ({
      chapterId: idOf.get(key(t.textbookId, n.pathKey))!,
      pathKey: n.pathKey,
      pageKind: n.pageKind,
      pageInferred: n.pageInferred,
      starred: n.starred,
    })),
  );
  for (let i = 0; i < details.length; i += BATCH * 2)
    await tx.insert(chapterDetails).values(details.slice(i, i + BATCH * 2));
}

/** Imports a chapter-tree file. @throws only on a database failure (then nothing of the file is written). */
export async function importChapters(
  db: Db,
  text: string,
  opts: QuestionBankImportOptions = {},
): Promise<ImportReport> {
  const started = Date.now();
  const parsed = parseJsonLines(text, chapterLine);
  const skipped = [...parsed.skipped];
  const warnings: ImportIssue[] = [];
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  await db.transaction(async (tx) => {
    const ext = parsed.valid.map((v) => v.data.externalId);
    const books = new Map<string, { id: number; stageId: number; subjectId: number }>();
    for (let i = 0; i < ext.length; i += BATCH * 5) {
      const rows = await tx
        .select({
          id: textbooks.id,
          externalId: textbooks.externalId,
          stageId: textbooks.stageId,
          subjectId: textbooks.subjectId,
        })
        .from(textbooks)
        .where(inArray(textbooks.externalId, ext.slice(i, i + BATCH * 5)));
      for (const r of rows) books.set(r.externalId, r);
    }
    const lines = parsed.valid.filter(({ line, data }) => {
      if (books.has(data.externalId)) return true;
      skipped.push({
        line,
        externalId: data.externalId,
        message: '教材目录中没有这本教材，请先导入教材目录（externalId）',
      });
      return false;
    });
    skipped.sort((a, b) => a.line - b.line);
    const touched: { id: number; stageId: number; subjectId: number }[] = [];
    // Books without any chapter yet get their trees in a few statements for all of them together.
    const ids = lines.map(({ data }) => books.get(data.externalId)!.id);
    const withChapters = new Set<number>();
    for (let i = 0; i < ids.length; i += BATCH * 5) {
      const rows = await tx
        .selectDistinct({ id: textbookChapters.textbookId })
        .from(textbookChapters)
        .where(inArray(textbookChapters.textbookId, ids.slice(i, i + BATCH * 5)));
      for (const r of rows) withChapters.add(r.id);
    }
    const fresh = lines.filter(({ data }) => !withChapters.has(books.get(data.externalId)!.id));
    await insertFreshTrees(
      tx,
      fresh.map(({ data }) => ({
        textbookId: books.get(data.externalId)!.id,
        flat: flattenTree(data.chapters, data.pageKind ?? 'printed'),
      })),
    );
    for (const { data } of fresh) {
      const book = books.get(data.externalId)!;
      if (!data.chapters.length) {
        unchanged++;
        continue;
      }
      created++;
      touched.push(book);
    }
    opts.onProgress?.('目录', fresh.length, lines.length);
    let done = fresh.length;
    for (const { data } of lines) {
      const book = books.get(data.externalId)!;
      if (!withChapters.has(book.id)) continue;
      const state = await saveTree(tx, book.id, flattenTree(data.chapters, data.pageKind ?? 'printed'));
      if (state === 'created') created++;
      else if (state === 'updated') updated++;
      else unchanged++;
      if (state !== 'unchanged') touched.push(book);
      opts.onProgress?.('目录', ++done, lines.length);
    }
    const scopes = new Map<string, { stageId: number; subjectId: number; ids: number[] }>();
    for (const b of touched) {
      const k = `${b.stageId}|${b.subjectId}`;
      if (!scopes.has(k)) scopes.set(k, { stageId: b.stageId, subjectId: b.subjectId, ids: [] });
      scopes.get(k)!.ids.push(b.id);
    }
    for (const s of scopes.values()) await recomputeChapterMapping(tx, [s], s.ids);
  });
  return {
    lines: parsed.lines,
    created,
    updated,
    unchanged,
    skipped,
    warnings,
    dictionaryCreated: {},
    durationMs: Date.now() - started,
  };
}
