/**
 * Account cancellation (docs/accounts.md, Erasure): the owner confirms with an SMS code (purpose
 * `cancel`) or the login password; then, in one transaction, every eraser registered with the
 * erasure registry runs and the users row becomes an anonymised tombstone. Stored files are removed
 * after the commit. The old token then answers 401: its session no longer exists.
 */
import { ApiPaths, cancelAccountBody } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unprocessable } from '../../lib/errors';
import { ok } from '../../lib/http';
import { eraseAccount } from './account-erasure';
import { audit } from './audit';
import { findUserById } from './service';
import { nullEnvelope, provePassword } from './routes-common';
import { withSmsCode } from './sms-codes';

const cancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ApiPaths.cancelAccount,
    {
      preHandler: app.requireAuth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: '注销账号（短信验证码〔用途 cancel〕或登录密码确认；个人信息删除或匿名化，手机号释放）',
        security: [{ bearer: [] }],
        body: cancelAccountBody,
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      const user = (await findUserById(app.db, request.auth.user.id))!;
      const b = request.body;
      let finish: () => Promise<void>;
      if (b.smsCode) {
        if (!user.phone) throw unprocessable('账号未绑定手机号，请使用密码确认');
        finish = await withSmsCode(
          app,
          { phone: user.phone, purpose: 'cancel', code: b.smsCode, ticket: b.smsTicket },
          (tx, now) => eraseAccount(app, tx, user.id, now),
        );
      } else {
        try {
          await provePassword(app, request, user, b.password!, '密码错误');
        } catch (err) {
          await audit(app.db, request, {
            event: 'cancel',
            result: 'failure',
            userId: user.id,
            detail: { reason: 'password' },
          });
          throw err;
        }
        finish = await app.db.transaction((tx) => eraseAccount(app, tx, user.id, app.clock()));
      }
      await app.forgetSessions(user.id);
      await finish();
      // The trail keeps that an account was cancelled, but nothing that leads back to the person.
      await audit(app.db, request, {
        event: 'cancel',
        result: 'success',
        anonymous: true,
        detail: { method: b.smsCode ? 'sms' : 'password' },
      });
      return ok(null);
    },
  );
};

export default cancelRoutes;
