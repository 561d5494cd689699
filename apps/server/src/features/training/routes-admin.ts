/**
 * Operators' training routes (docs/training.md, Operators): save a course definition (create or
 * update by code) and revoke a certificate. Role `admin` (declared and enforced for `/api/v1/admin/`).
 */
import {
  ApiPaths,
  envelope,
  trainingAdminCourse,
  trainingCourseDefinition,
  trainingRevokeBody,
  trainingVerifyResult,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { revokeCertificate } from './certificates';
import { saveCourse } from './courses';
import { routePath, type TrainingOptions } from './options';

const tags = ['training-admin'];
const security = [{ bearer: [] }];

const adminRoutes: FastifyPluginAsyncZod<TrainingOptions> = async (app, opts) => {
  app.post(
    ApiPaths.adminTrainingCourses,
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        security,
        summary: '创建或更新研修课程（按课程编码）',
        body: trainingCourseDefinition,
        response: { 200: envelope(trainingAdminCourse) },
      },
    },
    async (request) => ok(await saveCourse(app.db, request.body, opts, new Date(app.clock()))),
  );

  app.post(
    routePath(ApiPaths.adminTrainingRevoke, 'code'),
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        security,
        summary: '注销结业证书',
        params: z.object({ code: z.string().max(40) }),
        body: trainingRevokeBody,
        response: { 200: envelope(trainingVerifyResult) },
      },
    },
    async (request) =>
      ok(await revokeCertificate(app.db, request.params.code, request.body.reason, new Date(app.clock()))),
  );
};

export default adminRoutes;
