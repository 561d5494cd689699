/**
 * Public account calls (docs/product.md §7): image captcha, phone check, SMS code, register,
 * login (password + captcha, or phone + SMS code) and password reset. Their limits are keyed by
 * what an attacker must spend: the account, the phone, the captcha key (docs/accounts.md, Rate
 * limits); per address there is only a flood ceiling, since a whole school shares one address.
 * The brute-force rules (SMS flow tickets, per-phone quotas and locks) are those of ADR 004.
 */
import {
  ApiPaths,
  captchaQuery,
  checkMobileData,
  checkMobileQuery,
  envelope,
  ErrorCode,
  LIMITS,
  loginBody,
  loginData,
  registerBody,
  resetPasswordBody,
  smsCodeData,
  smsCodeQuery,
  type LoginData,
  maskPhone,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { badRequest, conflict, unprocessable } from '../../lib/errors';
import { ok } from '../../lib/http';
import { assertWithinWindow } from '../../lib/rate-limit-store';
import { audit, auditLock } from './audit';
import { consumeCaptcha, createCaptcha } from './captcha';
import { birthYearFacts } from './guardian';
import { assertPasswordAcceptable, hashPassword } from './password';
import {
  checkPassword,
  clearPasswordFailures,
  createSession,
  findUserByAccount,
  findUserByPhone,
  forgetSourceFailures,
  loginData as toLoginData,
  revokeSessions,
  userNameTaken,
  type UserRow,
} from './service';
import type { SmsProvider } from './sms';
import { purgeOldSmsCodes, sendSmsCode, withSmsCode } from './sms-codes';

export interface PubRoutesOptions {
  sms: SmsProvider;
  captchaFixedCode: string | undefined;
  /** SMS codes sent per Beijing day at most (SMS_DAILY_BUDGET). */
  smsDailyBudget: number;
}

const RATES = LIMITS.accountRates;
const MINUTE = 60_000;
/** The flood ceiling per client address (a school's pupils share one). */
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: MINUTE } });
const captchaInvalid = () => unprocessable('图形验证码错误或已过期，请刷新后重试', ErrorCode.AUTH_CAPTCHA_INVALID);
const accountDisabled = () => unprocessable('账号已被停用，请联系客服', ErrorCode.AUTH_ACCOUNT_DISABLED);
const phoneNotRegistered = () => unprocessable('该手机号尚未注册', ErrorCode.AUTH_PHONE_NOT_REGISTERED);

/** Postgres unique violation on `constraint` (PGlite and postgres-js, possibly wrapped by Drizzle). */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (
    let e = err as
      { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return (e.constraint ?? e.constraint_name ?? e.message ?? '').includes(constraint);
  }
  return false;
}

