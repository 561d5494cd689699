/**
 * Announcements (出版动态), printings (版次/印次) and errata (勘误): reads and the operators' writes.
 * Writes bump the read cache's scope 'publishing' through database triggers (migration 0015); the
 * routes announce them with `readCache.invalidate('publishing')`.
 */
import {
  PublishingMessages,
  type AnnouncementBody,
  type AnnouncementDetail,
  type AnnouncementListItem,
  type Erratum,
  type ErratumBody,
  type PrintingBody,
  type TextbookPrinting,
} from '@eav/contract';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { publishingAnnouncements, textbookErrata, textbookPrintings, textbooks } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/errors';

type AnnouncementRow = typeof publishingAnnouncements.$inferSelect;

function listItem(r: AnnouncementRow): AnnouncementListItem {
  return { id: r.id, title: r.title, summary: r.summary, publishedAt: r.publishedAt?.toISOString() ?? null };
}

function detail(r: AnnouncementRow): AnnouncementDetail {
  return { ...listItem(r), body: r.body, updatedAt: r.updatedAt.toISOString() };
}

/** A page of announcements, newest first; `all` includes unpublished ones (operators). */
export async function listAnnouncements(
  db: Db,
  pageNo: number,
  pageSize: number,
  all: boolean,
): Promise<{ items: AnnouncementListItem[]; total: number }> {
  const where = all ? undefined : isNotNull(publishingAnnouncements.publishedAt);
  const [total] = await db.select({ n: count() }).from(publishingAnnouncements).where(where);
  const rows = await db
    .select()
    .from(publishingAnnouncements)
    .where(where)
    // Drafts (no publication time) first for operators, then the newest publications.
    .orderBy(sql`${publishingAnnouncements.publishedAt} DESC NULLS FIRST`, desc(publishingAnnouncements.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  return { items: rows.map(listItem), total: total?.n ?? 0 };
}

/** A published announcement; 404 when it does not exist or is not published. */
export async function publishedAnnouncement(db: Db, id: number): Promise<AnnouncementDetail> {
  const [row] = await db
    .select()
    .from(publishingAnnouncements)
    .where(and(eq(publishingAnnouncements.id, id), isNotNull(publishingAnnouncements.publishedAt)));
  if (!row) throw notFound(PublishingMessages.announcementNotFound);
  return detail(row);
}

/** Creates an announcement; published at `now` when `published`. */
export async function createAnnouncement(db: Db, body: AnnouncementBody, now: Date): Promise<AnnouncementDetail> {
  const [row] = await db
    .insert(publishingAnnouncements)
    .values({
      title: body.title,
      summary: body.summary,
      body: body.body,
      publishedAt: body.published ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return detail(row!);
}

/**
 * Replaces an announcement's fields. Publishing keeps an earlier publication time (an edit of a
 * published notice does not move it to the top); `published: false` takes it down. 404 when unknown.
 */
export async function updateAnnouncement(
  db: Db,
  id: number,
  body: AnnouncementBody,
  now: Date,
): Promise<AnnouncementDetail> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ publishedAt: publishingAnnouncements.publishedAt })
      .from(publishingAnnouncements)
      .where(eq(publishingAnnouncements.id, id))
      .for('update');
    if (!old) throw notFound(PublishingMessages.announcementNotFound);
    const [row] = await tx
      .update(publishingAnnouncements)
      .set({
        title: body.title,
        summary: body.summary,
        body: body.body,
        publishedAt: body.published ? (old.publishedAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(publishingAnnouncements.id, id))
      .returning();
    return detail(row!);
  });
}

/** The book's id and page count; 404 when there is no such book. */
export async function bookOf(db: Db, id: number): Promise<{ id: number; pageCount: number | null }> {
  const [row] = await db
    .select({ id: textbooks.id, pageCount: textbooks.pageCount })
    .from(textbooks)
    .where(eq(textbooks.id, id));
  if (!row) throw notFound(PublishingMessages.bookNotFound);
  return row;
}

/** A book's printings, newest first (highest edition, then printing); the first is `latest`. */
export async function printingsOf(db: Db, textbookId: number): Promise<TextbookPrinting[]> {
  const rows = await db
    .select()
    .from(textbookPrintings)
    .where(eq(textbookPrintings.textbookId, textbookId))
    .orderBy(desc(textbookPrintings.editionNo), desc(textbookPrintings.printingNo));
  return rows.map((r, i) => ({
    id: r.id,
    editionNo: r.editionNo,
    printingNo: r.printingNo,
    printedOn: r.printedOn,
    note: r.note,
    latest: i === 0,
  }));
}

type ErratumRow = typeof textbookErrata.$inferSelect;
const erratumOf = (r: ErratumRow): Erratum => ({
  id: r.id,
  textbookId: r.textbookId,
  page: r.page,
  original: r.original,
  correction: r.correction,
  publishedOn: r.publishedOn,
  note: r.note,
});

/** A book's errata by page, then publication; `page` narrows to one PDF page. */
export async function errataOf(db: Db, textbookId: number, page?: number): Promise<Erratum[]> {
  const rows = await db
    .select()
    .from(textbookErrata)
    .where(
      page === undefined
        ? eq(textbookErrata.textbookId, textbookId)
        : and(eq(textbookErrata.textbookId, textbookId), eq(textbookErrata.page, page)),
    )
    .orderBy(asc(textbookErrata.page), asc(textbookErrata.publishedOn), asc(textbookErrata.id));
  return rows.map(erratumOf);
}

/** Refuses (422) a page beyond the book's known page count; 404 for an unknown book. */
async function checkPage(db: Db, textbookId: number, page: number) {
  const book = await bookOf(db, textbookId);
  if (book.pageCount !== null && page > book.pageCount)
    throw unprocessable(`${PublishingMessages.pageBeyondBook}（共 ${book.pageCount} 页）`);
}

/**
 * Publishes an erratum. Idempotent: the same book, page and original text updates the notice
 * already there instead of adding a second one (a retried request or re-run import).
 */
export async function saveErratum(
  db: Db,
  body: ErratumBody,
  now: Date,
): Promise<{ erratum: Erratum; created: boolean }> {
  await checkPage(db, body.textbookId, body.page);
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: textbookErrata.id })
      .from(textbookErrata)
      .where(
        and(
          eq(textbookErrata.textbookId, body.textbookId),
          eq(textbookErrata.page, body.page),
          eq(textbookErrata.original, body.original),
        ),
      )
      .for('update');
    if (same) {
      const [row] = await tx
        .update(textbookErrata)
        .set({ correction: body.correction, publishedOn: body.publishedOn, note: body.note, updatedAt: now })
        .where(eq(textbookErrata.id, same.id))
        .returning();
      return { erratum: erratumOf(row!), created: false };
    }
    const [row] = await tx
      .insert(textbookErrata)
      .values({ ...body, createdAt: now, updatedAt: now })
      .returning();
    return { erratum: erratumOf(row!), created: true };
  });
}

