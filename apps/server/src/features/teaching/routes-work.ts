/**
 * A student's own work on an assignment (docs/teaching.md, Answering): read, autosave, answer
 * photos (re-encoded and size-limited like every image upload, then kept as `teaching-answer`
 * files), reading pages and submission. Active members of the class only (else 404).
 *
 * Reading assignments also complete from the textbook reader: when a logged-in user's reading
 * progress is saved (`PUT textbookProgress`), the page is recorded into that user's open reading
 * assignments of the book (see `progressHook`).
 */
import multipart from '@fastify/multipart';
import {
  answerImage,
  ApiPaths,
  envelope,
  ErrorCode,
  idParam,
  LIMITS,
  Messages,
  readingPagesBody,
  saveAnswersBody,
  submissionDetail as submissionDetailSchema,
  submitBody,
  TeachingMessages,
} from '@eav/contract';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { files, teachingAssignments, teachingMembers } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { ok } from '../../lib/http';
import { visibleAssignment, type AssignmentRow, type ClassRow } from './access';
import { routePath, sessionRateLimit, type TeachingOptions } from './routes-common';
import { ANSWER_IMAGE_PURPOSE, recordPages, saveAnswers, submissionDetail, submitWork } from './work';

const idParams = z.object({ id: idParam });
// The same answers as the accounts feature's uploads give for a broken or too large file.
const fileStreamError = () => new AppError(422, ErrorCode.FILE_STREAM, Messages.fileStream);
const fileTooLarge = () =>
  new AppError(413, ErrorCode.FILE_TOO_LARGE, `图片不能超过 ${Math.round(LIMITS.uploadImageBytes / 1024 / 1024)} MB`);
const tags = ['teaching'];
const security = [{ bearer: [] }];

const workRoutes: FastifyPluginAsyncZod<TeachingOptions> = async (app, opts) => {
  const auth = { onRequest: app.requireAuth };
  const now = () => new Date(app.clock());

  /** The assignment of an active member (the teacher's own view is `teachingSubmission`). */
  const mine = async (request: FastifyRequest, id: number) => {
    const r = await visibleAssignment(app.db, id, request.auth.user.id, now());
    if (r.role !== 'student') throw notFound(Messages.notFoundRequest);
    return r;
  };
  const writable = async (request: FastifyRequest, id: number) => {
    const r = await mine(request, id);
    if (r.cls.status !== 'active') throw conflict(TeachingMessages.archived, ErrorCode.TEACHING_ARCHIVED);
    return r;
  };
  const secret = opts.config.urlSigningSecret;
  /** The caller's work, for an assignment already checked by `mine` or `writable`. */
  const detail = (request: FastifyRequest, r: { assignment: AssignmentRow; cls: ClassRow }, db: Db | Tx = app.db) =>
    submissionDetail(db, r.assignment, r.cls, request.auth.user.id, 'student', now(), secret);

  app.get(
    routePath(ApiPaths.teachingWork, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '我的作答',
        params: idParams,
        response: { 200: envelope(submissionDetailSchema) },
      },
    },
    async (request) => ok(await detail(request, await mine(request, request.params.id))),
  );

  app.put(
    routePath(ApiPaths.teachingWorkAnswers, 'id'),
    {
      ...auth,
      config: { rateLimit: sessionRateLimit('autosave', 240, 60_000) },
      schema: {
        tags,
        security,
        summary: '保存作答（自动保存）',
        params: idParams,
        body: saveAnswersBody,
        response: { 200: envelope(submissionDetailSchema) },
      },
    },
    async (request) => {
      const r = await writable(request, request.params.id);
      await saveAnswers(app.db, r.assignment, request.auth.user.id, request.body, now(), secret);
      return ok(await detail(request, r));
    },
  );

  app.post(
    routePath(ApiPaths.teachingWorkReading, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '记录已阅读的页',
        params: idParams,
        body: readingPagesBody,
        response: { 200: envelope(submissionDetailSchema) },
      },
    },
    async (request) => {
      const r = await writable(request, request.params.id);
      if (r.assignment.kind !== 'reading') throw badRequest('这不是阅读任务');
      await recordPages(app.db, r.assignment, request.auth.user.id, request.body.pages, now());
      return ok(await detail(request, r));
    },
  );

  app.post(
    routePath(ApiPaths.teachingWorkSubmit, 'id'),
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: '提交作业（重复提交不改变结果）',
        params: idParams,
        body: submitBody,
        response: { 200: envelope(submissionDetailSchema) },
      },
    },
    async (request) => {
      const r = await writable(request, request.params.id);
      // Grading, the 错题本 entries and the answer that reports them in one transaction, the answer
      // checked before the commit: a failure leaves the work as it was, never graded behind a 500.
      const work = await app.db.transaction(async (tx) => {
        await submitWork(tx, r.assignment, request.auth.user.id, now());
        return submissionDetailSchema.parse(await detail(request, r, tx));
      });
      return ok(work);
    },
  );

  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadImageBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  app.post(
    routePath(ApiPaths.teachingWorkImages, 'id'),
    {
      onRequest: [
        app.requireAuth,
        // Before the body is read: membership, then the upload quota.
        async (request: FastifyRequest) => {
          // The schema validates params only after onRequest: check them here (a 400, not a thrown ZodError).
          const params = idParams.safeParse(request.params);
          if (!params.success) throw badRequest('作业编号无效');
          await writable(request, params.data.id);
          await opts.images.assertQuota(app.db, request.auth.user.id, app.clock());
        },
      ],
      config: { rateLimit: sessionRateLimit('image', LIMITS.teaching.imagesPerHour, 3600_000) },
      schema: {
        tags,
        security,
        summary: '上传作答图片（multipart 字段 file；重新编码，大小受限）',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: envelope(answerImage) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw fileStreamError();
      let data: Buffer;
      try {
        const part = await request.file();
        if (!part) throw badRequest('请选择要上传的图片');
        data = await part.toBuffer();
        if (part.file.truncated) throw fileTooLarge();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        if ((err as Error).name === 'AppError') throw err;
        throw fileStreamError();
      }
      const stored = await opts.images.store(app.db, request.auth.user.id, data, app.clock());
      // An answer photo is kept with the work (the sweep removes only unused `image` uploads).
      await app.db.update(files).set({ purpose: ANSWER_IMAGE_PURPOSE }).where(eq(files.id, stored.fileId));
      return ok({ url: stored.url });
    },
  );
};

/**
 * Records a saved reading-progress page into the user's open reading assignments of that book
 * (published, in an active class the user is an active member of, the page within the range).
 */
export async function recordProgressPage(db: Db, userId: number, textbookId: number, page: number, t: Date) {
  const rows = await db
    .select({ a: teachingAssignments })
    .from(teachingAssignments)
    .innerJoin(
      teachingMembers,
      and(eq(teachingMembers.classId, teachingAssignments.classId), eq(teachingMembers.userId, userId)),
    )
    .where(
      and(
        eq(teachingAssignments.kind, 'reading'),
        eq(teachingAssignments.textbookId, textbookId),
        eq(teachingMembers.status, 'active'),
        lte(teachingAssignments.publishAt, t),
        lte(teachingAssignments.pageFrom, page),
      ),
    );
  for (const { a } of rows) await recordPages(db, a, userId, [page], t);
}

export default workRoutes;
