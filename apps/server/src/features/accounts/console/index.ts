/**
 * The accounts' part of the operator console (docs/console.md): the second factor, the console
 * user (`/api/v1/admin/me`), the 用户 section (with an admin's reset of another user's second factor)
 * and the 审计日志 section.
 */
import { adminMe, ApiPaths, CONSOLE_ACCESS, CONSOLE_IDLE_MS, consoleSectionsFor, envelope } from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleMfa, consoleRecoveryCodes } from '../../../db/schema';
import { ok } from '../../../lib/http';
import { createMfaService } from './mfa';
import auditRoutes from './routes-audit';
import mfaRoutes from './routes-mfa';
import mfaResetRoutes from './routes-mfa-reset';
import usersListRoutes from './routes-users-list';
import usersRoutes from './routes-users';

export interface ConsoleAccountsOptions {
  /** Server-only secret the TOTP secrets' encryption key is derived from. */
  serverSecret: string;
}

const consoleAccounts: FastifyPluginAsyncZod<ConsoleAccountsOptions> = async (app, { serverSecret }) => {
  // A cancelled account's second factor goes with it (docs/accounts.md, Erasure).
  app.registerErasure('console-mfa', async (tx, userId) => {
    await tx.delete(consoleRecoveryCodes).where(eq(consoleRecoveryCodes.userId, userId));
    await tx.delete(consoleMfa).where(eq(consoleMfa.userId, userId));
  });
  await app.register(mfaRoutes, { mfa: createMfaService(app.db, serverSecret) });
  await app.register(usersListRoutes);
  await app.register(usersRoutes);
  await app.register(mfaResetRoutes);
  await app.register(auditRoutes);

  app.get(
    ApiPaths.adminMe,
    {
      config: { roles: CONSOLE_ACCESS.any },
      schema: {
        tags: ['console'],
        security: [{ bearer: [] }],
        summary: '后台用户的角色与可用栏目',
        response: { 200: envelope(adminMe) },
      },
    },
    async (request) => {
      const { id, userName, roles } = request.auth.user;
      return ok({ userId: id, userName, roles, sections: consoleSectionsFor(roles), idleTimeoutMs: CONSOLE_IDLE_MS });
    },
  );
};

export default consoleAccounts;
