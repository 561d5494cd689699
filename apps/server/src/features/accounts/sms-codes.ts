/**
 * SMS verification codes (brute-force rules: ADR 004): 6 digits, 5 minutes,
 * single-use, bound to phone and purpose, stored hashed.
 *
 * Every send answers a flow ticket (`smsTicket`, "<code id>.<256-bit secret>") that only the
 * requester sees. A check that presents the ticket is aimed at that one code, and its wrong
 * guesses count against it (3 kill it); guesses without the right ticket can never kill a code
 * that someone else asked for. They count instead against the guesser's source (client IP) and,
 * when no ticket is given at all, against a small per-phone-and-purpose budget for clients that do
 * not send tickets (the web always does, so exhausting that budget locks nobody's web flow out).
 *
 * Send limits are counted per source, so nobody can use up the owner's quota: per phone, purpose
 * and source 1 per 60 s and 5 per hour; per phone and source 10 a day (all purposes); per source 20
 * an hour across phones. They are counted in the sms_codes table under a per-phone advisory lock,
 * so they hold across instances and under concurrent requests.
 */
import { ErrorCode, LIMITS, type SmsPurpose } from '@eav/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { AppError, tooMany, unprocessable } from '../../lib/errors';
import { newToken, numericCode, sha256Hex } from '../../lib/tokens';
import { FailureCounter, type FailureRule } from './failure-counter';
import { formatBeijing } from './service';
import { SmsSendError, type SmsProvider } from './sms';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SMS_LIMITS = {
  /** Sends per phone, purpose and source in 60 s. */
  perMinute: 1,
  /** Sends per phone, purpose and source in an hour. */
  perHour: 5,
  /** Sends per phone and source in a day, all purposes together. */
  perDay: 10,
  /** Sends one source (client IP) may request in an hour, across phones. */
  ipPerHour: 20,
  /** Wrong guesses presented with a code's ticket before the code dies. */
  maxAttempts: 3,
} as const;

/** Failure rules of SMS checks (ADR 004). */
export const SMS_FAILURES = {
  /** Wrong codes or tickets from one source, whatever the phone: the source's checks are then locked. */
  source: { limit: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Wrong codes without a ticket, per phone and purpose: checks without a ticket are then locked. */
  ticketless: { limit: 5, windowMs: DAY, lockMs: DAY },
} as const satisfies Record<string, FailureRule>;

/**
 * The stored hash: 32 hex of SHA-256 of the ticket secret, then 32 hex of SHA-256 of
 * phone:purpose:code. Each half is a 128-bit check; a wrong ticket and a wrong code are told apart
 * without a second column.
 */
const ticketHalf = (secret: string) => sha256Hex(`sms-ticket:${secret}`).slice(0, 32);
const codeHalf = (phone: string, purpose: SmsPurpose, code: string) =>
  sha256Hex(`${phone}:${purpose}:${code}`).slice(0, 32);

/** The code id and secret of a well-formed ticket, else null. */
export function parseSmsTicket(ticket: string): { id: number; secret: string } | null {
  const m = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  return m ? { id: Number(m[1]), secret: m[2]! } : null;
}

function tooFrequent(msg: string, retryAfterMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, ErrorCode.AUTH_SMS_TOO_FREQUENT, msg, { retryAfter });
}

/** 429 AUTH.LOCKED: too many wrong codes (from this source, or without a ticket for this phone). */
function smsLocked(until: number, now: number): AppError {
  return new AppError(429, ErrorCode.AUTH_LOCKED, `短信验证码错误次数过多，请于 ${formatBeijing(until, now)} 后再试`, {
    lockedUntil: new Date(until).toISOString(),
  });
}

export const smsInvalid = () => unprocessable('短信验证码错误或已失效，请重新获取', ErrorCode.AUTH_SMS_INVALID);

/**
 * Checks the send limits of the requesting source, stores a new code (superseding older live codes
 * the same source asked for the same phone and purpose) and sends it. Answers seconds until expiry
 * and until the next send is allowed, and the flow ticket the check must present.
 * @throws 429 AUTH.SMS_TOO_FREQUENT (data.retryAfter in s), 429 RATE.LIMITED for the per-source cap,
 *   502 SMS.SEND_FAILED when the provider fails (the code is then withdrawn).
 */
