/**
 * Activation codes (issue 4): 16 characters from ACTIVATION_CODE_ALPHABET drawn with a CSPRNG,
 * stored only as SHA-256, single-use, optional expiry. Redeeming is one conditional
 * `UPDATE … WHERE used_at IS NULL … RETURNING` in the same transaction that records ownership,
 * so a code redeemed by many parallel requests succeeds exactly once. Wrong codes are recorded
 * in activation_failures; 10 in an hour lock the user out of activation until the hour passes.
 */
import { ACTIVATION_CODE_ALPHABET, ErrorCode, normalizeActivationCode, TextbookMessages } from '@eav/contract';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activationCodes, activationFailures, textbooks, userTextbooks } from '../../db/schema';
import { AppError, notFound, tooMany } from '../../lib/errors';
import { randomString, sha256Hex } from '../../lib/tokens';

export const CODE_LENGTH = 16;
/** Wrong codes allowed per user per window before 429. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 3600_000;

/** A new random activation code (plain; show it once, store only its hash). */
export function newActivationCode(): string {
  return randomString(ACTIVATION_CODE_ALPHABET, CODE_LENGTH);
}

/** Hash under which a (normalised) code is stored. */
export const codeHash = (code: string) => sha256Hex(normalizeActivationCode(code));

const CODE_RE = new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export interface GenerateOptions {
  textbookId: number;
  count: number;
  expiresAt?: Date | null;
  batch?: string | null;
}

/** Creates `count` codes for a book; returns the plain codes (never stored). */
export async function generateCodes(db: Db, opts: GenerateOptions): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < opts.count) codes.add(newActivationCode());
  const list = [...codes];
  await db.transaction(async (tx) => {
    for (let i = 0; i < list.length; i += 1000) {
      await tx.insert(activationCodes).values(
        list.slice(i, i + 1000).map((c) => ({
          textbookId: opts.textbookId,
          codeHash: codeHash(c),
          batch: opts.batch ?? null,
          expiresAt: opts.expiresAt ?? null,
        })),
      );
    }
  });
  return list;
}

const fail = (msg: string, code: string) => new AppError(422, code, msg);

export interface RedeemResult {
  textbookId: number;
  activatedAt: Date;
  alreadyOwned: boolean;
}

/**
 * Redeems `input` for `userId`.
 * @throws 429 after MAX_FAILURES wrong codes in the last hour; 422 ACTIVATION.CODE_INVALID /
 *   CODE_USED / CODE_EXPIRED otherwise (each recorded as a failure).
 */
export async function redeemCode(db: Db, userId: number, input: string, now: number): Promise<RedeemResult> {
  const since = new Date(now - FAILURE_WINDOW_MS);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(activationFailures)
    .where(and(eq(activationFailures.userId, userId), gt(activationFailures.createdAt, since)));
  if (n >= MAX_FAILURES) throw tooMany(TextbookMessages.activationLocked);

  const recordFailure = async (err: AppError) => {
    await db.insert(activationFailures).values({ userId, createdAt: new Date(now) });
    return err;
  };

  const code = normalizeActivationCode(input);
  if (!CODE_RE.test(code)) throw await recordFailure(fail(TextbookMessages.codeInvalid, ErrorCode.CODE_INVALID));
  const hash = sha256Hex(code);
  const [row] = await db
    .select({
      id: activationCodes.id,
      textbookId: activationCodes.textbookId,
      usedAt: activationCodes.usedAt,
      expiresAt: activationCodes.expiresAt,
    })
    .from(activationCodes)
    .where(eq(activationCodes.codeHash, hash));
  if (!row) throw await recordFailure(fail(TextbookMessages.codeInvalid, ErrorCode.CODE_INVALID));
  if (row.usedAt) throw await recordFailure(fail(TextbookMessages.codeUsed, ErrorCode.CODE_USED));
  if (row.expiresAt && row.expiresAt.getTime() <= now)
    throw await recordFailure(fail(TextbookMessages.codeExpired, ErrorCode.CODE_EXPIRED));

  const [book] = await db.select({ id: textbooks.id }).from(textbooks).where(eq(textbooks.id, row.textbookId));
  if (!book) throw notFound(TextbookMessages.notFound);

  // Owning the book already: keep the code for someone else.
  const [owned] = await db
    .select({ activatedAt: userTextbooks.activatedAt })
    .from(userTextbooks)
    .where(and(eq(userTextbooks.userId, userId), eq(userTextbooks.textbookId, row.textbookId)));
  if (owned) return { textbookId: row.textbookId, activatedAt: owned.activatedAt, alreadyOwned: true };

  const activatedAt = new Date(now);
  const won = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(activationCodes)
      .set({ usedAt: activatedAt, usedBy: userId })
      .where(
        and(
          eq(activationCodes.id, row.id),
          isNull(activationCodes.usedAt),
          or(isNull(activationCodes.expiresAt), gt(activationCodes.expiresAt, activatedAt)),
        ),
      )
      .returning({ id: activationCodes.id });
    if (!claimed) return false;
    await tx
      .insert(userTextbooks)
      .values({ userId, textbookId: row.textbookId, source: 'code', activationCodeId: claimed.id, activatedAt })
      // Two different codes of the same book redeemed at once by one user: keep the first activation.
      .onConflictDoUpdate({
        target: [userTextbooks.userId, userTextbooks.textbookId],
        set: { activatedAt: sql`${userTextbooks.activatedAt}` },
      });
    return true;
  });
  if (!won) throw await recordFailure(fail(TextbookMessages.codeUsed, ErrorCode.CODE_USED));
  return { textbookId: row.textbookId, activatedAt, alreadyOwned: false };
}
