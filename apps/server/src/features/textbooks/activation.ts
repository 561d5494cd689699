/**
 * Activation codes (docs/api.md, Activation): 16 characters from ACTIVATION_CODE_ALPHABET drawn
 * with a CSPRNG, stored only as SHA-256, single-use, optional expiry. Redeeming is one transaction
 * that first inserts the ownership (`ON CONFLICT DO NOTHING` on (user, book)) and then consumes the
 * code with a conditional `UPDATE … WHERE used_at IS NULL … RETURNING`: a code redeemed by many
 * parallel requests succeeds exactly once, and one user redeeming several codes of one book at once
 * (on any instance) consumes exactly one, the others roll back unused; its redeemer gets the same
 * success again on a retry. Wrong codes are recorded in activation_failures; 10 in an hour lock
 * the user out of activation until the hour passes. Codes of a voided console batch are refused as
 * invalid. `issueCodes` is the one way codes are
 * created: the CLI (`npm run codes:generate`) and the administrators' endpoint
 * `POST /api/v1/admin/textbooks/{id}/codes` both call it.
 */
import {
  ACTIVATION_CODE_ALPHABET,
  endOfBeijingDay,
  ErrorCode,
  normalizeActivationCode,
  TextbookMessages,
} from '@eav/contract';
import { and, count, eq, gt, isNull, or, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activationCodes, activationFailures, textbooks, userTextbooks } from '../../db/schema';
import { AppError, badRequest, notFound, tooMany } from '../../lib/errors';
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

/** Largest batch `issueCodes` accepts (the CLI's limit; the HTTP endpoint allows fewer). */
export const MAX_CODES_PER_ISSUE = 100_000;

/**
 * Finds a textbook by the key an operator types: a numeric id, else the externalId (an all-digit
 * externalId is found when no book has that id).
 */
export async function findTextbookByKey(
  db: Db,
  key: string,
): Promise<{ id: number; externalId: string; title: string } | undefined> {
  const k = key.trim();
  if (!k) return undefined;
  const cols = { id: textbooks.id, externalId: textbooks.externalId, title: textbooks.title };
  if (/^\d{1,10}$/.test(k) && Number(k) <= 2_147_483_647) {
    const [byId] = await db
      .select(cols)
      .from(textbooks)
      .where(eq(textbooks.id, Number(k)));
    if (byId) return byId;
  }
  const [byExternal] = await db.select(cols).from(textbooks).where(eq(textbooks.externalId, k));
  return byExternal;
}

/**
 * The instant a code valid through the day `YYYY-MM-DD` stops working: the end of that day,
 * Beijing time (UTC+8, no daylight saving).
 * @throws 400 (Chinese message) for a malformed or non-existent date, or a day already over at `now`.
 */
export function expiryOfDay(day: string, now: number): Date {
  const end = endOfBeijingDay(day);
  if (!end) throw badRequest('有效期必须是有效日期，格式 YYYY-MM-DD');
  if (end.getTime() <= now) throw badRequest('有效期不能早于今天');
  return end;
}

export interface IssueRequest {
  /** Numeric id or externalId of the book. */
  textbook: string;
  count: number;
  /** Last valid day, `YYYY-MM-DD` (Beijing time); none = no expiry. */
  expires?: string | null;
  batch?: string | null;
  /** Current time, ms since epoch (the app clock in tests). */
  now: number;
}

export interface IssuedCodes {
  book: { id: number; externalId: string; title: string };
  /** Plain codes (16 characters, ungrouped): the only time they exist outside a hash. */
  codes: string[];
  expiresAt: Date | null;
}

/**
 * Creates activation codes for the book named by `textbook`: the single service behind the CLI
 * and the admin endpoint. Never log the returned codes.
 * @throws 404 when no book has that id or externalId; 400 for a bad count or expiry date.
 */
export async function issueCodes(db: Db, req: IssueRequest): Promise<IssuedCodes> {
  if (!Number.isInteger(req.count) || req.count < 1 || req.count > MAX_CODES_PER_ISSUE)
    throw badRequest(`数量必须是 1 到 ${MAX_CODES_PER_ISSUE} 之间的整数`);
  const expiresAt = req.expires ? expiryOfDay(req.expires, req.now) : null;
  const book = await findTextbookByKey(db, req.textbook);
  if (!book) throw notFound(`找不到教材：${req.textbook.trim().slice(0, 64)}`);
  const batch = req.batch?.trim() || null;
  const codes = await generateCodes(db, { textbookId: book.id, count: req.count, expiresAt, batch });
  return { book, codes, expiresAt };
}

const fail = (msg: string, code: string) => new AppError(422, code, msg);

export interface RedeemResult {
  status: 'activated';
  textbookId: number;
  activatedAt: Date;
  /** The user owned the book before: the code was left unused. */
  alreadyOwned: boolean;
  /** This user had redeemed this very code already (a repeat or retry): nothing changed. */
  alreadyRedeemed: boolean;
}

/** The code is valid but belongs to another book than the expected one; nothing was redeemed. */
export interface OtherBook {
  status: 'otherBook';
  /** The book the code is for. */
  textbookId: number;
}

export interface RedeemOptions {
  /**
   * The book the user means to activate (the dialog of that book). A code of another book is then
   * answered `otherBook` without being redeemed and without counting as a failure.
   */
  expectedTextbookId?: number;
}

/**
 * Redeems `input` for `userId` (docs/api.md, Activation). Idempotent for its redeemer: the same
 * user sending a code they already redeemed (a retry whose first answer was lost, or the code typed
 * again) gets the same ownership again with `alreadyRedeemed`, and it is not counted as a failure.
 * @returns `activated`, or `otherBook` when `expectedTextbookId` is given and the code is for
 *   another book.
 * @throws 429 after MAX_FAILURES wrong codes in the last hour; 422 ACTIVATION.CODE_INVALID /
 *   CODE_USED (by someone else) / CODE_EXPIRED otherwise (each recorded as a failure).
 */
