/**
 * Classes, join codes and members (docs/teaching.md, Classes): teachers create and manage their
 * classes (role `teacher` through the role gate), students join with a code. Owner checks answer 404.
 */
import {
  ApiPaths,
  classCreateBody,
  classList,
  classListQuery,
  classMember,
  classMemberList,
  classSummary,
  classUpdateBody,
  envelope,
  idParam,
  joinClassBody,
  joinClassResult,
  LIMITS,
  memberUpdateBody,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teachingClasses } from '../../db/schema';
import { ok } from '../../lib/http';
import { assertWithinWindow } from '../../lib/rate-limit-store';
import { ownedClass, visibleClass } from './access';
import {
  approveMember,
  classSummaries,
  createClass,
  joinClass,
  listClasses,
  listMembers,
  regenerateCode,
  removeMember,
  updateClass,
} from './classes';
import { routePath, sessionRateLimit, type TeachingOptions } from './routes-common';

const classParams = z.object({ id: idParam });
const memberParams = z.object({ id: idParam, userId: idParam });
const tags = ['teaching'];
const HOUR = 3600_000;
/** Join attempts per account, across all its sessions (right or wrong codes). */
const joinsPerAccount = { max: LIMITS.teaching.joinAttemptsPerHour, windowMs: HOUR };
/** Join attempts on one class's code by all users together: a guessed or leaked code is held here. */
const joinsPerClass = { max: LIMITS.accountRates.joinPerClassPerHour, windowMs: HOUR };
const security = [{ bearer: [] }];

const classRoutes: FastifyPluginAsyncZod<TeachingOptions> = async (app) => {
  const auth = { onRequest: app.requireAuth };
  const now = () => new Date(app.clock());
  const summary = async (id: number, viewer: number) => (await classSummaries(app.db, [id], viewer))[0]!;

  app.get(
    ApiPaths.teachingClasses,
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '我的班级（教师：创建的；学生：加入的）',
        querystring: classListQuery,
        response: { 200: envelope(classList) },
      },
    },
    async (request) => ok({ items: await listClasses(app.db, request.auth.user.id, request.query.status) }),
  );

  app.post(
    ApiPaths.teachingClasses,
    {
      config: { roles: ['teacher'], rateLimit: sessionRateLimit('create-class', 30, 3600_000) },
      schema: {
        tags,
        security,
        summary: '创建班级（教师）',
        body: classCreateBody,
        response: { 200: envelope(classSummary) },
      },
    },
    async (request) => {
      const id = await createClass(app.db, request.auth.user.id, request.body, now());
      return ok(await summary(id, request.auth.user.id));
    },
  );

  app.post(
    ApiPaths.teachingJoin,
    {
      ...auth,

      schema: {
        tags,
        security,
        summary: '凭邀请码加入班级',
        body: joinClassBody,
        response: { 200: envelope(joinClassResult) },
      },
    },
    async (request) => {
      const me = request.auth.user.id;
      const at = app.clock();
      // Per account, not per session: a new login must not bring new tries.
      await assertWithinWindow(
        app.kv,
        'teaching-join:user',
        String(me),
        joinsPerAccount,
        at,
        '加入班级尝试过于频繁，请 1 小时后再试',
      );
      const [target] = await app.db
        .select({ id: teachingClasses.id })
        .from(teachingClasses)
        .where(eq(teachingClasses.joinCode, request.body.code));
      if (target)
        await assertWithinWindow(
          app.kv,
          'teaching-join:class',
          String(target.id),
          joinsPerClass,
          at,
          '该班级加入过于频繁，请稍后再试或联系老师',
        );
      const r = await joinClass(app.db, me, request.body.code, now());
      return ok({ class: await summary(r.classId, me), status: r.status });
    },
  );

  app.get(
    routePath(ApiPaths.teachingClass, 'id'),
    {
      ...auth,
      schema: { tags, security, summary: '班级详情', params: classParams, response: { 200: envelope(classSummary) } },
    },
    async (request) => {
      await visibleClass(app.db, request.params.id, request.auth.user.id);
      return ok(await summary(request.params.id, request.auth.user.id));
    },
  );

  app.patch(
    routePath(ApiPaths.teachingClass, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '修改班级（名称、加入方式、关闭加入、归档）',
        params: classParams,
        body: classUpdateBody,
        response: { 200: envelope(classSummary) },
      },
    },
    async (request) => {
      const cls = await ownedClass(app.db, request.params.id, request.auth.user.id);
      await updateClass(app.db, cls, request.body, now());
      return ok(await summary(cls.id, request.auth.user.id));
    },
  );

  app.post(
    routePath(ApiPaths.teachingClassCode, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '重新生成邀请码',
        params: classParams,
        response: { 200: envelope(classSummary) },
      },
    },
    async (request) => {
      const cls = await ownedClass(app.db, request.params.id, request.auth.user.id);
      await regenerateCode(app.db, cls, now());
      return ok(await summary(cls.id, request.auth.user.id));
    },
  );

  app.get(
    routePath(ApiPaths.teachingClassMembers, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '班级成员',
        params: classParams,
        response: { 200: envelope(classMemberList) },
      },
    },
    async (request) => {
      const cls = await ownedClass(app.db, request.params.id, request.auth.user.id);
      return ok({ items: await listMembers(app.db, cls.id) });
    },
  );

  app.patch(
    routePath(ApiPaths.teachingClassMember, 'id', 'userId'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '通过加入申请',
        params: memberParams,
        body: memberUpdateBody,
        response: { 200: envelope(classMember) },
      },
    },
    async (request) => ok(await approveMember(app.db, request.auth.user.id, request.params.id, request.params.userId)),
  );

  app.delete(
    routePath(ApiPaths.teachingClassMember, 'id', 'userId'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '移出学生（教师）或退出班级（学生本人）',
        params: memberParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await removeMember(app.db, request.auth.user.id, request.params.id, request.params.userId);
      return ok(null);
    },
  );
};

export default classRoutes;
