/**
 * Reader marks (书签, 划线, 笔记; docs/reader.md, Marks): the store behind `routes-marks.ts`. A mark's id is
 * the client's UUID; an edit replaces the stored mark only when the client made it after the edit the
 * mark holds (last writer wins on `client_updated_at`); a delete turns the mark into a tombstone that
 * keeps no text. Each write of a user's marks in a book holds a transaction lock on that user and book,
 * so that the per-book limit holds against concurrent requests.
 */
import {
  ErrorCode,
  LIMITS,
  Messages,
  type MyReaderMark,
  type ReaderMark,
  type ReaderMarkAnchor,
  type ReaderMarkColor,
  type ReaderMarkKind,
} from '@eav/contract';
import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { readerMarks, textbooks } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';

/**
 * How far before a read its `syncedAt` lies, ms: a write that committed after the read began, with an
 * earlier `updated_at`, is then sent again by the next sync instead of being missed. Marks sent twice
 * are harmless (the client keys them by id).
 */
export const SYNC_OVERLAP_MS = 60_000;

type MarkRow = typeof readerMarks.$inferSelect;

/** A stored mark as the API shows it. */
export function markOut(r: MarkRow): ReaderMark {
  return {
    id: r.id,
    textbookId: r.textbookId,
    kind: r.kind as ReaderMarkKind,
    page: r.page,
    color: (r.color as ReaderMarkColor | null) ?? null,
    anchor: r.anchor ?? null,
    note: r.note ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    clientUpdatedAt: r.clientUpdatedAt.toISOString(),
    deletedAt: r.deletedAt ? r.deletedAt.toISOString() : null,
  };
}

/** A mark as the client sends it (validated by the contract's `readerMarkBody`). */
export interface MarkInput {
  kind: ReaderMarkKind;
  page: number;
  color?: ReaderMarkColor | null;
  anchor?: ReaderMarkAnchor | null;
  note?: string | null;
  clientUpdatedAt: string;
}

/**
 * The user's marks in a book: without `since` the live ones; with it every mark changed after it
 * (server time), tombstones included. In page order.
 */
export async function bookMarks(db: Db, userId: number, textbookId: number, since?: Date): Promise<ReaderMark[]> {
  const rows = await db
    .select()
    .from(readerMarks)
    .where(
      and(
        eq(readerMarks.userId, userId),
        eq(readerMarks.textbookId, textbookId),
        since ? gt(readerMarks.updatedAt, since) : isNull(readerMarks.deletedAt),
      ),
    )
    .orderBy(
      asc(readerMarks.page),
      sql`(${readerMarks.anchor}->>'start')::int nulls first`,
      asc(readerMarks.createdAt),
    );
  return rows.map(markOut);
}

/** One of the user's marks in a book (tombstones included); 404 for an unknown mark or anyone else's. */
export async function ownMark(db: Db | Tx, userId: number, textbookId: number, id: string): Promise<MarkRow> {
  const [row] = await db.select().from(readerMarks).where(eq(readerMarks.id, id));
  if (!row || row.userId !== userId || row.textbookId !== textbookId) throw notFound(Messages.readerMarkNotFound);
  return row;
}

/** Serialises the writes of one user's marks in one book until the transaction ends. */
async function lockBook(tx: Tx, userId: number, textbookId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reader-marks:${userId}:${textbookId}`}))`);
}

/**
 * Creates or updates the mark `id` of `userId` in `textbookId` (docs/reader.md, Marks). A new mark
 * counts against LIMITS.readerMarks.perBook (422 READER.MARKS_FULL); an existing one changes only
 * when `input.clientUpdatedAt` is later than the edit it holds, else it is answered as stored; a
 * tombstone stays deleted. A client time ahead of the server's counts as the server's. Another user's
 * id, or the user's own mark of another book, answers 404 and changes nothing.
 * @returns the mark as stored after the call.
 */