const accountsPubRoutes: FastifyPluginAsyncZod<PubRoutesOptions> = async (app, opts) => {
  for (const url of [ApiPaths.captcha, ApiPaths.captchaV2]) {
    app.get(
      url,
      {
        config: perIp(RATES.addressLoginPerMinute),
        schema: {
          tags: ['accounts'],
          summary: '图形验证码（PNG 图片，5 分钟内有效，仅可使用一次，不区分大小写）',
          querystring: captchaQuery,
        },
      },
      async (request, reply) => {
        const now = app.clock();
        // A key is the client's own random value: one client may refresh its image, not flood with it.
        await assertWithinWindow(
          app.kv,
          'captcha-key',
          request.query.key,
          { max: RATES.captchaKeyPerMinute, windowMs: MINUTE },
          now,
        );
        const png = await createCaptcha(app.db, request.query.key, now, opts.captchaFixedCode);
        return reply
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .type('image/png')
          .send(png);
      },
    );
  }

  app.get(
    ApiPaths.checkMobile,
    {
      config: perIp(RATES.addressSmsPerMinute),
      schema: {
        tags: ['accounts'],
        summary: '手机号是否已注册（每个手机号每分钟 5 次）',
        querystring: checkMobileQuery,
        response: { 200: envelope(checkMobileData) },
      },
    },
    async (request) => {
      const { phone } = request.query;
      await assertWithinWindow(
        app.kv,
        'check-phone',
        phone,
        { max: RATES.phoneCheckPerMinute, windowMs: MINUTE },
        app.clock(),
      );
      return ok({ registered: !!(await findUserByPhone(app.db, phone)) });
    },
  );

  for (const url of [ApiPaths.smsCode, ApiPaths.smsCodeV2]) {
    app.get(
      url,
      {
        config: perIp(RATES.addressSmsPerMinute),
        schema: {
          tags: ['accounts'],
          summary:
            '发送短信验证码（需图形验证码；每个手机号不论来源：60 秒 1 次、每小时 5 次、每天 10 次）；' +
            '返回的 smsTicket 须随验证码一起提交',
          querystring: smsCodeQuery,
          response: { 200: envelope(smsCodeData) },
        },
      },
      async (request) => {
        const { phone, purpose, captchaKey, captchaCode } = request.query;
        // A guardian's consent code goes out only through the pupil's session (routes-guardian.ts).
        if (purpose === 'guardian') throw badRequest('验证码用途无效');
        const now = app.clock();
        if (!(await consumeCaptcha(app.db, captchaKey, captchaCode, now))) throw captchaInvalid();
        const user = await findUserByPhone(app.db, phone);
        if ((purpose === 'register' || purpose === 'bind') && user)
          throw conflict('该手机号已注册，请直接登录', ErrorCode.AUTH_PHONE_TAKEN);
        if ((purpose === 'login' || purpose === 'reset' || purpose === 'cancel') && !user) throw phoneNotRegistered();
        const data = await sendSmsCode(app, request, opts.sms, phone, purpose, opts.smsDailyBudget);
        await audit(app.db, request, {
          event: 'sms_send',
          result: 'success',
          userId: user?.id ?? null,
          subject: maskPhone(phone),
          detail: { purpose },
        });
        if (Math.random() < 0.02) await purgeOldSmsCodes(app.db, now);
        return ok(data);
      },
    );
  }

  app.post(
    ApiPaths.register,
    {
      config: perIp(RATES.addressSmsPerMinute),
      schema: {
        tags: ['accounts'],
        summary: '手机号注册（需短信验证码，用途 register，连同发送时返回的 smsTicket）',
        body: registerBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (request) => {
      const b = request.body;
      const born = birthYearFacts(b.identity, b.birthYear, app.clock());
      assertPasswordAcceptable(b.password, { phone: b.phone, userName: b.userName });
      if (await findUserByPhone(app.db, b.phone))
        throw conflict('该手机号已注册，请直接登录', ErrorCode.AUTH_PHONE_TAKEN);
      if (await userNameTaken(app.db, b.userName))
        throw conflict('该用户名已被使用，请换一个', ErrorCode.AUTH_USERNAME_TAKEN);
      const passwordHash = await hashPassword(b.password);
      let result: { user: UserRow; session: { token: string; expiresAt: Date } };
      try {
        const proof = {
          phone: b.phone,
          purpose: 'register',
          code: b.smsCode,
          ticket: b.smsTicket,
        } as const;
        result = await withSmsCode(app, proof, async (tx, now) => {
          const [user] = await tx
            .insert(users)
            .values({
              userName: b.userName,
              phone: b.phone,
              passwordHash,
              identity: b.identity,
              roles: [b.identity],
              // The schema let only the current version through (consentVersionField).
              consentVersion: b.consentVersion,
              consentedAt: new Date(now),
              ...born,
              createdAt: new Date(now),
              updatedAt: new Date(now),
            })
            .returning();
          const session = await createSession(tx, request, user!.id, b.platform);
          return { user: user!, session };
        });
      } catch (err) {
        // Two registrations raced past the checks above: the unique indexes decide.
        if (isUniqueViolation(err, 'users_phone_uq'))
          throw conflict('该手机号已注册，请直接登录', ErrorCode.AUTH_PHONE_TAKEN);
        if (isUniqueViolation(err, 'users_user_name_uq'))
          throw conflict('该用户名已被使用，请换一个', ErrorCode.AUTH_USERNAME_TAKEN);
        throw err;
      }
      await audit(app.db, request, {
        event: 'register',
        result: 'success',
        userId: result.user.id,
        detail: { identity: b.identity, consentVersion: b.consentVersion, guardianRequired: born.guardianRequired },
      });
      await audit(app.db, request, {
        event: 'login',
        result: 'success',
        userId: result.user.id,
        detail: { method: 'register' },
      });
      return ok(toLoginData(result.user, result.session));
    },
  );

  app.post(
    ApiPaths.login,
    {
      config: perIp(RATES.addressLoginPerMinute),
      schema: {
        tags: ['accounts'],
        summary: '登录：账号（手机号或用户名）+ 密码 + 图形验证码，或手机号 + 短信验证码（用途 login）+ smsTicket',
        body: loginBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (request): Promise<{ code: 200; msg: string; data: LoginData }> => {
      const b = request.body;
      const now = app.clock();
      if ('smsCode' in b) {
        const proof = {
          phone: b.phone,
          purpose: 'login',
          code: b.smsCode,
          ticket: b.smsTicket,
        } as const;
        const outcome = await withSmsCode(app, proof, async (tx) => {
          const user = await findUserByPhone(tx, b.phone);
          // A disabled account still uses up the code (returned, not thrown, so the consumption commits).
          if (!user || user.status !== 'active') return { user, session: null };
          await clearPasswordFailures(tx, user.id);
          return { user, session: await createSession(tx, request, user.id, b.platform) };
        });
        if (!outcome.user) throw phoneNotRegistered();
        if (!outcome.session) {
          await audit(app.db, request, {
            event: 'login_failed',
            result: 'failure',
            userId: outcome.user.id,
            detail: { method: 'sms', reason: 'disabled' },
          });
          throw accountDisabled();
        }
        await forgetSourceFailures(app, request, outcome.user);
        await audit(app.db, request, {
          event: 'login',
          result: 'success',
          userId: outcome.user.id,
          detail: { method: 'sms' },
        });
        return ok(toLoginData({ ...outcome.user, failedLoginCount: 0, lockedUntil: null }, outcome.session));
      }

      const subject = LIMITS.phone.pattern.test(b.account) ? maskPhone(b.account) : b.account;
      if (!(await consumeCaptcha(app.db, b.captchaKey, b.captchaCode, now))) {
        await audit(app.db, request, {
          event: 'login_failed',
          result: 'failure',
          subject,
          detail: { method: 'password', reason: 'captcha' },
        });
        throw captchaInvalid();
      }
      const found = await findUserByAccount(app.db, b.account);
      // Cancelled accounts and accounts without a password answer like missing ones.
      const user = found?.passwordHash && found.status !== 'cancelled' ? found : undefined;
      const check = await checkPassword(app, request, { user, account: b.account }, b.password);
      if (!check.ok) {
        await audit(app.db, request, {
          event: 'login_failed',
          result: 'failure',
          ...(user ? { userId: user.id } : { subject }),
          detail: { method: 'password', reason: check.reason },
        });
        if (user && check.newLock) await auditLock(app.db, request, user.id, check.newLock);
        throw check.error;
      }
      // checkPassword accepts no missing account: a dummy hash matches nothing.
      const account = user!;
      if (account.status === 'disabled') {
        await audit(app.db, request, {
          event: 'login_failed',
          result: 'failure',
          userId: account.id,
          detail: { method: 'password', reason: 'disabled' },
        });
        throw accountDisabled();
      }
      const session = await app.db.transaction(async (tx) => {
        await clearPasswordFailures(tx, account.id);
        return createSession(tx, request, account.id, b.platform);
      });
      await audit(app.db, request, {
        event: 'login',
        result: 'success',
        userId: account.id,
        detail: { method: 'password' },
      });
      return ok(toLoginData(account, session));
    },
  );

  app.post(
    ApiPaths.resetPassword,
    {
      config: perIp(RATES.addressSmsPerMinute),
      schema: {
        tags: ['accounts'],
        summary: '忘记密码：短信验证码（用途 reset）+ smsTicket + 新密码；结束该用户的全部会话',
        body: resetPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const b = request.body;
      const existing = await findUserByPhone(app.db, b.phone);
      assertPasswordAcceptable(b.password, { phone: b.phone, userName: existing?.userName ?? null });
      const passwordHash = await hashPassword(b.password);
      const proof = {
        phone: b.phone,
        purpose: 'reset',
        code: b.smsCode,
        ticket: b.smsTicket,
      } as const;
      const userId = await withSmsCode(app, proof, async (tx, now) => {
        const user = await findUserByPhone(tx, b.phone);
        if (!user) throw phoneNotRegistered();
        await tx
          .update(users)
          .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date(now) })
          .where(eq(users.id, user.id));
        await revokeSessions(tx, user.id, now);
        return user.id;
      });
      await app.forgetSessions(userId);
      await audit(app.db, request, { event: 'password_reset', result: 'success', userId });
      return ok(null);
    },
  );
};

export default accountsPubRoutes;
