/**
 * SMS verification codes (issue 3): 6 digits, 5 minutes, single-use, bound to phone and purpose,
 * stored as SHA-256, dead after 3 wrong tries. Sending is limited per phone to 1 per 60 s, 5 per
 * hour and 10 per day, and per IP to IP_PER_HOUR an hour, counted in the sms_codes table under a
 * per-phone advisory lock so the limits hold across instances and under concurrent requests.
 */
import { ErrorCode, LIMITS, type SmsPurpose } from '@eav/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { AppError, tooMany, unprocessable } from '../../lib/errors';
import { numericCode, sha256Hex } from '../../lib/tokens';
import { SmsSendError, type SmsProvider } from './sms';

export const SMS_LIMITS = {
  perMinute: 1,
  perHour: 5,
  perDay: 10,
  /** Codes one IP may request in an hour, across phones (per-IP cap). */
  ipPerHour: 20,
  maxAttempts: 3,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const hashCode = (phone: string, purpose: SmsPurpose, code: string) => sha256Hex(`${phone}:${purpose}:${code}`);

function tooFrequent(msg: string, retryAfterMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, ErrorCode.AUTH_SMS_TOO_FREQUENT, msg, { retryAfter });
}

/**
 * Checks the send limits, stores a new code (superseding older live codes of the same phone and
 * purpose) and sends it. Answers seconds until expiry and until the next send is allowed.
 * @throws 429 AUTH.SMS_TOO_FREQUENT (data.retryAfter in s), 429 RATE.LIMITED for the IP cap,
 *   502 SMS.SEND_FAILED when the provider fails (the code is then withdrawn).
 */
export async function sendSmsCode(
  app: FastifyInstance,
  request: FastifyRequest,
  provider: SmsProvider,
  phone: string,
  purpose: SmsPurpose,
): Promise<{ expiresIn: number; resendIn: number }> {
  const now = app.clock();
  const code = numericCode(LIMITS.smsCode.length);
  const id = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`);
    const recent = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now - DAY))))
      .orderBy(desc(smsCodes.createdAt))
      .limit(SMS_LIMITS.perDay);
    const times = recent.map((r) => r.createdAt.getTime());
    const last = times[0];
    if (last !== undefined && now - last < MINUTE)
      throw tooFrequent(
        `验证码发送过于频繁，请 ${Math.ceil((last + MINUTE - now) / 1000)} 秒后再试`,
        last + MINUTE - now,
      );
    const inHour = times.filter((t) => now - t < HOUR);
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
      .where(and(eq(smsCodes.ip, request.ip), gt(smsCodes.createdAt, new Date(now - HOUR))));
    if ((ipRow?.n ?? 0) >= SMS_LIMITS.ipPerHour)
      throw tooMany('当前网络获取验证码过于频繁，请稍后再试', { retryAfter: 3600 });

    await tx
      .update(smsCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
    const [row] = await tx
      .insert(smsCodes)
      .values({
        phone,
        purpose,
        codeHash: hashCode(phone, purpose, code),
        ip: request.ip,
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
  return { expiresIn: LIMITS.smsCodeTtlSeconds, resendIn: LIMITS.smsResendSeconds };
}

/**
 * Consumes the live code of phone+purpose if `code` matches, inside the caller's transaction, so
 * that a failure later in the same transaction gives the code back. One conditional UPDATE: of
 * concurrent requests with the same code exactly one succeeds.
 */
export async function consumeSmsCode(
  tx: Tx | Db,
  phone: string,
  purpose: SmsPurpose,
  code: string,
  now: number,
): Promise<boolean> {
  const rows = await tx
    .update(smsCodes)
    .set({ consumedAt: new Date(now) })
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        eq(smsCodes.codeHash, hashCode(phone, purpose, code)),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, new Date(now)),
        lt(smsCodes.attempts, SMS_LIMITS.maxAttempts),
      ),
    )
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

/** Counts a wrong code against the live code of phone+purpose; the third wrong try kills it. */
export async function recordSmsFailure(db: Db, phone: string, purpose: SmsPurpose, now: number): Promise<void> {
  await db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + 1`,
      consumedAt: sql`case when ${smsCodes.attempts} + 1 >= ${SMS_LIMITS.maxAttempts} then ${new Date(now).toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, new Date(now)),
      ),
    );
}

export const smsInvalid = () => unprocessable('短信验证码错误或已失效，请重新获取', ErrorCode.AUTH_SMS_INVALID);

const INVALID = Symbol('sms-invalid');
/**
 * Runs `work` in a transaction after consuming the SMS code; a wrong code is counted (outside the
 * rolled-back transaction) and answers 422 AUTH.SMS_INVALID; an error in `work` gives the code back.
 */
export async function withSmsCode<T>(
  app: FastifyInstance,
  input: { phone: string; purpose: SmsPurpose; code: string },
  work: (tx: Tx, now: number) => Promise<T>,
): Promise<T> {
  const now = app.clock();
  const result = await app.db.transaction(async (tx) => {
    if (!(await consumeSmsCode(tx, input.phone, input.purpose, input.code, now))) return INVALID;
    return work(tx, now);
  });
  if (result === INVALID) {
    await recordSmsFailure(app.db, input.phone, input.purpose, now);
    throw smsInvalid();
  }
  return result as T;
}

/** Deletes codes older than a day (they no longer count for any limit). */
export async function purgeOldSmsCodes(db: Db, now: number): Promise<void> {
  await db.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(now - DAY - HOUR)));
}