export async function putMark(
  db: Db,
  userId: number,
  textbookId: number,
  id: string,
  input: MarkInput,
  now: Date,
): Promise<ReaderMark> {
  const clientTime = new Date(Math.min(Date.parse(input.clientUpdatedAt), now.getTime()));
  const fields = {
    kind: input.kind,
    page: input.page,
    color: input.kind === 'highlight' ? (input.color ?? null) : null,
    anchor: input.anchor ?? null,
    note: input.note ? input.note : null,
  };
  return db.transaction(async (tx) => {
    await lockBook(tx, userId, textbookId);
    const [existing] = await tx.select().from(readerMarks).where(eq(readerMarks.id, id)).for('update');
    if (existing) {
      if (existing.userId !== userId || existing.textbookId !== textbookId) throw notFound(Messages.readerMarkNotFound);
      if (existing.deletedAt || existing.clientUpdatedAt.getTime() >= clientTime.getTime()) return markOut(existing);
      const [row] = await tx
        .update(readerMarks)
        .set({ ...fields, updatedAt: now, clientUpdatedAt: clientTime })
        .where(eq(readerMarks.id, id))
        .returning();
      return markOut(row!);
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(readerMarks)
      .where(
        and(eq(readerMarks.userId, userId), eq(readerMarks.textbookId, textbookId), isNull(readerMarks.deletedAt)),
      );
    if (n >= LIMITS.readerMarks.perBook) throw unprocessable(Messages.readerMarksFull, ErrorCode.READER_MARKS_FULL);
    // The id may have been taken meanwhile by another user's request (not this user's in this book:
    // the lock keeps those apart); that id is someone else's, so 404 as above.
    const [row] = await tx
      .insert(readerMarks)
      .values({ id, userId, textbookId, ...fields, createdAt: now, updatedAt: now, clientUpdatedAt: clientTime })
      .onConflictDoNothing({ target: readerMarks.id })
      .returning();
    if (!row) throw notFound(Messages.readerMarkNotFound);
    return markOut(row);
  });
}

/**
 * Deletes the mark `id` of `userId` in `textbookId`: it becomes a tombstone (deleted now, anchor and
 * note removed) that the user's other devices receive through the sync. Deleting a tombstone again
 * answers it unchanged; an unknown mark or anyone else's answers 404.
 */
export async function deleteMark(
  db: Db,
  userId: number,
  textbookId: number,
  id: string,
  now: Date,
): Promise<ReaderMark> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId, textbookId);
    const existing = await ownMark(tx, userId, textbookId, id);
    if (existing.deletedAt) return markOut(existing);
    const [row] = await tx
      .update(readerMarks)
      .set({ deletedAt: now, updatedAt: now, anchor: null, note: null })
      .where(eq(readerMarks.id, id))
      .returning();
    return markOut(row!);
  });
}

/** Filters of 我的笔记 and its export. */
export interface MyMarksFilters {
  keyword?: string | undefined;
  textbookId?: number | undefined;
  kind?: ReaderMarkKind | undefined;
}

/** `%`, `_` and `\` typed by the user are matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The live marks of `userId` matching the filters; each word of the keyword must occur in the note or the quote. */
function myMarksWhere(userId: number, f: MyMarksFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(readerMarks.userId, userId), isNull(readerMarks.deletedAt)];
  if (f.textbookId) conds.push(eq(readerMarks.textbookId, f.textbookId));
  if (f.kind) conds.push(eq(readerMarks.kind, f.kind));
  for (const word of (f.keyword ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${likeEscape(word)}%`;
    conds.push(or(ilike(readerMarks.note, like), ilike(sql`${readerMarks.anchor}->>'quote'`, like)));
  }
  return and(...conds);
}

const myMarkColumns = { mark: readerMarks, textbookTitle: textbooks.title };

function myMarkOut(r: { mark: MarkRow; textbookTitle: string }): MyReaderMark {
  const { deletedAt: _deleted, ...mark } = markOut(r.mark);
  return { ...mark, textbookTitle: r.textbookTitle };
}

/** One page of 我的笔记: the user's live marks across books, most recently changed first, with each book's title. */
export async function myMarksPage(
  db: Db,
  userId: number,
  filters: MyMarksFilters,
  pageNo: number,
  pageSize: number,
): Promise<{ items: MyReaderMark[]; total: number }> {
  const where = myMarksWhere(userId, filters);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(readerMarks).where(where);
  const rows = await db
    .select(myMarkColumns)
    .from(readerMarks)
    .innerJoin(textbooks, eq(textbooks.id, readerMarks.textbookId))
    .where(where)
    .orderBy(desc(readerMarks.updatedAt), asc(readerMarks.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  return { items: rows.map(myMarkOut), total: n };
}

/**
 * The user's live marks matching the filters for an export, by book title, then page and place on
 * the page; at most LIMITS.readerMarks.exportMax (422 beyond, so the user narrows the filters).
 */
export async function marksForExport(db: Db, userId: number, filters: MyMarksFilters): Promise<MyReaderMark[]> {
  const max = LIMITS.readerMarks.exportMax;
  const rows = await db
    .select(myMarkColumns)
    .from(readerMarks)
    .innerJoin(textbooks, eq(textbooks.id, readerMarks.textbookId))
    .where(myMarksWhere(userId, filters))
    .orderBy(
      asc(textbooks.title),
      asc(textbooks.id),
      asc(readerMarks.page),
      sql`(${readerMarks.anchor}->>'start')::int nulls first`,
      asc(readerMarks.createdAt),
    )
    .limit(max + 1);
  if (rows.length > max) throw unprocessable(Messages.readerMarksExportTooMany);
  return rows.map(myMarkOut);
}
