/**
 * Consent to the current 《用户服务协议》/《隐私政策》 (docs/privacy.md, PIPL art. 13, 14): the
 * logged-in user reads whether it is due (`consentRequired`) and accepts the current version. The
 * version and the time are recorded on the users row and the acceptance is audited. A student account
 * from before registration asked for the birth year gives it here, and comes under the guardian rule
 * as a new registration does (docs/privacy.md, Guardians).
 */
import { ApiPaths, birthYearRequired, consentBody, consentData, envelope, GuardianMessages } from '@eav/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { ok } from '../../lib/http';
import { audit } from './audit';
import { consentOf } from './consent';
import { birthYearFacts } from './guardian';
import { findUserById } from './service';

const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPaths.userConsent,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['accounts'],
        summary: '当前用户对《用户服务协议》《隐私政策》的同意情况；consentRequired 为 true 时须重新同意',
        security: [{ bearer: [] }],
        response: { 200: envelope(consentData) },
      },
    },
    async (request) => ok(consentOf((await findUserById(app.db, request.auth.user.id))!)),
  );

  app.post(
    ApiPaths.userConsent,
    {
      onRequest: app.requireAuth,
      // A browse-only pupil still accepts the documents (plugins/auth.ts).
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, guardianExempt: true },
      schema: {
        tags: ['accounts'],
        summary:
          '同意当前版本的《用户服务协议》与《隐私政策》（consentVersion 须为当前版本，否则 400）；birthYearRequired 为 true 的学生账号须同时提供 birthYear',
        security: [{ bearer: [] }],
        body: consentBody,
        response: { 200: envelope(consentData) },
      },
    },
    async (request) => {
      const userId = request.auth.user.id;
      const nowMs = app.clock();
      const now = new Date(nowMs);
      const user = (await findUserById(app.db, userId))!;
      // The year is taken once, from an account without one; a recorded year is never replaced here.
      const born = birthYearRequired(user) ? birthYearFacts(user.identity, request.body.birthYear, nowMs) : null;
      if (born && born.birthYear === null) throw badRequest(GuardianMessages.birthYear);
      const [row] = await app.db
        .update(users)
        .set({ consentVersion: request.body.consentVersion, consentedAt: now, updatedAt: now, ...born })
        .where(and(eq(users.id, userId), born ? isNull(users.birthYear) : undefined))
        .returning();
      // A concurrent consent gave the year first: its answer stands.
      if (!row) return ok(consentOf((await findUserById(app.db, userId))!));
      // Sessions remember the browse-only flag (plugins/auth.ts): a pupil under 14 is held at once.
      if (born?.guardianRequired) await app.forgetSessions(userId);
      await audit(app.db, request, {
        event: 'consent',
        result: 'success',
        userId,
        detail: {
          consentVersion: request.body.consentVersion,
          ...(born ? { guardianRequired: born.guardianRequired } : {}),
        },
      });
      return ok(consentOf(row!));
    },
  );
};

export default consentRoutes;
