/**
 * The console's catalogue import jobs (docs/console-content.md, Catalogue import): upload a JSON
 * Lines file, follow its progress as server-sent events, read its report. Roles of
 * CONSOLE_ACCESS.content; the role gate answers everyone else before the body is read.
 */
import multipart from '@fastify/multipart';
import { CONSOLE_ACCESS, ApiPaths, envelope, ErrorCode, importJob, type ImportJob } from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { ok } from '../../lib/http';
import { noAudit } from '../../lib/operator-audit';
import { ImportJobs } from './import-jobs';
import { importTextbooks } from './importer';
import { routePath, type TextbooksOptions } from './routes-common';

/** Largest catalogue file an operator may upload (bytes). */
export const IMPORT_FILE_LIMIT = 64 * 1024 * 1024;
const CONTENT = { roles: CONSOLE_ACCESS.content } as const;
const JOB_NOT_FOUND = '导入任务不存在或已过期';
const jobParams = z.object({ id: z.string().uuid('导入任务编号无效') });

const importRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { config, audit = noAudit }) => {
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

};

export default importRoutes;
