/**
 * Assignments and reports (docs/teaching.md, Assignments and Reports): the teacher creates, edits
 * and deletes assignments of their classes and reads the reports and the Excel export; active
 * members list and open published assignments. Owner and member checks answer 404.
 */
import {
  ApiPaths,
  assignmentCreateBody,
  assignmentDetail as assignmentDetailSchema,
  assignmentList,
  assignmentReport as assignmentReportSchema,
  assignmentSummary,
  assignmentUpdateBody,
  classReport as classReportSchema,
  envelope,
  ErrorCode,
  idParam,
  submissionList as submissionListSchema,
  TeachingMessages,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teachingAssignments } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { ok } from '../../lib/http';
import { attachmentDisposition } from '../../lib/paper-export';
import { ownedAssignment, ownedClass, visibleAssignment, visibleClass } from './access';
import {
  answersVisible,
  assignmentDetail,
  assignmentSummaries,
  classAssignments,
  createAssignment,
  updateAssignment,
} from './assignments';
import { assignmentReport, classReport, classReportWorkbook, submissionList } from './reports';
import { routePath, sessionRateLimit, studentOrder, type TeachingOptions } from './routes-common';

const idParams = z.object({ id: idParam });
const tags = ['teaching'];
const security = [{ bearer: [] }];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const assignmentRoutes: FastifyPluginAsyncZod<TeachingOptions> = async (app, opts) => {
  const auth = { onRequest: app.requireAuth };
  const now = () => new Date(app.clock());

  app.get(
    routePath(ApiPaths.teachingClassAssignments, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '班级作业列表',
        params: idParams,
        response: { 200: envelope(assignmentList) },
      },
    },
    async (request) => {
      const me = request.auth.user.id;
      const { cls, role, member } = await visibleClass(app.db, request.params.id, me);
      if (role === 'student' && member !== 'active') throw notFound();
      return ok({ items: await classAssignments(app.db, cls, { id: me, role }, now()) });
    },
  );

  app.post(
    routePath(ApiPaths.teachingClassAssignments, 'id'),
    {
      ...auth,
      config: { rateLimit: sessionRateLimit('create-assignment', 120, 3600_000) },
      schema: {
        tags,
        security,
        summary: '布置作业（阅读、习题、学习资源）',
        params: idParams,
        body: assignmentCreateBody,
        response: { 200: envelope(assignmentDetailSchema) },
      },
    },
    async (request) => {
      const me = request.auth.user.id;
      const cls = await ownedClass(app.db, request.params.id, me);
      if (cls.status !== 'active') throw conflict(TeachingMessages.archived, ErrorCode.TEACHING_ARCHIVED);
      const t = now();
      // One transaction: the assignment, its items and the answer that reports them. The answer is
      // checked against its schema before the commit, so a stored question the answer cannot carry
      // fails the request without leaving a published assignment behind.
      const detail = await app.db.transaction(async (tx) => {
        const id = await createAssignment(tx, cls, request.body, t, opts.questionDetails);
        const { assignment } = await ownedAssignment(tx, id, me);
        return assignmentDetailSchema.parse(
          await assignmentDetail(tx, assignment, cls, { id: me, role: 'teacher' }, true, t),
        );
      });
      return ok(detail);
    },
  );

  app.get(
    routePath(ApiPaths.teachingAssignment, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '作业详情（学生：按规则公布答案）',
        params: idParams,
        response: { 200: envelope(assignmentDetailSchema) },
      },
    },
    async (request) => {
      const me = request.auth.user.id;
      const t = now();
      const { assignment, cls, role } = await visibleAssignment(app.db, request.params.id, me, t);
      let withAnswers = role === 'teacher';
      if (!withAnswers) {
        const [s] = await assignmentSummaries(app.db, [{ assignment, className: cls.name }], { id: me, role }, t);
        withAnswers = answersVisible(assignment, s!.myStatus ?? 'notStarted', t);
      }
      const order = withAnswers ? null : studentOrder(opts.config, assignment.id, me);
      return ok(await assignmentDetail(app.db, assignment, cls, { id: me, role }, withAnswers, t, order));
    },
  );

  app.patch(
    routePath(ApiPaths.teachingAssignment, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '修改作业的时间与规则',
        params: idParams,
        body: assignmentUpdateBody,
        response: { 200: envelope(assignmentSummary) },
      },
    },
    async (request) => {
      const me = request.auth.user.id;
      const { assignment } = await ownedAssignment(app.db, request.params.id, me);
      await updateAssignment(app.db, assignment, request.body, now());
      const after = await ownedAssignment(app.db, assignment.id, me);
      const [s] = await assignmentSummaries(
        app.db,
        [{ assignment: after.assignment, className: after.cls.name }],
        { id: me, role: 'teacher' },
        now(),
      );
      return ok(s!);
    },
  );

  app.delete(
    routePath(ApiPaths.teachingAssignment, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '删除作业（连同学生的作答）',
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { assignment } = await ownedAssignment(app.db, request.params.id, request.auth.user.id);
      await app.db.delete(teachingAssignments).where(eq(teachingAssignments.id, assignment.id));
      return ok(null);
    },
  );

  app.get(
    routePath(ApiPaths.teachingAssignmentSubmissions, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '作业提交情况',
        params: idParams,
        response: { 200: envelope(submissionListSchema) },
      },
    },
    async (request) => {
      const { assignment } = await ownedAssignment(app.db, request.params.id, request.auth.user.id);
      return ok({ items: await submissionList(app.db, assignment) });
    },
  );

  app.get(
    routePath(ApiPaths.teachingAssignmentReport, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '作业报告（按学生、按题）',
        params: idParams,
        response: { 200: envelope(assignmentReportSchema) },
      },
    },
    async (request) => {
      const { assignment, cls } = await ownedAssignment(app.db, request.params.id, request.auth.user.id);
      return ok(await assignmentReport(app.db, assignment, cls, now()));
    },
  );

  app.get(
    routePath(ApiPaths.teachingClassReport, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '班级成绩表',
        params: idParams,
        response: { 200: envelope(classReportSchema) },
      },
    },
    async (request) => {
      const cls = await ownedClass(app.db, request.params.id, request.auth.user.id);
      return ok(await classReport(app.db, cls, now()));
    },
  );

  app.get(
    routePath(ApiPaths.teachingClassReportExport, 'id'),
    {
      ...auth,
      config: { rateLimit: sessionRateLimit('export', 30, 60_000) },
      schema: { tags, security, summary: '导出班级成绩（Excel）', params: idParams },
    },
    async (request, reply) => {
      const cls = await ownedClass(app.db, request.params.id, request.auth.user.id);
      const body = await classReportWorkbook(await classReport(app.db, cls, now()));
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', attachmentDisposition(`${cls.name.replace(/[\\/:*?"<>|]+/g, ' ')}-成绩.xlsx`))
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
};

export default assignmentRoutes;
