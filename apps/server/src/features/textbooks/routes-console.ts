/**
 * The operator console's catalogue section (docs/console-content.md, Catalogue): import jobs of a
 * JSON Lines file with their progress as server-sent events, the textbook list with filters, sort
 * and paging, the edit of a book's fields and the cover upload (re-encoded to WebP by sharp).
 * Roles `admin` and `operator`; the role gate answers everyone else before the body is read.
 * Every write is recorded through the operator audit passed in by app.ts.
 */
import multipart from '@fastify/multipart';
import {
  CONSOLE_ACCESS,
  adminTextbookListQuery,
  adminTextbookRow,
  adminTextbookUpdateBody,
  ApiPaths,
  consoleImage,
  envelope,
  ErrorCode,
  idParam,
  importJob,
  type ImportJob,
  paged,
  TextbookMessages,
} from '@eav/contract';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictionary, textbooks } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { noAudit } from '../../lib/operator-audit';
import { coverUrlOf } from './catalogue';
import { removeConsoleCover, storeConsoleCover } from './console-covers';
import { ImportJobs } from './import-jobs';
import { importTextbooks } from './importer';
import { routePath, type TextbooksOptions } from './routes-common';

/** Largest catalogue file an operator may upload (bytes). */
export const IMPORT_FILE_LIMIT = 64 * 1024 * 1024;
/** Largest cover image (bytes). */
export const COVER_FILE_LIMIT = 10 * 1024 * 1024;
const CONTENT = { roles: CONSOLE_ACCESS.content } as const;
const JOB_NOT_FOUND = '导入任务不存在或已过期';
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const jobParams = z.object({ id: z.string().uuid('导入任务编号无效') });
const bookParams = z.object({ id: idParam });

const consoleRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { config, audit = noAudit }) => {
  const jobs = new ImportJobs(app.clock);
  // A closing app lets running imports finish (bounded), so none is cut off inside its transaction.
  app.addHook('onClose', async () => {
    const until = Date.now() + 30_000;
    while (jobs.busy && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  });

  /** Before the body is read: one running import per operator. */
  const oneJobAtATime = async (request: FastifyRequest) => {
    if (jobs.running(request.auth.user.id)) throw conflict('已有一个导入正在进行，请等待它完成后再上传');
  };

  /** Reads the single multipart file part (`file`), bounded by `limit` bytes. */
  const readFile = async (request: FastifyRequest, limit: number, tooLarge: string) => {
    if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件（字段 file）');
    try {
      const part = await request.file({ limits: { fileSize: limit, files: 1 } });
      if (!part) throw badRequest('请选择要上传的文件');
      const data = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, ErrorCode.FILE_TOO_LARGE, tooLarge);
      return { data, fileName: part.filename ? part.filename.slice(0, 200) : null };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, ErrorCode.FILE_TOO_LARGE, tooLarge);
      throw new AppError(422, ErrorCode.FILE_STREAM, '文件上传中断，请重新上传');
    }
  };

  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data'))
      await scope.register(multipart, { limits: { fileSize: IMPORT_FILE_LIMIT, files: 1, fields: 5, parts: 6 } });

    scope.post(
      ApiPaths.adminCatalogueImports,
      {
        bodyLimit: IMPORT_FILE_LIMIT + 64 * 1024,
        onRequest: oneJobAtATime,
        config: { ...CONTENT, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['console'],
          summary: '上传教材目录（JSON Lines，multipart 字段 file）并开始导入；每位运营人员同时只能有一个导入',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: { 200: envelope(importJob) },
        },
      },
      async (request) => {
        const { data, fileName } = await readFile(request, IMPORT_FILE_LIMIT, '导入文件不能超过 64 MB');
        const text = data.toString('utf8');
        if (!text.trim()) throw badRequest('文件是空的，请上传 JSON Lines 格式的教材目录');
        const job = jobs.start(
          request.auth.user.id,
          fileName,
          (onProgress) => importTextbooks(app.db, text, { dataDir: config.dataDir, onProgress }),
          async (done: ImportJob) => {
            if (done.status === 'failed') request.log.error({ job: done.id }, 'catalogue import failed');
            await audit(app.db, request, {
              event: 'catalogue_import',
              target: `import:${done.id}`,
              result: done.status === 'done' ? 'success' : 'failure',
              detail: {
                file: fileName,
                lines: done.report?.lines ?? null,
                created: done.report?.created ?? null,
                updated: done.report?.updated ?? null,
                skipped: done.report?.skipped.length ?? null,
              },
            });
          },
        );
        if (!job) throw conflict('已有一个导入正在进行，请等待它完成后再上传');
        return ok(job);
      },
    );
  });

  app.get(
    routePath(ApiPaths.adminCatalogueImport, 'id'),
    {
      config: CONTENT,
      schema: {
        tags: ['console'],
        summary: '导入任务的状态和报告',
        security: [{ bearer: [] }],
        params: jobParams,
        response: { 200: envelope(importJob) },
      },
    },
    async (request) => {
      const job = jobs.get(request.params.id, request.auth.user.id);
      if (!job) throw notFound(JOB_NOT_FOUND);
      return ok(job);
    },
  );

  app.get(
    routePath(ApiPaths.adminCatalogueImportEvents, 'id'),
    {
      config: CONTENT,
      schema: {
        tags: ['console'],
        summary: '导入进度（text/event-stream：progress 事件，最后一个 done 或 failed 事件）',
        security: [{ bearer: [] }],
        params: jobParams,
      },
    },
    async (request, reply) => {
      const job = jobs.get(request.params.id, request.auth.user.id);
      if (!job) throw notFound(JOB_NOT_FOUND);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      const send = (j: ImportJob) => {
        const event = j.status === 'running' ? 'progress' : j.status;
        res.write(`event: ${event}\ndata: ${JSON.stringify(j)}\n\n`);
      };
      send(job);
      if (job.status !== 'running') return void res.end();
      // A comment line now and then keeps proxies from closing a quiet stream.
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      const stop = () => {
        clearInterval(ping);
        off();
      };
      const off = jobs.subscribe(job.id, (j) => {
        send(j);
        if (j.status !== 'running') {
          stop();
          res.end();
        }
      });
      request.raw.on('close', stop);
    },
  );

  app.get(
    ApiPaths.adminCatalogueTextbooks,
    {
      config: CONTENT,
      schema: {
        tags: ['console'],
        summary: '教材列表（搜索、学段/学科/阅读权限筛选、排序、分页）',
        security: [{ bearer: [] }],
        querystring: adminTextbookListQuery,
        response: { 200: envelope(paged(adminTextbookRow)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, q, stageId, subjectId, access, sort, order } = request.query;
      const filters: (SQL | undefined)[] = [
        stageId ? eq(textbooks.stageId, stageId) : undefined,
        subjectId ? eq(textbooks.subjectId, subjectId) : undefined,
        access ? eq(textbooks.access, access) : undefined,
      ];
      if (q) {
        const like = `%${escapeLike(q)}%`;
        filters.push(or(ilike(textbooks.title, like), ilike(textbooks.externalId, like)));
      }
      const where = and(...filters);
      const column = { id: textbooks.id, title: textbooks.title, updatedAt: textbooks.updatedAt }[sort];
      const direction = order === 'desc' ? desc : asc;
      const [rows, [count]] = await Promise.all([
        app.db
          .select()
          .from(textbooks)
          .where(where)
          .orderBy(direction(column), direction(textbooks.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(textbooks)
          .where(where),
      ]);
      const dictIds = [
        ...new Set(rows.flatMap((r) => [r.stageId, r.subjectId, r.editionId, r.gradeId, r.volumeId, r.publisherId])),
      ].filter((id): id is number => id !== null);
      const names = new Map(
        dictIds.length
          ? (
              await app.db
                .select({ id: dictionary.id, name: dictionary.name })
                .from(dictionary)
                .where(inArray(dictionary.id, dictIds))
            ).map((d) => [d.id, d.name])
          : [],
      );
      const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
      const items = rows.map((r) => ({
        id: r.id,
        externalId: r.externalId,
        title: r.title,
        stage: name(r.stageId) ?? '',
        subject: name(r.subjectId) ?? '',
        edition: name(r.editionId) ?? '',
        grade: name(r.gradeId),
        volume: name(r.volumeId),
        publisher: name(r.publisherId),
        access: r.access as 'public' | 'login' | 'activation',
        description: r.description,
        coverUrl: coverUrlOf(r),
        updatedAt: r.updatedAt.toISOString(),
      }));
      return ok(page(items, Number(count?.n ?? 0), pageNo, pageSize));
    },
  );

  app.put(
    ApiPaths.adminCatalogueTextbook(':id'),
    {
      config: CONTENT,
      schema: {
        tags: ['console'],
        summary: '修改教材的标题、阅读权限或简介',
        security: [{ bearer: [] }],
        params: bookParams,
        body: adminTextbookUpdateBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      await app.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ title: textbooks.title, access: textbooks.access, description: textbooks.description })
          .from(textbooks)
          .where(eq(textbooks.id, id))
          .for('update');
        if (!current) throw notFound(TextbookMessages.notFound);
        const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
        await tx
          .update(textbooks)
          .set({ ...changes, updatedAt: new Date(app.clock()) })
          .where(eq(textbooks.id, id));
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as keyof typeof current]]));
        await audit(tx, request, { event: 'textbook_update', target: `textbook:${id}`, before, after: changes });
      });
      return ok({ id });
    },
  );

  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data'))
      await scope.register(multipart, { limits: { fileSize: COVER_FILE_LIMIT, files: 1, fields: 5, parts: 6 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      ApiPaths.adminCatalogueTextbookCover(':id'),
      {
        bodyLimit: COVER_FILE_LIMIT + 64 * 1024,
        config: { ...CONTENT, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['console'],
          summary: '上传教材封面（multipart 字段 file；按内容识别，重新编码为 WebP）',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          params: bookParams,
          response: { 200: envelope(consoleImage) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const [book] = await app.db
          .select({ id: textbooks.id, coverKey: textbooks.coverKey, coverUrl: textbooks.coverUrl })
          .from(textbooks)
          .where(eq(textbooks.id, id));
        if (!book) throw notFound(TextbookMessages.notFound);
        const { data } = await readFile(request, COVER_FILE_LIMIT, '封面图片不能超过 10 MB');
        const stored = await storeConsoleCover(config.dataDir, id, data);
        try {
          const now = new Date(app.clock());
          await app.db.transaction(async (tx) => {
            await tx
              .update(textbooks)
              .set({ coverKey: stored.key, coverUrl: null, updatedAt: now })
              .where(eq(textbooks.id, id));
            await audit(tx, request, {
              event: 'textbook_cover',
              target: `textbook:${id}`,
              before: { coverKey: book.coverKey, coverUrl: book.coverUrl },
              after: { coverKey: stored.key, coverUrl: null },
            });
          });
          await removeConsoleCover(config.dataDir, book.coverKey);
          return ok({
            url: coverUrlOf({ id, coverUrl: null, coverKey: stored.key, updatedAt: now }),
            width: stored.width,
            height: stored.height,
          });
        } catch (err) {
          await removeConsoleCover(config.dataDir, stored.key);
          throw err;
        }
      },
    );
  });
};

export default consoleRoutes;
