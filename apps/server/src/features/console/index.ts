/**
 * The operator console's home (概览, docs/console.md): a few counts over the other features' tables,
 * read only (like big-data/), for any console role. The console's sections live with the features
 * that own their data (accounts/console/, textbooks/routes-console-batches.ts).
 */
import { adminOverview, ApiPaths, CONSOLE_ACCESS, envelope, beijingDay } from '@eav/contract';
import { and, count, gt, gte, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationBatches, activationCodes, auditLog, users } from '../../db/schema';
import { ok } from '../../lib/http';

const consoleFeature: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPaths.adminOverview,
    {
      config: { roles: CONSOLE_ACCESS.any },
      schema: {
        tags: ['console'],
        security: [{ bearer: [] }],
        summary: '运营后台概览',
        response: { 200: envelope(adminOverview) },
      },
    },
    async () => {
      const now = app.clock();
      const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
      const [u, locked, batches, issued, redeemed, audits] = await Promise.all([
        app.db.select({ n: count() }).from(users),
        app.db
          .select({ n: count() })
          .from(users)
          .where(gt(users.lockedUntil, new Date(now))),
        app.db.select({ n: count() }).from(activationBatches),
        app.db.select({ n: count() }).from(activationCodes),
        app.db
          .select({ n: count() })
          .from(activationCodes)
          .where(and(isNotNull(activationCodes.usedAt))),
        app.db
          .select({ n: count() })
          .from(auditLog)
          .where(gte(auditLog.createdAt, new Date(`${beijingDay(now)}T00:00:00+08:00`))),
      ]);
      return ok({
        users: n(u),
        lockedUsers: n(locked),
        codeBatches: n(batches),
        codesIssued: n(issued),
        codesRedeemed: n(redeemed),
        auditToday: n(audits),
      });
    },
  );
};

export default consoleFeature;
