/**
 * SMS verification codes (brute-force rules: ADR 004, docs/accounts.md): 6 digits, 5 minutes,
 * single-use, bound to phone and purpose, stored hashed.
 *
 * Every send answers a flow ticket (`smsTicket`, "<code id>.<256-bit secret>") that only the
 * requester sees. A check that presents the ticket is aimed at that one code, and its wrong
 * guesses count against it (3 kill it); guesses without the right ticket can never kill a code
 * that someone else asked for. They count instead against the phone: 10 such wrong guesses lock
 * the phone's checks that do not present a valid ticket for 15 minutes, and, when no ticket is
 * given at all, a small per-phone-and-purpose budget applies (the web always sends tickets, so
 * neither locks anybody's web flow out). Nothing is counted per address: a school shares one.
 *
 * Send limits are counted per phone whatever the source (the SMS vendors' own defaults: 1 a
 * minute for each purpose, 5 an hour and 10 a day in all; LIMITS.accountRates.smsPerPhone), per source as a
 * flood ceiling across phones, and against a global daily budget (SMS_DAILY_BUDGET, Beijing
 * days). They are counted in the sms_codes table under a per-phone advisory lock, so they hold
 * across instances and under concurrent requests.
 */
import { ErrorCode, LIMITS, type SmsPurpose } from '@eav/contract';
import { Gauge } from 'prom-client';
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

const RATES = LIMITS.accountRates;

export const SMS_LIMITS = {
  /**
   * Sends per phone and purpose in 60 s, whatever the source (per purpose, so that a code to
   * register and one to log in right after both arrive; set the vendor's own control to match).
   */
  perMinute: RATES.smsPerPhone.perMinute,
  /** Sends per phone in an hour, whatever the source and purpose. */
  perHour: RATES.smsPerPhone.perHour,
  /** Sends per phone in a day, whatever the source and purpose. */
  perDay: RATES.smsPerPhone.perDay,
  /** Sends one source (client IP) may request in an hour, across phones: a flood ceiling. */
  ipPerHour: RATES.addressSmsPerHour,
  /** Wrong guesses presented with a code's ticket before the code dies. */
  maxAttempts: 3,
  /** Share of the daily budget from which every send logs a warning. */
  budgetWarnShare: 0.8,
} as const;

/** Failure rules of SMS checks (ADR 004): counted against the phone, never the address. */
export const SMS_FAILURES = {
  /**
   * Wrong codes for one phone (any purpose) that did not present a valid ticket: its checks
   * without a valid ticket are then locked. A check with its own flow's ticket is never held up.
   */
  phone: { limit: RATES.smsWrongPerPhone, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Wrong codes without a ticket, per phone and purpose: checks without a ticket are then locked. */
  ticketless: { limit: 5, windowMs: DAY, lockMs: DAY },
} as const satisfies Record<string, FailureRule>;

const BEIJING_OFFSET_MS = 8 * HOUR;
/** Start (ms) of the Beijing calendar day of `now`: the SMS budget's day, as the vendors bill. */
const beijingDayStart = (now: number) => Math.floor((now + BEIJING_OFFSET_MS) / DAY) * DAY - BEIJING_OFFSET_MS;

/**
 * The gauges of the SMS budget on /metrics, one pair per metrics registry (each app has its own;
 * keyed by the registry, since every plugin context that sends codes sees another `app` object).
 */
const budgetGauges = new WeakMap<object, { used: Gauge; budget: Gauge }>();
function gaugesOf(app: FastifyInstance) {
  let g = budgetGauges.get(app.metrics.registry);
  if (!g) {
    const registers = [app.metrics.registry];
    g = {
      used: new Gauge({
        name: 'eav_sms_sent_today',
        help: 'SMS codes sent this Beijing day (all instances)',
        registers,
      }),
      budget: new Gauge({
        name: 'eav_sms_daily_budget',
        help: 'SMS_DAILY_BUDGET: most SMS codes sent per Beijing day',
        registers,
      }),
    };
    budgetGauges.set(app.metrics.registry, g);
  }
  return g;
}

/**
 * The stored hash: 32 hex of SHA-256 of the ticket secret, then 32 hex of SHA-256 of
 * phone:purpose:code (phone:purpose:scope:code for a scoped code). Each half is a 128-bit check; a
 * wrong ticket and a wrong code are told apart without a second column. A scope (a guardian code's
 * pupil) binds the code to whoever asked for it: the same code checked under another scope fails.
 */
const ticketHalf = (secret: string) => sha256Hex(`sms-ticket:${secret}`).slice(0, 32);
const codeHalf = (phone: string, purpose: SmsPurpose, code: string, scope?: string) =>
  sha256Hex(scope === undefined ? `${phone}:${purpose}:${code}` : `${phone}:${purpose}:${scope}:${code}`).slice(0, 32);

/** The code id and secret of a well-formed ticket, else null. */
export function parseSmsTicket(ticket: string): { id: number; secret: string } | null {
  const m = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  return m ? { id: Number(m[1]), secret: m[2]! } : null;
}

function tooFrequent(msg: string, retryAfterMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, ErrorCode.AUTH_SMS_TOO_FREQUENT, msg, { retryAfter });
}

