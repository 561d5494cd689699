/**
 * Consent to the current 《用户服务协议》/《隐私政策》 (docs/privacy.md, PIPL art. 13, 14): the
 * logged-in user reads whether it is due (`consentRequired`) and accepts the current version. The
 * version and the time are recorded on the users row and the acceptance is audited.
 */
import { ApiPaths, consentBody, consentData, envelope } from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { ok } from '../../lib/http';
import { audit } from './audit';
import { consentOf } from './consent';
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
        summary: '同意当前版本的《用户服务协议》与《隐私政策》（consentVersion 须为当前版本，否则 400）',
        security: [{ bearer: [] }],
        body: consentBody,
        response: { 200: envelope(consentData) },
      },
    },
    async (request) => {
      const userId = request.auth.user.id;
      const now = new Date(app.clock());
      const [row] = await app.db
        .update(users)
        .set({ consentVersion: request.body.consentVersion, consentedAt: now, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      await audit(app.db, request, {
        event: 'consent',
        result: 'success',
        userId,
        detail: { consentVersion: request.body.consentVersion },
      });
      return ok(consentOf(row!));
    },
  );
};

export default consentRoutes;
