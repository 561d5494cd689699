/**
 * The 监护人 page (docs/privacy.md, Guardians; PIPL art. 31, 45, 47): a guardian proves the phone
 * recorded at a pupil's guardian consent with an SMS code (purpose `guardian_access`, sent by the
 * public send with its image captcha) and receives a short-lived token. With it the guardian reads
 * what the portal holds about each pupil who names that phone, and may erase any of those accounts
 * (the same erasure as a cancellation). A pupil who does not name the token's phone answers 404.
 * Every view and erasure is in the audit trail.
 */
import {
  ApiPaths,
  envelope,
  guardianAccessBody,
  guardianAccessData,
  guardianErasureBody,
  guardianPupilsBody,
  guardianPupilsData,
  LIMITS,
  maskPhone,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/http';
import { eraseAccount } from './account-erasure';
import { audit } from './audit';
import { guardianPhoneOf, openGuardianAccess, pupilSummary, pupilsOfGuardian } from './guardian';
import { nullEnvelope } from './routes-common';
import { findUserById } from './service';
import { withSmsCode } from './sms-codes';

const perIp = { rateLimit: { max: LIMITS.accountRates.addressSmsPerMinute, timeWindow: 60_000 } };

const guardianAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ApiPaths.guardianAccess,
    {
      config: perIp,
      schema: {
        tags: ['accounts'],
        summary: '监护人验证：手机号 + 短信验证码（用途 guardian_access）+ smsTicket；返回 30 分钟内有效的访问令牌',
        body: guardianAccessBody,
        response: { 200: envelope(guardianAccessData) },
      },
    },
    async (request) => {
      const b = request.body;
      const proof = { phone: b.phone, purpose: 'guardian_access', code: b.smsCode, ticket: b.smsTicket } as const;
      await withSmsCode(app, proof, async () => undefined);
      const token = await openGuardianAccess(app, b.phone);
      await audit(app.db, request, { event: 'guardian_access', result: 'success', subject: maskPhone(b.phone) });
      return ok({ token, expiresIn: LIMITS.guardianAccessTtlSeconds });
    },
  );

  app.post(
    ApiPaths.guardianPupils,
    {
      config: perIp,
      schema: {
        tags: ['accounts'],
        summary: '监护人查看：该手机号作为监护人的每个学生账号所保存的信息摘要',
        body: guardianPupilsBody,
        response: { 200: envelope(guardianPupilsData) },
      },
    },
    async (request) => {
      const phone = await guardianPhoneOf(app, request.body.token);
      const now = app.clock();
      const pupils = await pupilsOfGuardian(app.db, phone);
      const summaries = await Promise.all(pupils.map((p) => pupilSummary(app.db, p, now)));
      for (const p of pupils)
        await audit(app.db, request, {
          event: 'guardian_view',
          result: 'success',
          userId: p.id,
          subject: maskPhone(phone),
        });
      return ok({ guardianPhone: maskPhone(phone), pupils: summaries });
    },
  );

  app.post(
    ApiPaths.guardianErasure,
    {
      config: perIp,
      schema: {
        tags: ['accounts'],
        summary: '监护人删除：注销该学生账号并删除或匿名化其个人信息（仅限以该手机号为监护人的账号，否则 404）',
        body: guardianErasureBody,
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      const phone = await guardianPhoneOf(app, request.body.token);
      const pupil = await findUserById(app.db, request.body.userId);
      // Another guardian's pupil, a cancelled or unknown account: the same answer, nothing learnt.
      if (!pupil || pupil.status !== 'active' || pupil.guardianPhone !== phone) throw notFound('账号不存在');
      const finish = await app.db.transaction((tx) => eraseAccount(app, tx, pupil.id, app.clock()));
      await app.forgetSessions(pupil.id);
      await finish();
      // Like a cancellation the entry names nobody: the guardian's phone masked, the pupil not at all.
      await audit(app.db, request, {
        event: 'guardian_erasure',
        result: 'success',
        anonymous: true,
        subject: maskPhone(phone),
        detail: { method: 'guardian' },
      });
      return ok(null);
    },
  );
};

export default guardianAccessRoutes;
