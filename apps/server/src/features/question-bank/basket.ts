/**
 * The question basket (试题篮) and composed papers (组卷) of a user (docs/question-bank.md, Basket and
 * composed papers). Limits are checked inside a transaction that first locks the user's row, so
 * parallel requests of one user cannot pass a limit together.
 */
import {
  ErrorCode,
  QUESTION_BANK_LIMITS,
  QuestionBankMessages,
  type Basket,
  type ComposedPaperBody,
  type ComposedPaperItem,
  type PaperSection,
} from '@eav/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { basketItems, composedPapers, questions } from '../../db/schema';
import { unprocessable } from '../../lib/errors';
import type { ExportPaper } from '../../lib/paper-export';
import { exportQuestion, questionCards, questionDetails } from './questions';

/** Serialises one user's basket and paper writes (row lock on the user). */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

async function existingQuestionIds(tx: Tx | Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function getBasket(db: Db, userId: number): Promise<Basket> {
  const rows = await db
    .select({ questionId: basketItems.questionId, addedAt: basketItems.addedAt })
    .from(basketItems)
    .where(eq(basketItems.userId, userId))
    .orderBy(asc(basketItems.addedAt), asc(basketItems.questionId));
  const cards = await questionCards(
    db,
    rows.map((r) => r.questionId),
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return {
    items: rows
      .filter((r) => byId.has(r.questionId))
      .map((r) => ({ addedAt: r.addedAt.toISOString(), question: byId.get(r.questionId)! })),
    limit: QUESTION_BANK_LIMITS.basketMax,
  };
}

/** Adds questions (ones already in the basket stay as they are). */
export async function addToBasket(db: Db, userId: number, ids: number[], now: Date): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const known = await existingQuestionIds(tx, unique);
    if (known.size !== unique.length)
      throw unprocessable(QuestionBankMessages.unknownQuestions, ErrorCode.QUESTION_PAPER_INVALID);
    // Distinct times keep the order of the request among the new entries.
    await tx
      .insert(basketItems)
      .values(unique.map((questionId, i) => ({ userId, questionId, addedAt: new Date(now.getTime() + i) })))
      .onConflictDoNothing();
    const [row] = await tx.select({ n: count() }).from(basketItems).where(eq(basketItems.userId, userId));
    if ((row?.n ?? 0) > QUESTION_BANK_LIMITS.basketMax)
      throw unprocessable(QuestionBankMessages.basketFull, ErrorCode.QUESTION_BASKET_FULL, {
        limit: QUESTION_BANK_LIMITS.basketMax,
      });
  });
}

export async function removeFromBasket(db: Db, userId: number, questionId: number): Promise<void> {
  await db.delete(basketItems).where(and(eq(basketItems.userId, userId), eq(basketItems.questionId, questionId)));
}

export async function clearBasket(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(basketItems).where(eq(basketItems.userId, userId));
}

// ---------------------------------------------------------------------------------------------
// Composed papers

function totals(body: ComposedPaperBody): { questionCount: number; totalScore: number } {
  const all = body.sections.flatMap((s) => s.questions);
  return { questionCount: all.length, totalScore: all.reduce((sum, q) => sum + q.score, 0) };
}

/** Refuses a paper with too many questions, a question twice or an unknown question. */
async function checkBody(tx: Tx, body: ComposedPaperBody): Promise<void> {
  const ids = body.sections.flatMap((s) => s.questions.map((q) => q.questionId));
  if (ids.length > QUESTION_BANK_LIMITS.composedQuestionsMax)
    throw unprocessable(QuestionBankMessages.tooManyQuestions, ErrorCode.QUESTION_PAPER_INVALID);
  if (new Set(ids).size !== ids.length)
    throw unprocessable(QuestionBankMessages.duplicateQuestion, ErrorCode.QUESTION_PAPER_INVALID);
  const known = await existingQuestionIds(tx, ids);
  if (known.size !== ids.length)
    throw unprocessable(QuestionBankMessages.unknownQuestions, ErrorCode.QUESTION_PAPER_INVALID);
}

