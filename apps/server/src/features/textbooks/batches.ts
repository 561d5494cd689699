/**
 * Activation code batches of the operator console (docs/console.md): a batch is a named set of codes
 * for one book with an optional expiry, created by an operator. Its plain codes exist only in the
 * file answered at creation (the database keeps SHA-256, as for every code); voiding a batch makes
 * its unused codes invalid while redeemed ones keep their book.
 */
import { formatActivationCode } from '@eav/contract';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { activationBatches, activationCodes } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { codeHash, expiryOfDay, findTextbookByKey, newActivationCode } from './activation';

export interface NewBatch {
  textbook: string;
  count: number;
  /** Last valid day `YYYY-MM-DD`, Beijing time. */
  expires?: string | null;
  name: string;
  createdBy: number;
  now: number;
}

export interface CreatedBatch {
  id: number;
  book: { id: number; externalId: string; title: string };
  /** Plain codes grouped `XXXX-XXXX-XXXX-XXXX`: never stored, never logged. */
  codes: string[];
  expiresAt: Date | null;
}

/**
 * Creates a batch and its codes in one transaction (`tx` given: inside it, so that the audit row
 * commits with them).
 * @throws 404 for an unknown book, 400 for an expiry in the past or not a date.
 */
export async function createBatch(tx: Tx | Db, b: NewBatch): Promise<CreatedBatch> {
  const expiresAt = b.expires ? expiryOfDay(b.expires, b.now) : null;
  const book = await findTextbookByKey(tx as Db, b.textbook);
  if (!book) throw notFound(`找不到教材：${b.textbook.trim().slice(0, 64)}`);
  const [batch] = await tx
    .insert(activationBatches)
    .values({
      textbookId: book.id,
      name: b.name,
      count: b.count,
      expiresAt,
      createdBy: b.createdBy,
      createdAt: new Date(b.now),
    })
    .returning({ id: activationBatches.id });
  const codes = new Set<string>();
  while (codes.size < b.count) codes.add(newActivationCode());
  const list = [...codes];
  await tx.insert(activationCodes).values(
    list.map((c) => ({
      textbookId: book.id,
      codeHash: codeHash(c),
      batch: b.name,
      batchId: batch!.id,
      expiresAt,
      createdAt: new Date(b.now),
    })),
  );
  return { id: batch!.id, book, codes: list.map(formatActivationCode), expiresAt };
}

/** Voids a batch: its unused codes stop working. @throws 404 unknown, 409 already voided. */
export async function voidBatch(
  tx: Tx | Db,
  id: number,
  by: number,
  now: number,
): Promise<{ unused: number; redeemed: number }> {
  const [batch] = await tx.select().from(activationBatches).where(eq(activationBatches.id, id));
  if (!batch) throw notFound('批次不存在');
  if (batch.voidedAt) throw conflict('该批次已作废');
  await tx
    .update(activationBatches)
    .set({ voidedAt: new Date(now), voidedBy: by })
    .where(eq(activationBatches.id, id));
  const voided = await tx
    .update(activationCodes)
    .set({ voidedAt: new Date(now) })
    .where(and(eq(activationCodes.batchId, id), isNull(activationCodes.usedAt), isNull(activationCodes.voidedAt)))
    .returning({ id: activationCodes.id });
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(activationCodes)
    .where(and(eq(activationCodes.batchId, id), isNotNull(activationCodes.usedAt)));
  return { unused: voided.length, redeemed: n };
}

/** Redeemed codes per batch, as a correlated count. */
export const redeemedOf = sql<number>`(select count(*)::int from ${activationCodes} where ${activationCodes.batchId} = ${activationBatches.id} and ${activationCodes.usedAt} is not null)`;