export async function sendSmsCode(
  app: FastifyInstance,
  request: FastifyRequest,
  provider: SmsProvider,
  phone: string,
  purpose: SmsPurpose,
): Promise<{ expiresIn: number; resendIn: number; smsTicket: string }> {
  const now = app.clock();
  const source = request.ip;
  const code = numericCode(LIMITS.smsCode.length);
  const secret = newToken();
  const id = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`);
    const recent = await tx
      .select({ createdAt: smsCodes.createdAt, purpose: smsCodes.purpose })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.ip, source), gt(smsCodes.createdAt, new Date(now - DAY))))
      .orderBy(desc(smsCodes.createdAt))
      .limit(SMS_LIMITS.perDay);
    const times = recent.map((r) => r.createdAt.getTime());
    const forPurpose = recent.filter((r) => r.purpose === purpose).map((r) => r.createdAt.getTime());
    const last = forPurpose[0];
    if (last !== undefined && now - last < MINUTE)
      throw tooFrequent(
        `验证码发送过于频繁，请 ${Math.ceil((last + MINUTE - now) / 1000)} 秒后再试`,
        last + MINUTE - now,
      );
    const inHour = forPurpose.filter((t) => now - t < HOUR);
    if (inHour.length >= SMS_LIMITS.perHour)
      throw tooFrequent(
        '该手机号 1 小时内获取验证码次数已达上限，请稍后再试',
        inHour[SMS_LIMITS.perHour - 1]! + HOUR - now,
      );
    if (times.length >= SMS_LIMITS.perDay)
      throw tooFrequent('该手机号今日获取验证码次数已达上限，请明天再试', times[SMS_LIMITS.perDay - 1]! + DAY - now);
    const [ipRow] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, source), gt(smsCodes.createdAt, new Date(now - HOUR))));
    if ((ipRow?.n ?? 0) >= SMS_LIMITS.ipPerHour)
      throw tooMany('当前网络获取验证码过于频繁，请稍后再试', { retryAfter: 3600 });

    await tx
      .update(smsCodes)
      .set({ consumedAt: new Date(now) })
      .where(
        and(
          eq(smsCodes.phone, phone),
          eq(smsCodes.purpose, purpose),
          eq(smsCodes.ip, source),
          isNull(smsCodes.consumedAt),
        ),
      );
    const [row] = await tx
      .insert(smsCodes)
      .values({
        phone,
        purpose,
        codeHash: ticketHalf(secret) + codeHalf(phone, purpose, code),
        ip: source,
        createdAt: new Date(now),
        expiresAt: new Date(now + LIMITS.smsCodeTtlSeconds * 1000),
      })
      .returning({ id: smsCodes.id });
    return row!.id;
  });
  try {
    await provider.send({ phone, purpose, code });
  } catch (err) {
    // Withdraw the code so the person can retry at once; the message names no phone and no code.
    await app.db.delete(smsCodes).where(eq(smsCodes.id, id));
    request.log.warn(
      { provider: provider.name, reason: err instanceof SmsSendError ? err.message : (err as Error).name },
      'sms send failed',
    );
    throw new AppError(502, 'SMS.SEND_FAILED', '短信发送失败，请稍后再试');
  }
  return { expiresIn: LIMITS.smsCodeTtlSeconds, resendIn: LIMITS.smsResendSeconds, smsTicket: `${id}.${secret}` };
}

/** What a check presents: the code, and the ticket of its flow when the client has it. */
export interface SmsProof {
  phone: string;
  purpose: SmsPurpose;
  code: string;
  /** The `smsTicket` of the send; without it only the per-phone budget for ticketless checks applies. */
  ticket?: string | undefined;
  /** The client IP, whose wrong guesses are counted and locked (omit only for calls behind a session). */
  source?: string | undefined;
}

const live = (now: number) =>
  and(
    isNull(smsCodes.consumedAt),
    gt(smsCodes.expiresAt, new Date(now)),
    lt(smsCodes.attempts, SMS_LIMITS.maxAttempts),
  );

/**
 * Consumes the code the proof names if it matches, inside the caller's transaction, so that a
 * failure later in the same transaction gives the code back. One conditional UPDATE: of
 * concurrent requests with the same code exactly one succeeds. With a ticket only the ticket's
 * code can match; without one, any live code of phone and purpose.
 */
export async function consumeSmsCode(tx: Tx | Db, proof: SmsProof, now: number): Promise<boolean> {
  const { phone, purpose, code } = proof;
  const bound = { phone: eq(smsCodes.phone, phone), purpose: eq(smsCodes.purpose, purpose) };
  if (proof.ticket !== undefined) {
    const t = parseSmsTicket(proof.ticket);
    if (!t) return false;
    const rows = await tx
      .update(smsCodes)
      .set({ consumedAt: new Date(now) })
      .where(
        and(
          eq(smsCodes.id, t.id),
          bound.phone,
          bound.purpose,
          eq(smsCodes.codeHash, ticketHalf(t.secret) + codeHalf(phone, purpose, code)),
          live(now),
        ),
      )
      .returning({ id: smsCodes.id });
    return rows.length === 1;
  }
  const rows = await tx
    .update(smsCodes)
    .set({ consumedAt: new Date(now) })
    .where(
      and(
        bound.phone,
        bound.purpose,
        sql`right(${smsCodes.codeHash}, 32) = ${codeHalf(phone, purpose, code)}`,
        live(now),
      ),
    )
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}

/**
 * Counts a wrong guess against the code of a valid ticket (the third kills it); a ticket that does
 * not name a live code of this phone and purpose with the right secret changes nothing.
 */
async function recordTicketFailure(db: Db, proof: SmsProof, now: number): Promise<void> {
  const t = proof.ticket === undefined ? null : parseSmsTicket(proof.ticket);
  if (!t) return;
  await db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + 1`,
      consumedAt: sql`case when ${smsCodes.attempts} + 1 >= ${SMS_LIMITS.maxAttempts} then ${new Date(now).toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(smsCodes.id, t.id),
        eq(smsCodes.phone, proof.phone),
        eq(smsCodes.purpose, proof.purpose),
        sql`left(${smsCodes.codeHash}, 32) = ${ticketHalf(t.secret)}`,
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, new Date(now)),
      ),
    );
}

const INVALID = Symbol('sms-invalid');
/**
 * Runs `work` in a transaction after consuming the SMS code of `proof`. A wrong guess answers 422
 * AUTH.SMS_INVALID and is counted outside the rolled-back transaction: against the code when the
 * ticket is right, against the source, and without a ticket against the phone's ticketless budget.
 * An error in `work` gives the code back.
 * @throws 429 AUTH.LOCKED (data.lockedUntil) while the source or the ticketless budget is locked.
 */
export async function withSmsCode<T>(
  app: FastifyInstance,
  proof: SmsProof,
  work: (tx: Tx, now: number) => Promise<T>,
): Promise<T> {
  const now = app.clock();
  const bySource = new FailureCounter(app.kv, 'smsfail:src', SMS_FAILURES.source);
  const ticketless = new FailureCounter(app.kv, 'smsfail:noticket', SMS_FAILURES.ticketless);
  const budget = `${proof.phone}:${proof.purpose}`;
  const locked =
    (proof.source !== undefined ? await bySource.lockedUntil(proof.source, now) : null) ??
    (proof.ticket === undefined ? await ticketless.lockedUntil(budget, now) : null);
  if (locked) throw smsLocked(locked, now);

  const result = await app.db.transaction(async (tx) => {
    if (!(await consumeSmsCode(tx, proof, now))) return INVALID;
    return work(tx, now);
  });
  if (result !== INVALID) return result as T;

  await recordTicketFailure(app.db, proof, now);
  const lock = (
    await Promise.all([
      proof.source !== undefined ? bySource.fail(proof.source, now) : null,
      proof.ticket === undefined ? ticketless.fail(budget, now) : null,
    ])
  ).find((c) => c?.lockedUntil)?.lockedUntil;
  if (lock) throw smsLocked(lock, now);
  throw smsInvalid();
}

/** Deletes codes older than a day (they no longer count for any limit). */
export async function purgeOldSmsCodes(db: Db, now: number): Promise<void> {
  await db.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(now - DAY - HOUR)));
}
