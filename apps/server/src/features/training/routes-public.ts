/**
 * Public training routes (docs/training.md, API): the course list, a course (with the caller's own
 * state when logged in) and the certificate verification (rate-limited per address).
 */
import {
  ApiPaths,
  envelope,
  idParam,
  paged,
  TrainingMessages,
  trainingCourseDetail,
  trainingCourseCard,
  trainingCourseQuery,
  trainingVerifyQuery,
  trainingVerifyResult,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { verifyCertificate } from './certificates';
import { courseCards, courseModules, listCourses, publishedCourse } from './courses';
import { myCourse } from './learning';
import { isTeacher, routePath, type TrainingOptions } from './options';

const tags = ['training'];
/** Verification lookups per address and minute: enough for people, too few to walk the code space. */
export const VERIFY_PER_MINUTE = 20;

const publicRoutes: FastifyPluginAsyncZod<TrainingOptions> = async (app, opts) => {
  app.get(
    ApiPaths.trainingCourses,
    {
      schema: {
        tags,
        summary: '研修课程列表（学段、学科筛选）',
        querystring: trainingCourseQuery,
        response: { 200: envelope(paged(trainingCourseCard)) },
      },
    },
    async (request) => {
      const { items, total } = await listCourses(app.db, request.query);
      return ok(page(items, total, request.query.page, request.query.pageSize));
    },
  );

  app.get(
    routePath(ApiPaths.trainingCourse, 'id'),
    {
      schema: {
        tags,
        summary: '研修课程详情（模块、课时、资料；登录后含本人进度）',
        params: z.object({ id: idParam }),
        response: { 200: envelope(trainingCourseDetail) },
      },
    },
    async (request) => {
      const course = await publishedCourse(app.db, request.params.id);
      if (!course) throw notFound(TrainingMessages.courseNotFound);
      const [card] = await courseCards(app.db, [course.id]);
      const modules = await courseModules(app.db, course.id);
      const posters = new Map<number, string | null>();
      for (const l of modules.flatMap((m) => m.lessons))
        if (l.videoId && !posters.has(l.videoId))
          posters.set(l.videoId, (await opts.videos.describe(app.db, l.videoId))?.posterUrl ?? null);
      const auth = await request.getAuth();
      return ok({
        ...card!,
        modules: modules.map((m) => ({
          id: m.id,
          title: m.title,
          lessons: m.lessons.map((l) => ({
            id: l.id,
            title: l.title,
            durationSec: l.durationSec,
            posterUrl: l.videoId ? (posters.get(l.videoId) ?? null) : null,
            playable: l.videoId !== null,
          })),
        })),
        documents: course.documents,
        passMark: course.passMark,
        quizCount: course.quizQuestionIds.length,
        canEnrol: auth ? isTeacher(auth.user.roles) : false,
        mine: auth ? await myCourse(app.db, auth.user.id, course.id) : null,
      });
    },
  );

  app.get(
    ApiPaths.trainingVerify,
    {
      config: { rateLimit: { max: VERIFY_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '结业证书验证（公开）',
        querystring: trainingVerifyQuery,
        response: { 200: envelope(trainingVerifyResult) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await verifyCertificate(app.db, request.query.code));
    },
  );
};

export default publicRoutes;