/** 429 AUTH.LOCKED: too many wrong codes for this phone without a valid ticket. */
function smsLocked(until: number, now: number): AppError {
  return new AppError(429, ErrorCode.AUTH_LOCKED, `短信验证码错误次数过多，请于 ${formatBeijing(until, now)} 后再试`, {
    lockedUntil: new Date(until).toISOString(),
  });
}

export const smsInvalid = () => unprocessable('短信验证码错误或已失效，请重新获取', ErrorCode.AUTH_SMS_INVALID);

/**
 * Checks the send limits (per phone whatever the source, the source's flood ceiling, the global
 * daily budget `dailyBudget`), stores a new code (superseding older live codes the same source
 * asked for the same phone and purpose) and sends it. Answers seconds until expiry and until the
 * next send is allowed, and the flow ticket the check must present. A `scope` binds the code to
 * the checks that present the same scope (SmsProof.scope). From SMS_LIMITS.budgetWarnShare
 * of the budget every send logs a warning; the gauges eav_sms_sent_today and eav_sms_daily_budget
 * show it on /metrics.
 * @throws 429 AUTH.SMS_TOO_FREQUENT (data.retryAfter in s) for the per-phone limits, 429
 *   RATE.LIMITED for the per-source ceiling and the spent budget, 502 SMS.SEND_FAILED when the
 *   provider fails (the code is then withdrawn).
 */
