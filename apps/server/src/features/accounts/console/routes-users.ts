/**
 * The console's 用户 section (docs/console.md): a user's detail with third-party bindings, unlocking a
 * locked account and ending its sessions (support), roles and bulk disabling (admin); the list and its
 * export are in `routes-users-list.ts`. Answers never hold a password, a code or a full
 * phone number. Only `admin` may act on an account that holds a console role. Every write is
 * audited with before and after values.
 */
import {
  adminBulkResult,
  adminBulkStatusBody,
  adminUserDetail,
  adminUserRolesBody,
  ApiPaths,
  CONSOLE_ACCESS,
  envelope,
  isConsoleRole,
} from '@eav/contract';
import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleMfa, externalIdentities, sessions, users } from '../../../db/schema';
import { conflict, notFound, unprocessable } from '../../../lib/errors';
import { ok } from '../../../lib/http';
import { ADMIN_ROLE } from '../../../plugins/auth';
import { operatorAudit } from '../audit';
import { nullEnvelope, userIdParams } from '../routes-common';
import { findUserById, revokeSessions, type UserRow } from '../service';
import { rowOf, userColumns } from './users-view';

const tags = ['console'];
const security = [{ bearer: [] }];

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = { roles: CONSOLE_ACCESS.support };
  const adminOnly = { roles: CONSOLE_ACCESS.admin };

  async function detail(userId: number) {
    const [u] = await app.db
      .select({ ...userColumns, school: users.school })
      .from(users)
      .where(eq(users.id, userId));
    if (!u) throw notFound('用户不存在');
    const now = app.clock();
    const bindings = await app.db
      .select({ provider: externalIdentities.provider, boundAt: externalIdentities.createdAt })
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, userId));
    const [{ n } = { n: 0 }] = await app.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
    const [mfa] = await app.db
      .select({ confirmedAt: consoleMfa.confirmedAt })
      .from(consoleMfa)
      .where(eq(consoleMfa.userId, userId));
    return {
      ...rowOf(u, now),
      school: u.school,
      bindings: bindings.map((b) => ({ provider: b.provider, boundAt: b.boundAt.toISOString() })),
      activeSessions: n,
      mfaEnrolled: !!mfa?.confirmedAt,
    };
  }

  app.get(
    ApiPaths.adminUser(':userId'),
    {
      config: support,
      schema: {
        tags,
        security,
        summary: '用户详情（含第三方登录绑定）',
        params: userIdParams,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) => ok(await detail(request.params.userId)),
  );

  /** The target of a write: live, and only an admin acts on a console account. */
  async function target(userId: number, actorRoles: string[]): Promise<UserRow> {
    const u = await findUserById(app.db, userId);
    if (!u || u.status === 'cancelled') throw notFound('用户不存在');
    if (!actorRoles.includes(ADMIN_ROLE) && u.roles.some(isConsoleRole))
      throw unprocessable('只有超级管理员可以操作后台账号');
    return u;
  }

  app.put(
    ApiPaths.adminUserRoles(':userId'),
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary: '设置后台角色（超级管理员）',
        params: userIdParams,
        body: adminUserRolesBody,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) => {
      const u = await target(request.params.userId, request.auth.user.roles);
      const wanted = [...new Set(request.body.roles)];
      if (u.id === request.auth.user.id && !wanted.includes(ADMIN_ROLE))
        throw unprocessable('不能取消自己的超级管理员角色');
      const roles = [...u.roles.filter((r) => !isConsoleRole(r)), ...wanted];
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ roles, updatedAt: new Date(app.clock()) })
          .where(eq(users.id, u.id));
        await operatorAudit(tx, request, {
          event: 'console_user_roles',
          target: `user:${u.id}`,
          userId: u.id,
          before: { roles: u.roles },
          after: { roles },
        });
      });
      await app.forgetSessions(u.id);
      return ok(await detail(u.id));
    },
  );

  app.post(
    ApiPaths.adminUserUnlock(':userId'),
    {
      config: support,
      schema: {
        tags,
        security,
        summary: '解除账号锁定（密码错误次数过多）',
        params: userIdParams,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) => {
      const u = await target(request.params.userId, request.auth.user.roles);
      const now = app.clock();
      if (!u.lockedUntil || u.lockedUntil.getTime() <= now) throw conflict('该账号未被锁定');
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ lockedUntil: null, failedLoginCount: 0 }).where(eq(users.id, u.id));
        await operatorAudit(tx, request, {
          event: 'console_user_unlock',
          target: `user:${u.id}`,
          userId: u.id,
          before: { lockedUntil: u.lockedUntil!.toISOString(), failedLoginCount: u.failedLoginCount },
          after: { lockedUntil: null, failedLoginCount: 0 },
        });
      });
      return ok(await detail(u.id));
    },
  );

  app.delete(
    ApiPaths.adminUserSessions(':userId'),
    {
      config: support,
      schema: {
        tags,
        security,
        summary: '结束该用户的全部登录会话',
        params: userIdParams,
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      const u = await target(request.params.userId, request.auth.user.roles);
      const now = app.clock();
      const [{ n } = { n: 0 }] = await app.db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))));
      await app.db.transaction(async (tx) => {
        await revokeSessions(tx, u.id, now);
        await operatorAudit(tx, request, {
          event: 'console_user_sessions',
          target: `user:${u.id}`,
          userId: u.id,
          before: { activeSessions: n },
          after: { activeSessions: 0 },
        });
      });
      await app.forgetSessions(u.id);
      return ok(null);
    },
  );

  app.post(
    ApiPaths.adminUsersBulkStatus,
    {
      config: adminOnly,
      schema: {
        tags,
        security,
        summary: '批量停用或启用账号（超级管理员）',
        body: adminBulkStatusBody,
        response: { 200: envelope(adminBulkResult) },
      },
    },
    async (request) => {
      const { userIds, status } = request.body;
      const ids = [...new Set(userIds)].filter((id) => id !== request.auth.user.id);
      const found = ids.length
        ? await app.db.select({ id: users.id, status: users.status }).from(users).where(inArray(users.id, ids))
        : [];
      const change = found.filter((u) => u.status !== 'cancelled' && u.status !== status);
      await app.db.transaction(async (tx) => {
        for (const u of change) {
          await tx
            .update(users)
            .set({ status, updatedAt: new Date(app.clock()) })
            .where(eq(users.id, u.id));
          await operatorAudit(tx, request, {
            event: 'console_user_status',
            target: `user:${u.id}`,
            userId: u.id,
            before: { status: u.status },
            after: { status },
          });
        }
      });
      for (const u of change) await app.forgetSessions(u.id);
      return ok({ changed: change.length, skipped: userIds.length - change.length });
    },
  );
};

export default usersRoutes;
