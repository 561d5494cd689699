/**
 * The guardian step of a pupil under 14 (docs/privacy.md, Guardians; PIPL art. 31): from the
 * pupil's own browse-only session, the guardian's phone receives a `guardian` SMS code bound to
 * this pupil (its scope), and the guardian, with that code and the ticked consent, lifts the
 * browse-only flag. The phone (masked where shown), the policy version and the time are recorded
 * on the users row and in the audit trail. These routes are the writes a browse-only session may make.
 */
import {
  ApiPaths,
  envelope,
  GuardianMessages,
  guardianCodeBody,
  guardianConsentBody,
  guardianStatusData,
  smsCodeData,
  maskPhone,
} from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { ok } from '../../lib/http';
import { audit } from './audit';
import { assertGuardianPhone, guardianScope, guardianStatusOf } from './guardian';
import { findUserById } from './service';
import type { SmsProvider } from './sms';
import { sendSmsCode, withSmsCode } from './sms-codes';

export interface GuardianRoutesOptions {
  sms: SmsProvider;
  /** SMS codes sent per Beijing day at most (SMS_DAILY_BUDGET). */
  smsDailyBudget: number;
}

const guardianRoutes: FastifyPluginAsyncZod<GuardianRoutesOptions> = async (app, opts) => {
  /** The logged-in pupil, refused (400) when no guardian consent is due. */
  async function awaitingPupil(userId: number) {
    const user = (await findUserById(app.db, userId))!;
    if (!user.guardianRequired) throw badRequest(GuardianMessages.notNeeded);
    return user;
  }

  app.get(
    ApiPaths.userGuardian,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['accounts'],
        summary: '监护人同意情况：guardianRequired 为 true 时账号仅可浏览（未满 14 周岁，须监护人短信验证同意）',
        security: [{ bearer: [] }],
        response: { 200: envelope(guardianStatusData) },
      },
    },
    async (request) => ok(guardianStatusOf((await findUserById(app.db, request.auth.user.id))!)),
  );

  app.post(
    ApiPaths.userGuardianCode,
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, guardianExempt: true },
      schema: {
        tags: ['accounts'],
        summary:
          '向监护人手机发送短信验证码（用途 guardian，仅对本账号有效；不能是本人注册手机号；每个手机号的发送限制同注册）',
        security: [{ bearer: [] }],
        body: guardianCodeBody,
        response: { 200: envelope(smsCodeData) },
      },
    },
    async (request) => {
      const user = await awaitingPupil(request.auth.user.id);
      const { phone } = request.body;
      await assertGuardianPhone(app.db, user, phone, app.clock());
      const data = await sendSmsCode(
        app,
        request,
        opts.sms,
        phone,
        'guardian',
        opts.smsDailyBudget,
        guardianScope(user.id),
      );
      await audit(app.db, request, {
        event: 'sms_send',
        result: 'success',
        userId: user.id,
        subject: maskPhone(phone),
        detail: { purpose: 'guardian' },
      });
      return ok(data);
    },
  );

  app.post(
    ApiPaths.userGuardian,
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, guardianExempt: true },
      schema: {
        tags: ['accounts'],
        summary: '监护人同意：监护人手机号 + 短信验证码（用途 guardian）+ smsTicket + 勾选同意；之后账号可正常使用',
        security: [{ bearer: [] }],
        body: guardianConsentBody,
        response: { 200: envelope(guardianStatusData) },
      },
    },
    async (request) => {
      const user = await awaitingPupil(request.auth.user.id);
      const b = request.body;
      await assertGuardianPhone(app.db, user, b.phone, app.clock());
      const proof = {
        phone: b.phone,
        purpose: 'guardian',
        code: b.smsCode,
        ticket: b.smsTicket,
        scope: guardianScope(user.id),
      } as const;
      const row = await withSmsCode(app, proof, async (tx, now) => {
        const [updated] = await tx
          .update(users)
          .set({
            guardianRequired: false,
            guardianPhone: b.phone,
            guardianConsentVersion: b.consentVersion,
            guardianConsentedAt: new Date(now),
            updatedAt: new Date(now),
          })
          .where(and(eq(users.id, user.id), eq(users.guardianRequired, true)))
          .returning();
        // Another request consented first: this one changes nothing and its code stays unused.
        if (!updated) throw badRequest(GuardianMessages.notNeeded);
        return updated;
      });
      // Sessions remember the flag (plugins/auth.ts): forget them so writes open at once.
      await app.forgetSessions(user.id);
      await audit(app.db, request, {
        event: 'guardian_consent',
        result: 'success',
        userId: user.id,
        subject: maskPhone(b.phone),
        detail: { consentVersion: b.consentVersion },
      });
      return ok(guardianStatusOf(row));
    },
  );
};

export default guardianRoutes;
