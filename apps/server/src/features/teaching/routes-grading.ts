/**
 * The teacher's grading (docs/teaching.md, Grading): the queue of submitted work with open answers,
 * a student's work, grading of one answer (score, comment, override of an automatic grade) and
 * return for correction. Only the class's teacher (else 404).
 */
import {
  ApiPaths,
  envelope,
  gradeAnswerBody,
  gradingQueue as gradingQueueSchema,
  idParam,
  returnSubmissionBody,
  submissionDetail as submissionDetailSchema,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { ownedSubmission } from './access';
import { gradingQueue } from './reports';
import type { Db, Tx } from '../../db/client';
import { routePath, type TeachingOptions } from './routes-common';
import { gradeAnswer, returnWork, submissionDetail } from './work';

const idParams = z.object({ id: idParam });
const gradeParams = z.object({ id: idParam, itemId: idParam });
const tags = ['teaching'];
const security = [{ bearer: [] }];

const gradingRoutes: FastifyPluginAsyncZod<TeachingOptions> = async (app, opts) => {
  const auth = { onRequest: app.requireAuth };
  const now = () => new Date(app.clock());
  const view = async (db: Db | Tx, teacherId: number, submissionId: number) => {
    const { submission, assignment, cls } = await ownedSubmission(db, submissionId, teacherId);
    return submissionDetail(db, assignment, cls, submission.userId, 'teacher', now(), opts.config.urlSigningSecret);
  };

  app.get(
    ApiPaths.teachingGradingQueue,
    {
      config: { roles: ['teacher'] },
      schema: { tags, security, summary: '待批改', response: { 200: envelope(gradingQueueSchema) } },
    },
    async (request) => ok({ items: await gradingQueue(app.db, request.auth.user.id) }),
  );

  app.get(
    routePath(ApiPaths.teachingSubmission, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '学生作答详情',
        params: idParams,
        response: { 200: envelope(submissionDetailSchema) },
      },
    },
    async (request) => ok(await view(app.db, request.auth.user.id, request.params.id)),
  );

  app.put(
    routePath(ApiPaths.teachingSubmissionGrade, 'id', 'itemId'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '批改一题（分数、评语；可改判自动批改结果）',
        params: gradeParams,
        body: gradeAnswerBody,
        response: { 200: envelope(submissionDetailSchema) },
      },
    },
    async (request) => {
      const me = request.auth.user.id;
      const { submission, assignment } = await ownedSubmission(app.db, request.params.id, me);
      // The grade and the answer that reports it in one transaction, the answer checked before the commit.
      const detail = await app.db.transaction(async (tx) => {
        await gradeAnswer(tx, submission, assignment, request.params.itemId, request.body, now());
        return submissionDetailSchema.parse(await view(tx, me, request.params.id));
      });
      return ok(detail);
    },
  );

  app.post(
    routePath(ApiPaths.teachingSubmissionReturn, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '退回订正',
        params: idParams,
        body: returnSubmissionBody,
        response: { 200: envelope(submissionDetailSchema) },
      },
    },
    async (request) => {
      const me = request.auth.user.id;
      const { submission } = await ownedSubmission(app.db, request.params.id, me);
      await returnWork(app.db, submission, request.body.comment, now());
      return ok(await view(app.db, me, request.params.id));
    },
  );
};

export default gradingRoutes;