const itemColumns = {
  id: composedPapers.id,
  title: composedPapers.title,
  subtitle: composedPapers.subtitle,
  questionCount: composedPapers.questionCount,
  totalScore: composedPapers.totalScore,
  createdAt: composedPapers.createdAt,
  updatedAt: composedPapers.updatedAt,
};

type ItemRow = {
  id: number;
  title: string;
  subtitle: string | null;
  questionCount: number;
  totalScore: number;
  createdAt: Date;
  updatedAt: Date;
};

const toItem = (r: ItemRow): ComposedPaperItem => ({
  id: r.id,
  title: r.title,
  subtitle: r.subtitle,
  questionCount: r.questionCount,
  totalScore: r.totalScore,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listComposed(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ items: ComposedPaperItem[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(itemColumns)
      .from(composedPapers)
      .where(eq(composedPapers.userId, userId))
      .orderBy(desc(composedPapers.createdAt), desc(composedPapers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(composedPapers).where(eq(composedPapers.userId, userId)),
  ]);
  return { items: rows.map(toItem), total: totalRow?.n ?? 0 };
}

export async function createComposed(db: Db, userId: number, body: ComposedPaperBody, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [row] = await tx.select({ n: count() }).from(composedPapers).where(eq(composedPapers.userId, userId));
    if ((row?.n ?? 0) >= QUESTION_BANK_LIMITS.composedPapersMax)
      throw unprocessable(QuestionBankMessages.composedFull, ErrorCode.QUESTION_PAPER_INVALID);
    await checkBody(tx, body);
    const [created] = await tx
      .insert(composedPapers)
      .values({
        userId,
        title: body.title,
        subtitle: body.subtitle ?? null,
        sections: body.sections,
        ...totals(body),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: composedPapers.id });
    if (body.clearBasket) await clearBasket(tx, userId);
    return created!.id;
  });
}

/** Replaces a composed paper; false when the user has no such paper. */
export async function updateComposed(
  db: Db,
  userId: number,
  id: number,
  body: ComposedPaperBody,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await checkBody(tx, body);
    const out = await tx
      .update(composedPapers)
      .set({
        title: body.title,
        subtitle: body.subtitle ?? null,
        sections: body.sections,
        ...totals(body),
        updatedAt: now,
      })
      .where(and(eq(composedPapers.id, id), eq(composedPapers.userId, userId)))
      .returning({ id: composedPapers.id });
    if (out.length && body.clearBasket) await clearBasket(tx, userId);
    return out.length > 0;
  });
}

export async function deleteComposed(db: Db, userId: number, id: number): Promise<boolean> {
  const out = await db
    .delete(composedPapers)
    .where(and(eq(composedPapers.id, id), eq(composedPapers.userId, userId)))
    .returning({ id: composedPapers.id });
  return out.length > 0;
}

/** A composed paper with its questions as stored in the bank (answers included: see `hiddenAnswers`). */
export type ComposedPaper = ComposedPaperItem & { sections: PaperSection[] };

/** A composed paper of this user with its questions (numbered 1, 2, … through the sections), or null. */
export async function composedDetail(db: Db, userId: number, id: number): Promise<ComposedPaper | null> {
  const [row] = await db
    .select({ ...itemColumns, sections: composedPapers.sections })
    .from(composedPapers)
    .where(and(eq(composedPapers.id, id), eq(composedPapers.userId, userId)));
  if (!row) return null;
  const details = await questionDetails(
    db,
    row.sections.flatMap((s) => s.questions.map((q) => q.questionId)),
  );
  let number = 0;
  const sections: PaperSection[] = row.sections.map((s) => ({
    title: s.title,
    // A question deleted from the bank since is left out.
    questions: s.questions
      .filter((q) => details.has(q.questionId))
      .map((q) => ({ number: ++number, score: q.score, question: details.get(q.questionId)! })),
  }));
  return { ...toItem(row), sections: sections.filter((s) => s.questions.length > 0) };
}

export function composedExportDoc(p: ComposedPaper, includeAnswers: boolean): ExportPaper {
  return {
    title: p.title,
    ...(p.subtitle ? { subtitle: p.subtitle } : {}),
    includeAnswers,
    sections: p.sections.map((s) => ({
      title: s.title,
      questions: s.questions.map((q) => exportQuestion(q.number, q.score, q.question)),
    })),
  };
}