/** Replaces an erratum's fields; 404 when unknown. */
export async function updateErratum(db: Db, id: number, body: ErratumBody, now: Date): Promise<Erratum> {
  await checkPage(db, body.textbookId, body.page);
  const [row] = await db
    .update(textbookErrata)
    .set({ ...body, updatedAt: now })
    .where(eq(textbookErrata.id, id))
    .returning();
  if (!row) throw notFound(PublishingMessages.erratumNotFound);
  return erratumOf(row);
}

/** Withdraws (deletes) an erratum; 404 when unknown. */
export async function deleteErratum(db: Db, id: number): Promise<void> {
  const rows = await db.delete(textbookErrata).where(eq(textbookErrata.id, id)).returning({ id: textbookErrata.id });
  if (!rows.length) throw notFound(PublishingMessages.erratumNotFound);
}

/** Records a printing; 409 when the book already has that edition and printing. */
export async function addPrinting(db: Db, body: PrintingBody): Promise<TextbookPrinting> {
  await bookOf(db, body.textbookId);
  const rows = await db.insert(textbookPrintings).values(body).onConflictDoNothing().returning();
  if (!rows.length) throw conflict(PublishingMessages.printingExists);
  const all = await printingsOf(db, body.textbookId);
  return all.find((p) => p.id === rows[0]!.id)!;
}

/** Deletes a printing record; 404 when unknown. */
export async function deletePrinting(db: Db, id: number): Promise<void> {
  const rows = await db
    .delete(textbookPrintings)
    .where(eq(textbookPrintings.id, id))
    .returning({ id: textbookPrintings.id });
  if (!rows.length) throw notFound(PublishingMessages.printingNotFound);
}
