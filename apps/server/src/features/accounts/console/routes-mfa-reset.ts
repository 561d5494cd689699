/**
 * An administrator resets another user's second factor (docs/console.md, Second factor, Lost phone):
 * `DELETE /api/v1/admin/users/{userId}/mfa`, role `admin` only. In one transaction the user's
 * `console_mfa` row and recovery codes are deleted and every session of theirs is ended, audited
 * as `console_mfa_reset` with the operator and the account; the user enrols again at their next
 * console login. Resetting one's own is refused (409): a locked-out admin needs another admin, and
 * an admin who still has a session should not be able to drop their own factor by mistake.
 */
import { ApiPaths, CONSOLE_ACCESS, envelope, idField } from '@eav/contract';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleMfa, consoleRecoveryCodes, sessions } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { ok } from '../../../lib/http';
import { operatorAudit } from '../audit';
import { findUserById, revokeSessions } from '../service';

const userIdParams = z.object({ userId: idField('用户 id 无效') });

/** Refusal of resetting one's own second factor. */
export const OWN_MFA_RESET_MESSAGE = '不能重置自己的二次验证，请由另一位超级管理员操作';
/** Refusal when the account has no confirmed second factor. */
export const NO_MFA_MESSAGE = '该用户尚未绑定动态验证码，无需重置';

const mfaResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    ApiPaths.adminUserMfa(':userId'),
    {
      config: { roles: CONSOLE_ACCESS.admin },
      schema: {
        tags: ['console'],
        security: [{ bearer: [] }],
        summary: '重置该用户的二次验证（超级管理员）：删除动态验证码与恢复码并结束其全部会话',
        params: userIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (userId === request.auth.user.id) throw conflict(OWN_MFA_RESET_MESSAGE);
      const u = await findUserById(app.db, userId);
      if (!u || u.status === 'cancelled') throw notFound('用户不存在');
      const now = app.clock();
      await app.db.transaction(async (tx) => {
        const [mfa] = await tx
          .select({ confirmedAt: consoleMfa.confirmedAt })
          .from(consoleMfa)
          .where(eq(consoleMfa.userId, u.id))
          .for('update');
        if (!mfa?.confirmedAt) throw conflict(NO_MFA_MESSAGE);
        const [codes] = await tx
          .select({ n: count() })
          .from(consoleRecoveryCodes)
          .where(and(eq(consoleRecoveryCodes.userId, u.id), isNull(consoleRecoveryCodes.usedAt)));
        const [live] = await tx
          .select({ n: count() })
          .from(sessions)
          .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
        await tx.delete(consoleRecoveryCodes).where(eq(consoleRecoveryCodes.userId, u.id));
        await tx.delete(consoleMfa).where(eq(consoleMfa.userId, u.id));
        await revokeSessions(tx, u.id, now);
        await operatorAudit(tx, request, {
          event: 'console_mfa_reset',
          target: `user:${u.id}`,
          userId: u.id,
          before: {
            mfaEnrolled: true,
            enrolledAt: mfa.confirmedAt.toISOString(),
            recoveryCodesLeft: codes?.n ?? 0,
            activeSessions: live?.n ?? 0,
          },
          after: { mfaEnrolled: false, recoveryCodesLeft: 0, activeSessions: 0 },
        });
      });
      await app.forgetSessions(u.id);
      return ok(null);
    },
  );
};

export default mfaResetRoutes;
