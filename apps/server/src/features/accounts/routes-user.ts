/**
 * Logged-in account calls (issue 3): logout, profile, profile completion, settings, password
 * change, upload, avatar, cancellation, the teaching back-office permission check, and the
 * operator endpoints. Every per-user path is owner-checked: another user's id answers 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  adminUserData,
  ApiPaths,
  avatarData,
  cancelAccountBody,
  changePasswordBody,
  completedData,
  completeProfileBody,
  envelope,
  ErrorCode,
  grantPlatformBody,
  LIMITS,
  PERMISSION_DENIED_CODE,
  permissionData,
  platformCodeField,
  setAvatarBody,
  TEACHER_ROLE,
  uploadFileData,
  userConfigData,
  userProfile,
  userStatusBody,
  type UserProfile,
} from '@eav/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { dictionary, files, sessions, smsCodes, stageSubject, userPlatforms, users } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { ok } from '../../lib/http';
import { audit } from './audit';
import { deleteFiles, fileStreamError, fileTooLarge, makeAvatar, storeImage, uploadsDir } from './files';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from './password';
import {
  asIdentity,
  assertAdmin,
  assertOwner,
  badCredentials,
  findUserById,
  lockedError,
  LOCKOUT,
  missingProfileFields,
  recordPasswordFailure,
  revokeSessions,
  userNameTaken,
  type UserRow,
} from './service';
import { withSmsCode } from './sms-codes';

export interface UserRoutesOptions {
  dataDir: string;
}

const userIdParams = z.object({
  userId: z.coerce.number().int().positive('用户 id 无效').max(2_147_483_647, '用户 id 无效'),
});
const nullEnvelope = envelope(z.null());

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

const accountsUserRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, opts) => {
  const auth = { preHandler: app.requireAuth };

  /**
   * Checks the current password of a logged-in user (change, cancel), counting a wrong one
   * toward the lockout like a login attempt would.
   */
  async function provePassword(request: FastifyRequest, user: UserRow, password: string, msg: string): Promise<void> {
    const now = app.clock();
    const lockedUntil = user.lockedUntil?.getTime() ?? 0;
    if (lockedUntil > now) throw lockedError(lockedUntil, now);
    if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) return;
    const r = await recordPasswordFailure(app.db, user.id, now);
    if (r.lockedUntil && r.lockedUntil > now) {
      await audit(app.db, request, {
        event: 'lock',
        result: 'success',
        userId: user.id,
        detail: { until: new Date(r.lockedUntil).toISOString() },
      });
      throw lockedError(r.lockedUntil, now);
    }
    throw badCredentials(LOCKOUT.maxFailures - r.failures, msg);
  }

  app.post(
    ApiPaths.logout,
    {
      ...auth,
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
      await audit(app.db, request, { event: 'logout', result: 'success', userId: request.auth.user.id });
      return ok(null);
    },
  );

  app.get(
    '/api/v1/users/:userId',
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
      return ok(await loadProfile(app.db, me.id));
    },
  );

  app.get(
    '/api/v1/users/:userId/completed',
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
    '/api/v1/users/:userId/password',
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
        await provePassword(request, user, b.oldPassword, '原密码错误');
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
      await audit(app.db, request, { event: 'password_change', result: 'success', userId: user.id });
      return ok(null);
    },
  );

  // ---- uploads ----
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadImageBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  for (const url of [ApiPaths.uploadFile, ApiPaths.uploadFileV2]) {
    app.post(
      url,
      {
        ...auth,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['accounts'],
          summary: '上传图片（multipart 字段 file；按内容识别并重新编码）',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: { 200: envelope(uploadFileData) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw fileStreamError();
        let data: Buffer;
        try {
          const part = await request.file();
          if (!part) throw badRequest('请选择要上传的文件');
          data = await part.toBuffer();
          if (part.file.truncated) throw fileTooLarge();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
          if ((err as { statusCode?: number }).statusCode && (err as Error).name === 'AppError') throw err;
          throw fileStreamError();
        }
        return ok(await storeImage(app.db, opts.dataDir, request.auth.user.id, data, app.clock()));
      },
    );
  }

  app.post(
    '/api/v1/users/:userId/avatars',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: '设置头像（先上传图片，再以 fileId 设置）',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: setAvatarBody,
        response: { 200: envelope(avatarData) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const me = request.auth.user.id;
      const [file] = await app.db
        .select()
        .from(files)
        .where(and(eq(files.id, request.body.fileId), eq(files.ownerId, me)))
        .limit(1);
      if (!file) throw notFound('文件不存在，请重新上传');
      const avatar = await makeAvatar(app.db, opts.dataDir, me, file.storageKey, app.clock());
      const old = await app.db
        .select({ id: files.id, storageKey: files.storageKey })
        .from(files)
        .where(and(eq(files.ownerId, me), eq(files.purpose, 'avatar'), ne(files.id, avatar.fileId)));
      await app.db
        .update(users)
        .set({ avatarUrl: avatar.url, updatedAt: new Date(app.clock()) })
        .where(eq(users.id, me));
      await deleteFiles(app.db, opts.dataDir, old);
      return ok({ avatar: avatar.url });
    },
  );

  // ---- cancellation ----
  /** Erases or anonymises the personal data of a user (inside the caller's transaction). */
  async function erase(tx: Tx, user: UserRow, now: number): Promise<{ storageKeys: string[] }> {
    const owned = await tx
      .select({ id: files.id, storageKey: files.storageKey })
      .from(files)
      .where(eq(files.ownerId, user.id));
    await tx.delete(files).where(eq(files.ownerId, user.id));
    await tx.delete(userPlatforms).where(eq(userPlatforms.userId, user.id));
    if (user.phone) await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await tx.update(sessions).set({ ip: null, userAgent: null }).where(eq(sessions.userId, user.id));
    await tx
      .update(users)
      .set({
        status: 'cancelled',
        userName: `注销用户_${user.id}`,
        phone: null,
        passwordHash: null,
        realName: null,
        school: null,
        region: null,
        stageId: null,
        gradeId: null,
        subjectId: null,
        avatarUrl: null,
        personId: null,
        zsVerified: false,
        roles: [],
        failedLoginCount: 0,
        lockedUntil: null,
        config: sql`'{}'::jsonb`,
        cancelledAt: new Date(now),
        updatedAt: new Date(now),
      })
      .where(eq(users.id, user.id));
    return { storageKeys: owned.map((f) => f.storageKey) };
  }

  app.post(
    ApiPaths.cancelAccount,
    {
      ...auth,
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
      let result: { storageKeys: string[] };
      if (b.smsCode) {
        if (!user.phone) throw unprocessable('账号未绑定手机号，请使用密码确认');
        result = await withSmsCode(app, { phone: user.phone, purpose: 'cancel', code: b.smsCode }, (tx, now) =>
          erase(tx, user, now),
        );
      } else {
        try {
          await provePassword(request, user, b.password!, '密码错误');
        } catch (err) {
          await audit(app.db, request, {
            event: 'cancel',
            result: 'failure',
            userId: user.id,
            detail: { reason: 'password' },
          });
          throw err;
        }
        result = await app.db.transaction((tx) => erase(tx, user, app.clock()));
      }
      await Promise.all(
        result.storageKeys.map((k) => fs.promises.rm(path.join(uploadsDir(opts.dataDir), k), { force: true })),
      );
      await audit(app.db, request, {
        event: 'cancel',
        result: 'success',
        userId: user.id,
        detail: { method: b.smsCode ? 'sms' : 'password' },
      });
      return ok(null);
    },
  );

  // ---- teaching back-office permission ----
  app.get(
    '/api/v1/users/:userId/:platformCode',
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

  // ---- operator endpoints (role admin; hidden from everyone else) ----
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
    '/api/v1/admin/users/:userId/status',
    {
      ...auth,
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
      assertAdmin(request);
      const target = await findUserById(app.db, request.params.userId);
      if (!target) throw notFound('用户不存在');
      if (target.status === 'cancelled') throw conflict('该账号已注销，不能修改状态');
      if (target.id === request.auth.user.id) throw unprocessable('不能修改自己的账号状态');
      await app.db
        .update(users)
        .set({ status: request.body.status, updatedAt: new Date(app.clock()) })
        .where(eq(users.id, target.id));
      await audit(app.db, request, {
        event: 'admin_status',
        result: 'success',
        userId: target.id,
        detail: { status: request.body.status, by: request.auth.user.id },
      });
      return ok(await adminView(target.id));
    },
  );

  app.post(
    '/api/v1/admin/users/:userId/platforms',
    {
      ...auth,
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
      assertAdmin(request);
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
      });
      return ok(await adminView(target.id));
    },
  );

  // ---- stored uploads, outside /api (not signed) ----
  const root = uploadsDir(opts.dataDir);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    etag: true,
    lastModified: false,
    setHeaders(res) {
      // Names are random and never reused, so the bytes behind a URL never change.
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    },
  });
};

export default accountsUserRoutes;