export async function redeemCode(
  db: Db,
  userId: number,
  input: string,
  now: number,
  options: RedeemOptions = {},
): Promise<RedeemResult | OtherBook> {
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
      usedBy: activationCodes.usedBy,
      expiresAt: activationCodes.expiresAt,
      voidedAt: activationCodes.voidedAt,
    })
    .from(activationCodes)
    .where(eq(activationCodes.codeHash, hash));
  if (!row) throw await recordFailure(fail(TextbookMessages.codeInvalid, ErrorCode.CODE_INVALID));
  // A voided batch's unused codes are no codes any more (docs/console.md); a redeemer keeps their retry.
  if (row.voidedAt && !(row.usedAt && row.usedBy === userId))
    throw await recordFailure(fail(TextbookMessages.codeInvalid, ErrorCode.CODE_INVALID));
  if (row.usedAt && row.usedBy !== userId)
    throw await recordFailure(fail(TextbookMessages.codeUsed, ErrorCode.CODE_USED));
  // A code this user already redeemed stays theirs even once its expiry has passed.
  if (!row.usedAt && row.expiresAt && row.expiresAt.getTime() <= now)
    throw await recordFailure(fail(TextbookMessages.codeExpired, ErrorCode.CODE_EXPIRED));

  // A good code typed into another book's dialog: ask the user before activating that book.
  if (options.expectedTextbookId !== undefined && options.expectedTextbookId !== row.textbookId)
    return { status: 'otherBook', textbookId: row.textbookId };

  const [book] = await db.select({ id: textbooks.id }).from(textbooks).where(eq(textbooks.id, row.textbookId));
  if (!book) throw notFound(TextbookMessages.notFound);

  const ownership = () =>
    db
      .select({ activatedAt: userTextbooks.activatedAt, activationCodeId: userTextbooks.activationCodeId })
      .from(userTextbooks)
      .where(and(eq(userTextbooks.userId, userId), eq(userTextbooks.textbookId, row.textbookId)))
      .then((rows) => rows[0]);
  /** The answer of the request that redeemed the code, repeated for its retries. */
  const replay = (activatedAt: Date): RedeemResult => ({
    status: 'activated',
    textbookId: row.textbookId,
    activatedAt,
    alreadyOwned: false,
    alreadyRedeemed: true,
  });

  const owned = await ownership();
  if (row.usedAt) {
    // Redeemed by this user before: the same success again (ownership is written in the same
    // transaction as the code's use, so it is visible here).
    if (owned) return replay(owned.activatedAt);
    throw await recordFailure(fail(TextbookMessages.codeUsed, ErrorCode.CODE_USED));
  }
  if (owned) {
    // A parallel request of this user redeemed this very code since it was read above.
    if (owned.activationCodeId === row.id) return replay(owned.activatedAt);
    // Owning the book already: keep the code for someone else.
    return {
      status: 'activated',
      textbookId: row.textbookId,
      activatedAt: owned.activatedAt,
      alreadyOwned: true,
      alreadyRedeemed: false,
    };
  }

  const activatedAt = new Date(now);
  // Ownership first, then the code, in one transaction: the insert waits on the (user, book) key
  // while another redemption of this user for this book is in flight (any instance, any code of the
  // book) and then finds the row taken, so the loser rolls back and its code stays unused.
  const outcome = await db
    .transaction(async (tx): Promise<'won' | 'owned' | 'lost'> => {
      const [mine] = await tx
        .insert(userTextbooks)
        .values({ userId, textbookId: row.textbookId, source: 'code', activationCodeId: row.id, activatedAt })
        .onConflictDoNothing({ target: [userTextbooks.userId, userTextbooks.textbookId] })
        .returning({ userId: userTextbooks.userId });
      if (!mine) return 'owned';
      const [claimed] = await tx
        .update(activationCodes)
        .set({ usedAt: activatedAt, usedBy: userId })
        .where(
          and(
            eq(activationCodes.id, row.id),
            isNull(activationCodes.usedAt),
            isNull(activationCodes.voidedAt),
            or(isNull(activationCodes.expiresAt), gt(activationCodes.expiresAt, activatedAt)),
          ),
        )
        .returning({ id: activationCodes.id });
      if (claimed) return 'won';
      // The code went to someone else meanwhile: undo the ownership written above.
      return tx.rollback();
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return 'lost' as const;
      throw err;
    });
  if (outcome === 'won')
    return {
      status: 'activated',
      textbookId: row.textbookId,
      activatedAt,
      alreadyOwned: false,
      alreadyRedeemed: false,
    };
  if (outcome === 'owned') {
    // Owned since it was read above: by this very code (a parallel retry of this user: the same
    // success) or by another code or gift (this code is kept for someone else).
    const held = await ownership();
    if (held?.activationCodeId === row.id) return replay(held.activatedAt);
    if (held)
      return {
        status: 'activated',
        textbookId: row.textbookId,
        activatedAt: held.activatedAt,
        alreadyOwned: true,
        alreadyRedeemed: false,
      };
  }
  // Lost the race: to a parallel request of the same user (their success), or to someone else.
  const [after] = await db
    .select({ usedBy: activationCodes.usedBy })
    .from(activationCodes)
    .where(eq(activationCodes.id, row.id));
  const mine = after?.usedBy === userId ? await ownership() : undefined;
  if (mine) return replay(mine.activatedAt);
  throw await recordFailure(fail(TextbookMessages.codeUsed, ErrorCode.CODE_USED));
}
