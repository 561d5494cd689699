/**
 * Operators' training writes (docs/training.md, Operators): save a course definition (create or
 * update by code) and revoke a certificate. Roles `CONSOLE_ACCESS.content` (the 研修课程 section);
 * each write and its audit row (definition or certificate before and after) commit together.
 */
import {
  ApiPaths,
  CONSOLE_ACCESS,
  envelope,
  trainingAdminCourse,
  trainingCourseDefinition,
  trainingRevokeBody,
  trainingVerifyResult,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import type { AuditJson } from '../../lib/operator-audit';
import { revokeCertificate } from './certificates';
import { adminCertificate, courseDefinition, courseIdOfCode } from './console';
import { saveCourse } from './courses';
import { routePath, type TrainingOptions } from './options';

const tags = ['training-admin'];

/** A saved definition as the audit trail's JSON (optional fields that are absent are left out). */
const asAudit = (def: object): Record<string, AuditJson> =>
  JSON.parse(JSON.stringify(def)) as Record<string, AuditJson>;
const security = [{ bearer: [] }];

const adminRoutes: FastifyPluginAsyncZod<TrainingOptions> = async (app, opts) => {
  const config = { roles: CONSOLE_ACCESS.content };

  app.post(
    ApiPaths.adminTrainingCourses,
    {
      config,
      schema: {
        tags,
        security,
        summary: '创建或更新研修课程（按课程编码）',
        body: trainingCourseDefinition,
        response: { 200: envelope(trainingAdminCourse) },
      },
    },
    async (request) =>
      ok(
        await app.db.transaction(async (tx) => {
          const oldId = await courseIdOfCode(tx, request.body.code);
          const before = oldId === null ? null : await courseDefinition(tx, oldId);
          const saved = await saveCourse(tx, request.body, opts, new Date(app.clock()));
          const after = await courseDefinition(tx, saved.id);
          await opts.audit?.(tx, request, {
            event: 'training_course_save',
            target: `training_course:${saved.id}`,
            before: before ? asAudit(before.definition) : null,
            after: after ? asAudit(after.definition) : null,
          });
          return saved;
        }),
      ),
  );

  app.post(
    routePath(ApiPaths.adminTrainingRevoke, 'code'),
    {
      config,
      schema: {
        tags,
        security,
        summary: '注销结业证书',
        params: z.object({ code: z.string().max(40, '证书编号不正确') }),
        body: trainingRevokeBody,
        response: { 200: envelope(trainingVerifyResult) },
      },
    },
    async (request) =>
      ok(
        await app.db.transaction(async (tx) => {
          const before = await adminCertificate(tx, request.params.code);
          const result = await revokeCertificate(tx, request.params.code, request.body.reason, new Date(app.clock()));
          if (!before.revokedAt) {
            const after = await adminCertificate(tx, before.code);
            await opts.audit?.(tx, request, {
              event: 'training_certificate_revoke',
              target: `training_certificate:${before.code}`,
              userId: before.userId,
              before: { status: before.status, revokedAt: null, revokedReason: null },
              after: { status: after.status, revokedAt: after.revokedAt, revokedReason: after.revokedReason },
            });
          }
          return result;
        }),
      ),
  );
};

export default adminRoutes;
