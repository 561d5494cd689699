/**
 * Reads of the console's 出版管理 section (docs/publishing.md, Console): the errata, printings and
 * announcements tables with their filters and book titles, single rows as the audit trail records
 * them before and after a write, and the book picker. The writes stay in `records.ts`.
 */
import type {
  AdminAnnouncementRow,
  AdminAnnouncementsQuery,
  AdminErrataQuery,
  AdminErratumRow,
  AdminPrintingRow,
  AdminPrintingsQuery,
  AdminPublishingTextbook,
  AnnouncementDetail,
} from '@eav/contract';
import { PublishingMessages } from '@eav/contract';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { publishingAnnouncements, textbookErrata, textbookPrintings, textbooks } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { likeEscape } from './common';

// ---- errata ----

function errataWhere(q: AdminErrataQuery, id?: number): SQL | undefined {
  const conds: (SQL | undefined)[] = [id === undefined ? undefined : eq(textbookErrata.id, id)];
  if (q.textbookId) conds.push(eq(textbookErrata.textbookId, q.textbookId));
  if (q.q) {
    const like = `%${likeEscape(q.q)}%`;
    conds.push(or(ilike(textbookErrata.original, like), ilike(textbookErrata.correction, like)));
  }
  return and(...conds);
}

export async function countErrata(db: Db, q: AdminErrataQuery): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(textbookErrata).where(errataWhere(q));
  return n;
}

/** Errata matching the filters (or the one `id`), newest publication first, with their books' titles. */
export async function listErrata(
  db: Db | Tx,
  q: AdminErrataQuery,
  limit: number,
  offset: number,
  id?: number,
): Promise<AdminErratumRow[]> {
  const rows = await db
    .select({ e: textbookErrata, textbookTitle: textbooks.title })
    .from(textbookErrata)
    .innerJoin(textbooks, eq(textbooks.id, textbookErrata.textbookId))
    .where(errataWhere(q, id))
    .orderBy(desc(textbookErrata.publishedOn), desc(textbookErrata.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ e, textbookTitle }) => ({
    id: e.id,
    textbookId: e.textbookId,
    textbookTitle,
    page: e.page,
    original: e.original,
    correction: e.correction,
    publishedOn: e.publishedOn,
    note: e.note,
    updatedAt: e.updatedAt.toISOString(),
  }));
}

/** The erratum `id` as the audit trail records it, or null. */
export async function erratumSnapshot(db: Db | Tx, id: number) {
  const [row] = await db.select().from(textbookErrata).where(eq(textbookErrata.id, id));
  if (!row) return null;
  const { textbookId, page, original, correction, publishedOn, note } = row;
  return { textbookId, page, original, correction, publishedOn, note };
}

/** The erratum a body would update (same book, page and original text), or null. */
export async function sameErratumId(
  db: Db | Tx,
  b: { textbookId: number; page: number; original: string },
): Promise<number | null> {
  const [row] = await db
    .select({ id: textbookErrata.id })
    .from(textbookErrata)
    .where(
      and(
        eq(textbookErrata.textbookId, b.textbookId),
        eq(textbookErrata.page, b.page),
        eq(textbookErrata.original, b.original),
      ),
    );
  return row?.id ?? null;
}

// ---- printings ----

const printingsWhere = (q: AdminPrintingsQuery, id?: number) =>
  and(
    id === undefined ? undefined : eq(textbookPrintings.id, id),
    q.textbookId ? eq(textbookPrintings.textbookId, q.textbookId) : undefined,
  );

export async function countPrintings(db: Db, q: AdminPrintingsQuery): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(textbookPrintings).where(printingsWhere(q));
  return n;
}

/** Printings matching the filter (or the one `id`): by book, then newest edition and printing first. */
export async function listPrintings(
  db: Db | Tx,
  q: AdminPrintingsQuery,
  limit: number,
  offset: number,
  id?: number,
): Promise<AdminPrintingRow[]> {
  const rows = await db
    .select({ p: textbookPrintings, textbookTitle: textbooks.title })
    .from(textbookPrintings)
    .innerJoin(textbooks, eq(textbooks.id, textbookPrintings.textbookId))
    .where(printingsWhere(q, id))
    .orderBy(
      asc(textbooks.title),
      asc(textbookPrintings.textbookId),
      desc(textbookPrintings.editionNo),
      desc(textbookPrintings.printingNo),
    )
    .limit(limit)
    .offset(offset);
  return rows.map(({ p, textbookTitle }) => ({
    id: p.id,
    textbookId: p.textbookId,
    textbookTitle,
    editionNo: p.editionNo,
    printingNo: p.printingNo,
    printedOn: p.printedOn,
    note: p.note,
  }));
}

