/**
 * A teacher's training routes (docs/training.md, API): enrolment (role teacher through the role
 * gate), lesson play grants and heartbeats, the quiz, 我的研修, 研修档案 and its export, and the
 * certificate PDF. Other people's certificates answer 404.
 */
import {
  ApiPaths,
  envelope,
  idParam,
  TrainingMessages,
  trainingArchive,
  trainingCourseDetail,
  trainingHeartbeatBody,
  trainingHeartbeatResult,
  trainingMineItem,
  trainingPlayGrant,
  trainingQuiz,
  trainingQuizBody,
  trainingQuizResult,
} from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trainingCertificates, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/http';
import { attachmentDisposition } from '../../lib/paper-export';
import { archiveOf, archiveWorkbook, mineOf } from './archive';
import { renderCertificatePdf } from './certificates';
import { publishedCourse } from './courses';
import { enrol, findLesson, heartbeat, requireEnrolment, submitQuiz } from './learning';
import { displayName, routePath, sessionRateLimit, type TrainingOptions } from './options';
import { quizQuestion } from './quiz';

const tags = ['training'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const learnerRoutes: FastifyPluginAsyncZod<TrainingOptions> = async (app, opts) => {
  const auth = { onRequest: app.requireAuth };
  const courseOr404 = async (id: number) => {
    const course = await publishedCourse(app.db, id);
    if (!course) throw notFound(TrainingMessages.courseNotFound);
    return course;
  };

  app.post(
    routePath(ApiPaths.trainingEnrol, 'id'),
    {
      config: { roles: ['teacher'], rateLimit: sessionRateLimit('enrol', 60, 3600_000) },
      schema: {
        tags,
        security,
        summary: '报名研修课程（教师）',
        params: idParams,
        response: { 200: envelope(trainingCourseDetail.pick({ id: true })) },
      },
    },
    async (request) => {
      const course = await courseOr404(request.params.id);
      await enrol(app.db, request.auth.user.id, course.id, new Date(app.clock()));
      return ok({ id: course.id });
    },
  );

  app.get(
    routePath(ApiPaths.trainingLessonPlay, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '播放课时：短时有效的签名地址（已报名）',
        params: idParams,
        response: { 200: envelope(trainingPlayGrant) },
      },
    },
    async (request) => {
      const { lesson, course } = await findLesson(app.db, request.params.id);
      await requireEnrolment(app.db, request.auth.user.id, course.id);
      const grant = lesson.videoId
        ? await opts.videos.grant(app.db, lesson.videoId, request.auth.user.id, app.clock())
        : null;
      if (!grant) throw notFound(TrainingMessages.videoMissing);
      return ok({
        lessonId: lesson.id,
        title: lesson.title,
        durationSec: lesson.durationSec,
        posterUrl: grant.video.posterUrl,
        mp4Url: grant.mp4Url,
        hlsUrl: grant.hlsUrl,
        expiresAt: grant.expiresAt,
      });
    },
  );

  app.post(
    routePath(ApiPaths.trainingLessonHeartbeat, 'id'),
    {
      ...auth,
      config: { rateLimit: sessionRateLimit('heartbeat', 120, 60_000) },
      schema: {
        tags,
        security,
        summary: '观看心跳：按服务器时钟累计观看时长',
        params: idParams,
        body: trainingHeartbeatBody,
        response: { 200: envelope(trainingHeartbeatResult) },
      },
    },
    async (request) => {
      const { lesson, course } = await findLesson(app.db, request.params.id);
      return ok(await heartbeat(app.db, request.auth.user.id, lesson, course, request.body.sessionId, app.clock()));
    },
  );

  app.get(
    routePath(ApiPaths.trainingQuiz, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '结业测验（不含答案，已报名）',
        params: idParams,
        response: { 200: envelope(trainingQuiz) },
      },
    },
    async (request) => {
      const course = await courseOr404(request.params.id);
      await requireEnrolment(app.db, request.auth.user.id, course.id);
      const questions = await opts.questionDetails(app.db, course.quizQuestionIds);
      const viewer = { secret: opts.config.urlSigningSecret, courseId: course.id, userId: request.auth.user.id };
      return ok({
        passMark: course.passMark,
        questions: course.quizQuestionIds.flatMap((id, i) => {
          const q = questions.get(id);
          return q ? [quizQuestion(q, i + 1, viewer)] : [];
        }),
      });
    },
  );

  app.post(
    routePath(ApiPaths.trainingQuiz, 'id'),
    {
      ...auth,
      config: { rateLimit: sessionRateLimit('quiz', 20, 3600_000) },
      schema: {
        tags,
        security,
        summary: '提交结业测验',
        params: idParams,
        body: trainingQuizBody,
        response: { 200: envelope(trainingQuizResult) },
      },
    },
    async (request) => {
      const course = await courseOr404(request.params.id);
      return ok(
        await submitQuiz(
          app.db,
          request.auth.user.id,
          course,
          request.body.answers,
          opts.questionDetails,
          new Date(app.clock()),
          opts.config.urlSigningSecret,
        ),
      );
    },
  );

  app.get(
    ApiPaths.trainingMine,
    {
      ...auth,
      schema: { tags, security, summary: '我的研修', response: { 200: envelope(z.array(trainingMineItem)) } },
    },
    async (request) => ok(await mineOf(app.db, request.auth.user.id)),
  );

  app.get(
    ApiPaths.trainingArchive,
    {
      ...auth,
      schema: { tags, security, summary: '研修档案（按学年统计学时）', response: { 200: envelope(trainingArchive) } },
    },
    async (request) => ok(await archiveOf(app.db, request.auth.user.id)),
  );

  const holderName = async (userId: number) => {
    const [u] = await app.db
      .select({ realName: users.realName, userName: users.userName })
      .from(users)
      .where(eq(users.id, userId));
    return u ? displayName(u) : '';
  };

  app.get(
    ApiPaths.trainingArchiveExport,
    {
      ...auth,
      config: { rateLimit: sessionRateLimit('export', 30, 60_000) },
      schema: { tags, security, summary: '导出研修档案（Excel）' },
    },
    async (request, reply) => {
      const me = request.auth.user.id;
      const body = await archiveWorkbook(await archiveOf(app.db, me), await holderName(me));
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', attachmentDisposition('研修档案.xlsx'))
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    routePath(ApiPaths.trainingCertificatePdf, 'id'),
    {
      ...auth,
      config: { rateLimit: sessionRateLimit('certificate', 30, 60_000) },
      schema: { tags, security, summary: '下载结业证书（PDF，本人）', params: idParams },
    },
    async (request, reply) => {
      const [cert] = await app.db
        .select()
        .from(trainingCertificates)
        .where(
          and(eq(trainingCertificates.id, request.params.id), eq(trainingCertificates.userId, request.auth.user.id)),
        );
      if (!cert || cert.revokedAt) throw notFound(TrainingMessages.certificateNotFound);
      const origin = opts.config.publicOrigin ?? `${request.protocol}://${request.host}`;
      const pdf = await renderCertificatePdf({
        holderName: cert.holderName ?? '',
        courseTitle: cert.courseTitle,
        creditHours: cert.creditHours,
        issuedAt: cert.issuedAt,
        code: cert.code,
        verifyUrl: `${origin}/#/teachersTraining/verify?code=${cert.code}`,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachmentDisposition(`结业证书-${cert.courseTitle}.pdf`))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default learnerRoutes;
