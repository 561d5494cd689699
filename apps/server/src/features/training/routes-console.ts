/**
 * The console's 研修课程 reads and publication (docs/training.md, Console), roles
 * `CONSOLE_ACCESS.content`: the course table (filters `q`, `status`; server paging) and its export,
 * one course's saved definition, 发布/下架 (audited), and a certificate looked up by code.
 */
import {
  adminTrainingCertificate,
  adminTrainingCourseDetail,
  adminTrainingCourseRow,
  adminTrainingCoursesQuery,
  adminTrainingPublishBody,
  ApiPaths,
  CONSOLE_ACCESS,
  CONSOLE_EXPORT_MAX_ROWS,
  envelope,
  exportQuery,
  idParam,
  paged,
  TrainingMessages,
  type AdminTrainingCourseRow,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { sendTable, type ExportColumn } from '../../lib/table-export';
import { adminCertificate, countAdminCourses, courseDefinition, listAdminCourses, setCoursePublished } from './console';
import { routePath, type TrainingOptions } from './options';

const tags = ['training-admin'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });

const courseColumns: ExportColumn<AdminTrainingCourseRow>[] = [
  { header: '编号', value: (r) => r.id, width: 8 },
  { header: '课程编码', value: (r) => r.code, width: 20 },
  { header: '课程名称', value: (r) => r.title, width: 36 },
  { header: '学段', value: (r) => r.stage, width: 8 },
  { header: '学科', value: (r) => r.subject, width: 8 },
  { header: '主讲人', value: (r) => r.lecturer, width: 20 },
  { header: '学时', value: (r) => r.creditHours, width: 8 },
  { header: '模块数', value: (r) => r.moduleCount, width: 8 },
  { header: '课时数', value: (r) => r.lessonCount, width: 8 },
  { header: '测验题数', value: (r) => r.quizCount, width: 10 },
  { header: '报名人数', value: (r) => r.enrolledCount, width: 10 },
  { header: '结业人数', value: (r) => r.passedCount, width: 10 },
  { header: '状态', value: (r) => (r.published ? '已发布' : '未发布'), width: 8 },
  { header: '更新时间', value: (r) => r.updatedAt, width: 26 },
];

const consoleRoutes: FastifyPluginAsyncZod<TrainingOptions> = async (app, opts) => {
  const config = { roles: CONSOLE_ACCESS.content };

  app.get(
    ApiPaths.adminTrainingCourses,
    {
      config,
      schema: {
        tags,
        security,
        summary: '研修课程列表（含未发布，报名与结业人数）',
        querystring: adminTrainingCoursesQuery,
        response: { 200: envelope(paged(adminTrainingCourseRow)) },
      },
    },
    async (request) => {
      const q = request.query;
      const [total, items] = await Promise.all([
        countAdminCourses(app.db, q),
        listAdminCourses(app.db, q, q.pageSize, (q.page - 1) * q.pageSize),
      ]);
      return ok(page(items, total, q.page, q.pageSize));
    },
  );

  app.get(
    ApiPaths.adminTrainingCoursesExport,
    {
      config,
      schema: {
        tags,
        security,
        summary: '导出研修课程列表',
        querystring: adminTrainingCoursesQuery.extend(exportQuery.shape),
      },
    },
    async (request, reply) =>
      sendTable(
        reply,
        request.query.format,
        '研修课程',
        courseColumns,
        await listAdminCourses(app.db, request.query, CONSOLE_EXPORT_MAX_ROWS, 0),
      ),
  );

  app.get(
    routePath(ApiPaths.adminTrainingCourse, 'id'),
    {
      config,
      schema: {
        tags,
        security,
        summary: '研修课程的定义（编辑用）',
        params: idParams,
        response: { 200: envelope(adminTrainingCourseDetail) },
      },
    },
    async (request) => {
      const detail = await courseDefinition(app.db, request.params.id);
      if (!detail) throw notFound(TrainingMessages.courseNotFound);
      return ok(detail);
    },
  );

  app.put(
    routePath(ApiPaths.adminTrainingCoursePublished, 'id'),
    {
      config,
      schema: {
        tags,
        security,
        summary: '发布或下架研修课程',
        params: idParams,
        body: adminTrainingPublishBody,
        response: { 200: envelope(adminTrainingCourseRow) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { published } = request.body;
      await app.db.transaction(async (tx) => {
        const r = await setCoursePublished(tx, id, published, new Date(app.clock()));
        await opts.audit?.(tx, request, {
          event: 'training_course_publish',
          target: `training_course:${id}`,
          before: { code: r.code, published: r.before },
          after: { code: r.code, published },
        });
      });
      const [row] = await listAdminCourses(app.db, {}, 1, 0, id);
      if (!row) throw notFound(TrainingMessages.courseNotFound);
      return ok(row);
    },
  );

  app.get(
    routePath(ApiPaths.adminTrainingCertificate, 'code'),
    {
      config,
      schema: {
        tags,
        security,
        summary: '按编号查询结业证书（含持证人姓名）',
        params: z.object({ code: z.string().trim().min(1, TrainingMessages.codeRequired).max(40, '证书编号不正确') }),
        response: { 200: envelope(adminTrainingCertificate) },
      },
    },
    async (request) => ok(await adminCertificate(app.db, request.params.code)),
  );
};

export default consoleRoutes;
