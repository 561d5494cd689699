/**
 * The console's second factor over HTTP (docs/console.md): `/api/v1/console/mfa*`, open to any
 * console role on a logged-in session but outside `/api/v1/admin/`, so that a session not yet
 * verified can reach it. Codes are never logged; each attempt is audited (event only). Attempts
 * to confirm or verify are limited per account, across all its sessions (10 per 5 minutes, then a
 * lock of 5 minutes that doubles with each lock of the day, at most a day; every refusal is
 * audited), on top of the one-use rule of codes; starting an enrolment is limited per session.
 */
import {
  ApiPaths,
  CONSOLE_ACCESS,
  LIMITS,
  consoleMfaConfirmBody,
  consoleMfaEnrolment,
  consoleMfaState,
  consoleMfaVerifyBody,
  consoleRecoveryCodes,
  envelope,
} from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, tooMany } from '../../../lib/errors';
import { ok } from '../../../lib/http';
import { hitWindow } from '../../../lib/rate-limit-store';
import { sha256Hex } from '../../../lib/tokens';
import { bearerToken } from '../../../plugins/sign';
import { audit } from '../audit';
import { formatBeijing } from '../service';
import type { MfaService } from './mfa';

export interface MfaRoutesOptions {
  mfa: MfaService;
}

const tags = ['console'];
const security = [{ bearer: [] }];
/** Enrolments started per session (each makes a new secret). */
const enrolLimit = {
  max: 10,
  timeWindow: 5 * 60_000,
  keyGenerator: (req: FastifyRequest) => `mfa:${bearerToken(req) ? sha256Hex(bearerToken(req)) : req.ip}`,
};

/** Second-factor attempts per account (LIMITS.accountRates.consoleMfaPerAccount). */
const PER_ACCOUNT = LIMITS.accountRates.consoleMfaPerAccount;
const DAY_MS = 24 * 3600_000;

const mfaRoutes: FastifyPluginAsyncZod<MfaRoutesOptions> = async (app, { mfa }) => {
  const config = { roles: CONSOLE_ACCESS.any };

  /**
   * Counts an attempt against the account, whatever the session: beyond PER_ACCOUNT.max in a window
   * the account is locked for a window, twice as long with each further lock the same day (at most
   * PER_ACCOUNT.maxLockMs). A refused attempt is audited as a failure with reason `rate_limited`.
   * @throws 429 RATE.LIMITED with data.retryAfter (s).
   */
  async function assertAttemptAllowed(request: FastifyRequest, event: 'console_mfa_enrol' | 'console_mfa_verify') {
    const userId = request.auth.user.id;
    const now = app.clock();
    const lockKey = `console-mfa:lock:${userId}`;
    let until = Number((await app.kv.get(lockKey)) ?? 0);
    if (until <= now) {
      const hit = await hitWindow(app.kv, 'console-mfa', String(userId), PER_ACCOUNT, now);
      if (!hit.over) return;
      const locks = await app.kv.incr(`console-mfa:locks:${userId}:${Math.floor(now / DAY_MS)}`, DAY_MS);
      const lockMs = Math.min(PER_ACCOUNT.windowMs * 2 ** (locks - 1), PER_ACCOUNT.maxLockMs);
      until = now + lockMs;
      await app.kv.set(lockKey, String(until), lockMs);
    }
    await audit(app.db, request, {
      event,
      result: 'failure',
      userId,
      actorId: userId,
      detail: { reason: 'rate_limited' },
    });
    throw tooMany(`验证码尝试次数过多，请于 ${formatBeijing(until, now)} 后再试`, {
      retryAfter: Math.max(1, Math.ceil((until - now) / 1000)),
    });
  }

  app.get(
    ApiPaths.consoleMfa,
    { config, schema: { tags, security, summary: '后台二次验证状态', response: { 200: envelope(consoleMfaState) } } },
    async (request) => {
      const s = await mfa.state(request.auth.user.id, request.auth.mfaAt);
      return ok({ enrolled: s.enrolled, verified: s.verified, recoveryCodesLeft: s.left });
    },
  );

  app.post(
    ApiPaths.consoleMfaEnrol,
    {
      config: { ...config, rateLimit: enrolLimit },
      schema: {
        tags,
        security,
        summary: '开始绑定动态验证码（返回密钥与二维码，仅在确认前可见）',
        response: { 200: envelope(consoleMfaEnrolment) },
      },
    },
    async (request) => {
      const user = request.auth.user;
      return ok(await mfa.enrol(user.id, user.userName));
    },
  );

  /** Checks the account's attempt limit, audits the attempt and passes its failure on. */
  async function attempt<T>(
    request: FastifyRequest,
    event: 'console_mfa_enrol' | 'console_mfa_verify',
    run: () => Promise<T>,
  ) {
    await assertAttemptAllowed(request, event);
    try {
      const out = await run();
      await audit(app.db, request, {
        event,
        result: 'success',
        userId: request.auth.user.id,
        actorId: request.auth.user.id,
      });
      // The session's remembered row must show the new verification at once.
      await app.forgetSessions(request.auth.user.id);
      return out;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 422)
        await audit(app.db, request, {
          event,
          result: 'failure',
          userId: request.auth.user.id,
          actorId: request.auth.user.id,
        });
      throw err;
    }
  }

  app.post(
    ApiPaths.consoleMfaConfirm,
    {
      config,
      schema: {
        tags,
        security,
        summary: '确认绑定动态验证码（返回 10 个恢复码，仅显示一次）',
        body: consoleMfaConfirmBody,
        response: { 200: envelope(consoleRecoveryCodes) },
      },
    },
    async (request) => {
      const codes = await attempt(request, 'console_mfa_enrol', () =>
        mfa.confirm(request.auth.user.id, request.auth.sessionId, request.body.code, app.clock()),
      );
      return ok({ recoveryCodes: codes });
    },
  );

  app.post(
    ApiPaths.consoleMfaVerify,
    {
      config,
      schema: {
        tags,
        security,
        summary: '输入动态验证码或恢复码，进入运营后台',
        body: consoleMfaVerifyBody,
        response: { 200: envelope(consoleMfaState) },
      },
    },
    async (request) => {
      const { code, recoveryCode } = request.body;
      const user = request.auth.user;
      await attempt(request, 'console_mfa_verify', async () => {
        if (code) await mfa.verifyCode(user.id, request.auth.sessionId, code, app.clock());
        else await mfa.verifyRecovery(user.id, request.auth.sessionId, recoveryCode ?? '', app.clock());
      });
      const s = await mfa.state(user.id, app.clock());
      return ok({ enrolled: s.enrolled, verified: true, recoveryCodesLeft: s.left });
    },
  );
};

export default mfaRoutes;
