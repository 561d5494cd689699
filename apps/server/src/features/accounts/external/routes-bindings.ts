/**
 * The logged-in user's bindings (docs/identity.md, Binding): bind a ticket (`POST /api/v1/users/bind`),
 * the 账号绑定 list and unbinding, the once-only identity choice of a new account (selectIdentity),
 * and the class-server jump key.
 */
import {
  ApiPaths,
  bindBody,
  bindingParams,
  bindingsData,
  bindResultData,
  classServerKeyData,
  classServerKeyQuery,
  envelope,
  idField,
  Messages,
  selectIdentityBody,
  selectIdentityData,
  TEACHER_ROLE,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityChoices, users } from '../../../db/schema';
import { AppError, badRequest, conflict } from '../../../lib/errors';
import { ok } from '../../../lib/http';
import { audit } from '../audit';
import { assertOwner, findUserById } from '../service';
import { classServerUrl, makeClassServerKey } from './class-server';
import type { ExternalContext } from './context';
import { bindTicketToUser, listBindings, unbindProvider } from './service';

/** `{userId}` of the per-user paths, as the accounts' own routes read it. */
const userIdParams = z.object({ userId: idField('用户 id 无效') });
const nullEnvelope = envelope(z.null());

/** How long after creation a new account may still declare its identity. */
export const IDENTITY_CHOICE_WINDOW_MS = 24 * 3600_000;
/** Roles the identity choice sets; operator roles are kept as they are. */
const PERSON_ROLES = new Set(['student', 'teacher', 'parent']);

export interface BindingRoutesOptions {
  ctx: ExternalContext;
}

const bindingRoutes: FastifyPluginAsyncZod<BindingRoutesOptions> = async (app, { ctx }) => {
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  app.post(
    ApiPaths.userBind,
    {
      onRequest: app.requireAuth,
      config: limit(20),
      schema: {
        tags: ['identity'],
        summary: '将绑定凭证（微信 unionId 参数等）对应的第三方账号绑定到当前登录用户；需刚登录或本人发起的绑定流程',
        body: bindBody,
        response: { 200: envelope(bindResultData) },
      },
    },
    async (request) => ok(await bindTicketToUser(app, request, request.body.ticket)),
  );

  app.get(
    ApiPaths.userBindings(':userId'),
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['identity'],
        summary: '账号绑定：微信、之江汇、教育魔方的绑定状态（本人）',
        params: userIdParams,
        response: { 200: envelope(bindingsData) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      return ok(await listBindings(app.db, request.params.userId));
    },
  );

  app.delete(
    ApiPaths.userBinding(':userId', ':provider'),
    {
      onRequest: app.requireAuth,
      config: limit(20),
      schema: {
        tags: ['identity'],
        summary: '解绑（本人）；不能解绑唯一的登录方式（409 BIND.LAST_METHOD）',
        params: bindingParams,
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      await unbindProvider(app, request, request.params.userId, request.params.provider);
      return ok(null);
    },
  );

  app.post(
    ApiPaths.userIdentity(':userId'),
    {
      onRequest: app.requireAuth,
      config: limit(10),
      schema: {
        tags: ['identity'],
        summary: '新账号选择身份（学生、教师、家长）：注册 24 小时内、仅一次',
        params: userIdParams,
        body: selectIdentityBody,
        response: { 200: envelope(selectIdentityData) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      assertOwner(request, userId);
      const { identity } = request.body;
      const now = app.clock();
      const result = await app.db.transaction(async (tx) => {
        const user = await findUserById(tx, userId);
        if (!user) throw conflict('用户不存在');
        if (now - user.createdAt.getTime() > IDENTITY_CHOICE_WINDOW_MS)
          throw conflict('账号创建已超过 24 小时，身份不能再自行选择，请联系客服');
        const [chosen] = await tx
          .insert(identityChoices)
          .values({ userId, identity, chosenAt: new Date(now) })
          .onConflictDoNothing()
          .returning();
        if (!chosen) throw conflict('身份已选择，不能再次更改');
        const roles = [...user.roles.filter((r) => !PERSON_ROLES.has(r)), identity];
        await tx
          .update(users)
          .set({ identity, roles, updatedAt: new Date(now) })
          .where(eq(users.id, userId));
        return { identity, roles };
      });
      await app.forgetSessions(userId);
      await audit(app.db, request, { event: 'identity_select', result: 'success', userId, detail: { identity } });
      return ok(result);
    },
  );

  app.get(
    ApiPaths.classServerKey(':userId'),
    {
      config: { roles: [TEACHER_ROLE], ...limit(30) },
      schema: {
        tags: ['identity'],
        summary:
          '课堂服务跳转密钥（教师本人）：用户 id、姓名、手机号以 RSA-OAEP-256 + A256GCM（JWE）加密，60 秒内有效、只能使用一次；没有手机号时提示“请绑定手机号”',
        params: userIdParams,
        querystring: classServerKeyQuery,
        response: { 200: envelope(classServerKeyData) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      assertOwner(request, userId);
      const keys = ctx.classServer.keys;
      const base = ctx.classServer.url;
      if (!keys || !base) throw new AppError(503, 503, '课堂服务暂未开通');
      const user = await findUserById(app.db, userId);
      if (!user?.phone) throw badRequest(Messages.bindPhoneFirst);
      const made = await makeClassServerKey(
        await keys(),
        request.query.keyType,
        {
          userId: user.id,
          userName: user.userName,
          phone: user.phone,
          personId: user.personId,
          zsVerified: user.zsVerified,
        },
        app.clock(),
      );
      await audit(app.db, request, {
        event: 'class_server_key',
        result: 'success',
        userId,
        detail: { keyType: request.query.keyType },
      });
      return ok({ key: made.key, expiresAt: made.expiresAt.toISOString(), url: classServerUrl(base, made.key) });
    },
  );
};

export default bindingRoutes;