export async function sendSmsCode(
  app: FastifyInstance,
  request: FastifyRequest,
  provider: SmsProvider,
  phone: string,
  purpose: SmsPurpose,
  dailyBudget: number,
  scope?: string,
): Promise<{ expiresIn: number; resendIn: number; smsTicket: string }> {
  const now = app.clock();
  const source = request.ip;
  const code = numericCode(LIMITS.smsCode.length);
  const secret = newToken();
  const gauges = gaugesOf(app);
  gauges.budget.set(dailyBudget);
  const { id, sentToday } = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`);
    const recent = await tx
      .select({ createdAt: smsCodes.createdAt, purpose: smsCodes.purpose })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now - DAY))))
      .orderBy(desc(smsCodes.createdAt))
      .limit(SMS_LIMITS.perDay);
    const times = recent.map((r) => r.createdAt.getTime());
    const last = recent.find((r) => r.purpose === purpose)?.createdAt.getTime();
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
    const [[ipRow], [dayRow]] = await Promise.all([
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, source), gt(smsCodes.createdAt, new Date(now - HOUR)))),
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(smsCodes)
        .where(gt(smsCodes.createdAt, new Date(beijingDayStart(now)))),
    ]);
    if ((ipRow?.n ?? 0) >= SMS_LIMITS.ipPerHour)
      throw tooMany('当前网络获取验证码过于频繁，请稍后再试', { retryAfter: 3600 });
    const today = dayRow?.n ?? 0;
    gauges.used.set(today);
    if (today >= dailyBudget) {
      request.log.error({ sentToday: today, dailyBudget }, 'sms daily budget reached: sends refused');
      throw tooMany('今日短信发送量已达上限，请使用密码登录或明天再试', {
        retryAfter: Math.ceil((beijingDayStart(now) + DAY - now) / 1000),
      });
    }

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
        codeHash: ticketHalf(secret) + codeHalf(phone, purpose, code, scope),
        ip: source,
        createdAt: new Date(now),
        expiresAt: new Date(now + LIMITS.smsCodeTtlSeconds * 1000),
      })
      .returning({ id: smsCodes.id });
    return { id: row!.id, sentToday: today + 1 };
  });
  gauges.used.set(sentToday);
  if (sentToday >= dailyBudget * SMS_LIMITS.budgetWarnShare)
    request.log.warn({ sentToday, dailyBudget }, 'sms daily budget nearly spent');
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
  /** The scope the code was sent under (`sendSmsCode`), if any. */
  scope?: string | undefined;
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
  const { phone, purpose, code, scope } = proof;
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
          eq(smsCodes.codeHash, ticketHalf(t.secret) + codeHalf(phone, purpose, code, scope)),
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
        sql`right(${smsCodes.codeHash}, 32) = ${codeHalf(phone, purpose, code, scope)}`,
        live(now),
      ),
    )
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}

/**
 * Counts a wrong guess against the code of a valid ticket (the third kills it) and answers whether
 * the ticket named such a code; a ticket that does not name a live code of this phone and purpose
 * with the right secret changes nothing.
 */
async function recordTicketFailure(db: Db, proof: SmsProof, now: number): Promise<boolean> {
  const t = proof.ticket === undefined ? null : parseSmsTicket(proof.ticket);
  if (!t) return false;
  const rows = await db
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
    )
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

/** Whether the proof's ticket names a live code of its phone and purpose with the right secret. */
async function ticketIsLive(db: Db, proof: SmsProof, now: number): Promise<boolean> {
  const t = proof.ticket === undefined ? null : parseSmsTicket(proof.ticket);
  if (!t) return false;
  const rows = await db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.id, t.id),
        eq(smsCodes.phone, proof.phone),
        eq(smsCodes.purpose, proof.purpose),
        sql`left(${smsCodes.codeHash}, 32) = ${ticketHalf(t.secret)}`,
        live(now),
      ),
    );
  return rows.length === 1;
}

const INVALID = Symbol('sms-invalid');
/**
 * Runs `work` in a transaction after consuming the SMS code of `proof`. A wrong guess answers 422
 * AUTH.SMS_INVALID and is counted outside the rolled-back transaction: against the code when the
 * ticket is right; otherwise against the phone, and without a ticket also against the phone's
 * ticketless budget. Never against the address: one pupil's wrong guesses must not lock the rest
 * of the school out. An error in `work` gives the code back.
 * @throws 429 AUTH.LOCKED (data.lockedUntil) while the phone's lock holds for a check without a
 *   valid ticket, or the ticketless budget is spent.
 */
export async function withSmsCode<T>(
  app: FastifyInstance,
  proof: SmsProof,
  work: (tx: Tx, now: number) => Promise<T>,
): Promise<T> {
  const now = app.clock();
  const byPhone = new FailureCounter(app.kv, 'smsfail:phone', SMS_FAILURES.phone);
  const ticketless = new FailureCounter(app.kv, 'smsfail:noticket', SMS_FAILURES.ticketless);
  const budget = `${proof.phone}:${proof.purpose}`;
  const phoneLock = await byPhone.lockedUntil(proof.phone, now);
  const locked =
    (proof.ticket === undefined ? await ticketless.lockedUntil(budget, now) : null) ??
    // The phone's lock holds guessers off; the flow whose own live ticket is presented goes on.
    (phoneLock !== null && !(await ticketIsLive(app.db, proof, now)) ? phoneLock : null);
  if (locked) throw smsLocked(locked, now);

  const result = await app.db.transaction(async (tx) => {
    if (!(await consumeSmsCode(tx, proof, now))) return INVALID;
    return work(tx, now);
  });
  if (result !== INVALID) return result as T;

  // A wrong guess with the flow's own ticket costs that code; any other costs the phone.
  if (await recordTicketFailure(app.db, proof, now)) throw smsInvalid();
  const lock = (
    await Promise.all([
      byPhone.fail(proof.phone, now),
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
