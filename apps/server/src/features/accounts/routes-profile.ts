/**
 * The logged-in user's own account (docs/accounts.md, Calls): logout, profile, profile completion,
 * settings, password change and the teaching back-office permission check. Every per-user path is
 * owner-checked: another user's id answers 404.
 */
import {
  ApiPaths,
  changePasswordBody,
  completedData,
  completeProfileBody,
  envelope,
  ErrorCode,
  PERMISSION_DENIED_CODE,
  permissionData,
  platformCodeField,
  TEACHER_ROLE,
  userConfigData,
  userProfile,
  type UserProfile,
} from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { dictionary, sessions, stageSubject, userPlatforms, users } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { ok } from '../../lib/http';
import { audit } from './audit';
import { assertPasswordAcceptable, hashPassword } from './password';
import { asIdentity, assertOwner, findUserById, missingProfileFields, revokeSessions, userNameTaken } from './service';
import { nullEnvelope, provePassword, userIdParams } from './routes-common';

const stageDict = alias(dictionary, 'stage_d');
const gradeDict = alias(dictionary, 'grade_d');
const subjectDict = alias(dictionary, 'subject_d');

/** The profile answer of `GET /api/v1/users/{userId}` and `POST /api/v1/user/complete`. */
async function loadProfile(db: Db, userId: number): Promise<UserProfile> {
  const [row] = await db
    .select({ u: users, stageName: stageDict.name, gradeName: gradeDict.name, subjectName: subjectDict.name })
    .from(users)
    .leftJoin(stageDict, eq(stageDict.id, users.stageId))
    .leftJoin(gradeDict, eq(gradeDict.id, users.gradeId))
    .leftJoin(subjectDict, eq(subjectDict.id, users.subjectId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('用户不存在');
  const u = row.u;
  return {
    userId: u.id,
    userName: u.userName,
    name: u.userName,
    phone: u.phone,
    avatar: u.avatarUrl,
    identity: asIdentity(u.identity),
    roles: u.roles,
    realName: u.realName,
    school: u.school,
    region: u.region,
    stageId: u.stageId,
    stageName: row.stageName,
    gradeId: u.gradeId,
    gradeName: row.gradeName,
    subjectId: u.subjectId,
    subjectName: row.subjectName,
    personId: u.personId,
    zsVerified: u.zsVerified,
    completed: missingProfileFields(u).length === 0,
    createdAt: u.createdAt.toISOString(),
  };
}

async function dictKind(db: Db, id: number): Promise<{ kind: string; stageId: number | null } | undefined> {
  const [d] = await db
    .select({ kind: dictionary.kind, stageId: dictionary.stageId })
    .from(dictionary)
    .where(eq(dictionary.id, id))
    .limit(1);
  return d;
}

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { preHandler: app.requireAuth };

  app.post(
    ApiPaths.logout,
    {
      ...auth,
      // A browse-only pupil may always log out (plugins/auth.ts).
      config: { guardianExempt: true },
      schema: {
        tags: ['accounts'],
        summary: '退出登录（吊销当前令牌）',
        security: [{ bearer: [] }],
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      await app.db
        .update(sessions)
        .set({ revokedAt: new Date(app.clock()) })
        .where(eq(sessions.id, request.auth.sessionId));
      await app.forgetSessions(request.auth.user.id);
      await audit(app.db, request, { event: 'logout', result: 'success', userId: request.auth.user.id });
      return ok(null);
    },
  );

  app.get(
    ApiPaths.user(':userId'),
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: '个人资料（仅本人）',
        security: [{ bearer: [] }],
        params: userIdParams,
        response: { 200: envelope(userProfile) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      return ok(await loadProfile(app.db, request.params.userId));
    },
  );

  app.post(
    ApiPaths.userComplete,
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: '完善/修改个人资料（学校、地区、学段、年级或学科、真实姓名）',
        security: [{ bearer: [] }],
        body: completeProfileBody,
        response: { 200: envelope(userProfile) },
      },
    },
    async (request) => {
      const b = request.body;
      const me = request.auth.user;
      const user = (await findUserById(app.db, me.id))!;
      const stage = await dictKind(app.db, b.stageId);
      if (stage?.kind !== 'stage') throw unprocessable('所选学段不存在');
      if (b.gradeId) {
        const grade = await dictKind(app.db, b.gradeId);
        if (grade?.kind !== 'grade') throw unprocessable('所选年级不存在');
        if (grade.stageId !== null && grade.stageId !== b.stageId) throw unprocessable('所选年级不属于该学段');
      }
      if (b.subjectId) {
        const subject = await dictKind(app.db, b.subjectId);
        if (subject?.kind !== 'subject') throw unprocessable('所选学科不存在');
        const [pair] = await app.db
          .select({ s: stageSubject.subjectId })
          .from(stageSubject)
          .where(and(eq(stageSubject.stageId, b.stageId), eq(stageSubject.subjectId, b.subjectId)))
          .limit(1);
        if (!pair) throw unprocessable('该学段未开设所选学科');
      }
      if (user.identity === 'teacher' && !b.subjectId) throw unprocessable('请选择任教学科');
      if (user.identity !== 'teacher' && !b.gradeId) throw unprocessable('请选择年级');
      if (
        b.userName &&
        b.userName.toLowerCase() !== user.userName.toLowerCase() &&
        (await userNameTaken(app.db, b.userName, user.id))
      ) {
        throw conflict('该用户名已被使用，请换一个', ErrorCode.AUTH_USERNAME_TAKEN);
      }
      await app.db
        .update(users)
        .set({
          ...(b.userName ? { userName: b.userName } : {}),
          realName: b.realName,
          school: b.school,
          region: b.region,
          stageId: b.stageId,
          gradeId: b.gradeId ?? null,
          subjectId: b.subjectId ?? null,
          updatedAt: new Date(app.clock()),
        })
        .where(eq(users.id, me.id));
      // The remembered session carries the user name.
      await app.forgetSessions(me.id);
      return ok(await loadProfile(app.db, me.id));
    },
  );

  app.get(
    ApiPaths.userCompleted(':userId'),
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: '资料是否已完善',
        security: [{ bearer: [] }],
        params: userIdParams,
        response: { 200: envelope(completedData) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const missing = missingProfileFields((await findUserById(app.db, request.params.userId))!);
      return ok({ completed: missing.length === 0, missing });
    },
  );

  app.get(
    ApiPaths.userConfig,
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: '当前用户的设置',
        security: [{ bearer: [] }],
        response: { 200: envelope(userConfigData) },
      },
    },
    async (request) => {
      const user = (await findUserById(app.db, request.auth.user.id))!;
      const platforms = await app.db
        .select({ code: userPlatforms.platformCode })
        .from(userPlatforms)
        .where(eq(userPlatforms.userId, user.id));
      return ok({
        userId: user.id,
        identity: asIdentity(user.identity),
        roles: user.roles,
        isTeacher: user.roles.includes(TEACHER_ROLE),
        completed: missingProfileFields(user).length === 0,
        platforms: platforms.map((p) => p.code).sort(),
        settings: (user.config ?? {}) as Record<string, unknown>,
      });
    },
  );

  app.put(
    ApiPaths.userPassword(':userId'),
    {
      ...auth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: '修改密码（需原密码；结束其他会话）',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: changePasswordBody,
        response: { 200: nullEnvelope },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const user = (await findUserById(app.db, request.auth.user.id))!;
      const b = request.body;
      try {
        await provePassword(app, request, user, b.oldPassword, '原密码错误');
      } catch (err) {
        await audit(app.db, request, {
          event: 'password_change',
          result: 'failure',
          userId: user.id,
          detail: { reason: 'old_password' },
        });
        throw err;
      }
      if (b.newPassword === b.oldPassword) throw unprocessable('新密码不能与原密码相同', ErrorCode.AUTH_WEAK_PASSWORD);
      assertPasswordAcceptable(b.newPassword, { phone: user.phone, userName: user.userName });
      const passwordHash = await hashPassword(b.newPassword);
      const now = app.clock();
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date(now) })
          .where(eq(users.id, user.id));
        await revokeSessions(tx, user.id, now, request.auth.sessionId);
      });
      await app.forgetSessions(user.id);
      await audit(app.db, request, { event: 'password_change', result: 'success', userId: user.id });
      return ok(null);
    },
  );

  // ---- teaching back-office permission ----
  app.get(
    ApiPaths.permission(':userId', ':platformCode'),
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: '教学后台权限检查：data.code 为 200 时可进入并给出 autoAddress，否则为 40301',
        security: [{ bearer: [] }],
        params: userIdParams.extend({ platformCode: platformCodeField }),
        response: { 200: envelope(permissionData) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const me = request.auth.user;
      const [grant] = await app.db
        .select({ autoAddress: userPlatforms.autoAddress })
        .from(userPlatforms)
        .where(and(eq(userPlatforms.userId, me.id), eq(userPlatforms.platformCode, request.params.platformCode)))
        .limit(1);
      if (grant && me.roles.includes(TEACHER_ROLE))
        return ok({ code: 200, msg: 'success', autoAddress: grant.autoAddress });
      return ok({ code: PERMISSION_DENIED_CODE, msg: '暂无访问该平台的权限', autoAddress: null });
    },
  );
};

export default profileRoutes;
