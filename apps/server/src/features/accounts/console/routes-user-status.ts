/**
 * Operator endpoints for accounts (role `admin`, docs/api.md, Authentication): disable or enable
 * an account, grant a platform; audited with the operator and the values before and after. The role gate of the auth plugin admits only administrators and
 * answers everyone else the 404 of an unknown path, before the body is read.
 */
import { adminUserData, ApiPaths, envelope, grantPlatformBody, userStatusBody } from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userPlatforms, users } from '../../../db/schema';
import { conflict, notFound, unprocessable } from '../../../lib/errors';
import { ok } from '../../../lib/http';
import { ADMIN_ROLE } from '../../../plugins/auth';
import { audit } from '../audit';
import { findUserById } from '../service';
import { userIdParams } from '../routes-common';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  async function adminView(userId: number) {
    const user = await findUserById(app.db, userId);
    if (!user) throw notFound('用户不存在');
    const platforms = await app.db
      .select({ code: userPlatforms.platformCode })
      .from(userPlatforms)
      .where(eq(userPlatforms.userId, userId));
    return { userId, status: user.status, platforms: platforms.map((p) => p.code).sort() };
  }

  app.put(
    ApiPaths.adminUserStatus(':userId'),
    {
      config: { roles: [ADMIN_ROLE] },
      schema: {
        tags: ['admin'],
        summary: '停用或启用账号',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: userStatusBody,
        response: { 200: envelope(adminUserData) },
      },
    },
    async (request) => {
      const target = await findUserById(app.db, request.params.userId);
      if (!target) throw notFound('用户不存在');
      if (target.status === 'cancelled') throw conflict('该账号已注销，不能修改状态');
      if (target.id === request.auth.user.id) throw unprocessable('不能修改自己的账号状态');
      await app.db
        .update(users)
        .set({ status: request.body.status, updatedAt: new Date(app.clock()) })
        .where(eq(users.id, target.id));
      await app.forgetSessions(target.id);
      await audit(app.db, request, {
        event: 'admin_status',
        result: 'success',
        userId: target.id,
        detail: { status: request.body.status, by: request.auth.user.id },
        actorId: request.auth.user.id,
        target: `user:${target.id}`,
        before: { status: target.status },
        after: { status: request.body.status },
      });
      return ok(await adminView(target.id));
    },
  );

  app.post(
    ApiPaths.adminUserPlatforms(':userId'),
    {
      config: { roles: [ADMIN_ROLE] },
      schema: {
        tags: ['admin'],
        summary: '授予平台权限（如教学后台 xh）及跳转地址',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: grantPlatformBody,
        response: { 200: envelope(adminUserData) },
      },
    },
    async (request) => {
      const target = await findUserById(app.db, request.params.userId);
      if (!target || target.status === 'cancelled') throw notFound('用户不存在');
      const { platformCode, autoAddress } = request.body;
      await app.db
        .insert(userPlatforms)
        .values({ userId: target.id, platformCode, autoAddress, grantedAt: new Date(app.clock()) })
        .onConflictDoUpdate({ target: [userPlatforms.userId, userPlatforms.platformCode], set: { autoAddress } });
      await audit(app.db, request, {
        event: 'admin_platform',
        result: 'success',
        userId: target.id,
        detail: { platformCode, by: request.auth.user.id },
        actorId: request.auth.user.id,
        target: `user:${target.id}`,
        after: { platformCode, autoAddress },
      });
      return ok(await adminView(target.id));
    },
  );
};

export default adminRoutes;