/** The printing `id` as the audit trail records it, or null. */
export async function printingSnapshot(db: Db | Tx, id: number) {
  const [row] = await db.select().from(textbookPrintings).where(eq(textbookPrintings.id, id));
  if (!row) return null;
  const { textbookId, editionNo, printingNo, printedOn, note } = row;
  return { textbookId, editionNo, printingNo, printedOn, note };
}

/**
 * Replaces a printing's fields (the book included) inside `tx`.
 * @throws 404 when unknown; 409 when the book already has that edition and printing.
 */
export async function updatePrinting(
  tx: Tx,
  id: number,
  b: { textbookId: number; editionNo: number; printingNo: number; printedOn: string; note: string },
): Promise<void> {
  const [clash] = await tx
    .select({ id: textbookPrintings.id })
    .from(textbookPrintings)
    .where(
      and(
        eq(textbookPrintings.textbookId, b.textbookId),
        eq(textbookPrintings.editionNo, b.editionNo),
        eq(textbookPrintings.printingNo, b.printingNo),
      ),
    );
  if (clash && clash.id !== id) throw conflict(PublishingMessages.printingExists);
  const rows = await tx
    .update(textbookPrintings)
    .set(b)
    .where(eq(textbookPrintings.id, id))
    .returning({ id: textbookPrintings.id });
  if (!rows.length) throw notFound(PublishingMessages.printingNotFound);
}

// ---- announcements ----

function announcementsWhere(q: AdminAnnouncementsQuery): SQL | undefined {
  const a = publishingAnnouncements;
  const conds: (SQL | undefined)[] = [];
  if (q.status === 'published') conds.push(isNotNull(a.publishedAt));
  if (q.status === 'draft') conds.push(isNull(a.publishedAt));
  if (q.q) {
    const like = `%${likeEscape(q.q)}%`;
    conds.push(or(ilike(a.title, like), ilike(a.summary, like)));
  }
  return and(...conds);
}

export async function countAnnouncements(db: Db, q: AdminAnnouncementsQuery): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(publishingAnnouncements).where(announcementsWhere(q));
  return n;
}

/** Announcements matching the filters: drafts first, then the newest publications. */
export async function listAdminAnnouncements(
  db: Db,
  q: AdminAnnouncementsQuery,
  limit: number,
  offset: number,
): Promise<AdminAnnouncementRow[]> {
  const a = publishingAnnouncements;
  const rows = await db
    .select()
    .from(a)
    .where(announcementsWhere(q))
    .orderBy(sql`${a.publishedAt} DESC NULLS FIRST`, desc(a.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Any announcement (drafts too) with its body. @throws 404 */
export async function adminAnnouncement(db: Db | Tx, id: number): Promise<AnnouncementDetail> {
  const [r] = await db.select().from(publishingAnnouncements).where(eq(publishingAnnouncements.id, id));
  if (!r) throw notFound(PublishingMessages.announcementNotFound);
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    body: r.body,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Deletes an announcement inside `tx`. @throws 404 */
export async function deleteAnnouncement(tx: Tx, id: number): Promise<void> {
  const rows = await tx
    .delete(publishingAnnouncements)
    .where(eq(publishingAnnouncements.id, id))
    .returning({ id: publishingAnnouncements.id });
  if (!rows.length) throw notFound(PublishingMessages.announcementNotFound);
}

// ---- books ----

/** Up to 20 books whose title or externalId contains `q` (or the book `id`), by title. */
export async function pickTextbooks(db: Db, q?: string, id?: number): Promise<AdminPublishingTextbook[]> {
  const like = q ? `%${likeEscape(q)}%` : undefined;
  return db
    .select({
      id: textbooks.id,
      title: textbooks.title,
      externalId: textbooks.externalId,
      pageCount: textbooks.pageCount,
    })
    .from(textbooks)
    .where(
      and(
        id ? eq(textbooks.id, id) : undefined,
        like ? or(ilike(textbooks.title, like), ilike(textbooks.externalId, like)) : undefined,
      ),
    )
    .orderBy(asc(textbooks.title), asc(textbooks.id))
    .limit(20);
}
