/**
 * The three routes of a family of console import jobs (docs/console-content.md): start one from an
 * uploaded JSON Lines file (multipart `file`), read its state, follow it as server-sent events. Used
 * by the catalogue (`/api/v1/admin/catalogue/imports`) and the question bank
 * (`/api/v1/admin/question-bank/imports?kind=…`). The upload is queued through `app.importJobs` and
 * run by the job queue on any instance; every instance answers for a job any instance runs. Roles of
 * CONSOLE_ACCESS.content; the role gate answers everyone else before the body is read. Every ended
 * job is audited, by the instance that ran it, with the operator and address of the upload.
 */
import multipart from '@fastify/multipart';
import {
  CONSOLE_ACCESS,
  envelope,
  ErrorCode,
  importJob,
  type ImportJob,
  type ImportJobKind,
  type ImportReport,
} from '@eav/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from './errors';
import { ok } from './http';
import { HEARTBEAT_MS, isNewer, type ImportOrigin, type ProgressFn } from './import-jobs';
import type { OperatorAudit, OperatorAuditEntry } from './operator-audit';

/** Largest import file an operator may upload (bytes). */
export const IMPORT_FILE_LIMIT = 64 * 1024 * 1024;
const CONTENT = { roles: CONSOLE_ACCESS.content } as const;
const JOB_NOT_FOUND = '导入任务不存在或已过期';
const ONE_AT_A_TIME = '已有一个导入正在进行，请等待它完成后再上传';
const jobParams = z.object({ id: z.string().uuid('导入任务编号无效') });

export interface ImportJobRoutesOptions {
  /** `POST`: start a job. */
  startPath: string;
  /** `GET`: a job's state, from a path builder of the contract. */
  jobPath: (id: string) => string;
  /** `GET`: a job's events. */
  eventsPath: (id: string) => string;
  /** OpenAPI tag and the start route's summary. */
  tag: string;
  startSummary: string;
  /** Querystring of the start route (validated before the body is read), if any. */
  querystring?: z.ZodType;
  /** The kind of an upload (from its validated querystring). */
  kindOf: (request: FastifyRequest) => ImportJobKind;
  /** Kinds these routes answer for (a job of another family is not found here). */
  kinds: readonly ImportJobKind[];
  /** The message of an empty file. */
  emptyMessage: string;
  /** Runs the import of `text`; reports progress through `onProgress`. */
  run: (kind: ImportJobKind, text: string, onProgress: ProgressFn) => Promise<ImportReport>;
  audit: OperatorAudit;
  auditEvent: OperatorAuditEntry['event'];
}

/** A route pattern from a contract path builder that percent-encodes its argument. */
const pattern = (build: (id: string) => string) => build(':id').replace(`${encodeURIComponent(':')}id`, ':id');

/** Reads the single multipart file part (`file`), bounded by IMPORT_FILE_LIMIT. */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; fileName: string | null }> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件（字段 file）');
  const tooLarge = () => new AppError(413, ErrorCode.FILE_TOO_LARGE, '导入文件不能超过 64 MB');
  try {
    const part = await request.file({ limits: { fileSize: IMPORT_FILE_LIMIT, files: 1 } });
    if (!part) throw badRequest('请选择要上传的文件');
    const data = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return { data, fileName: part.filename ? part.filename.slice(0, 200) : null };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError(422, ErrorCode.FILE_STREAM, '文件上传中断，请重新上传');
  }
}

/**
 * What the audit reads of a request (lib/operator-audit.ts: the operator, the address and user agent,
 * the app's clock), for a job that ends on an instance that never saw its upload.
 */
function uploadRequest(app: FastifyInstance, ownerId: number, origin: ImportOrigin): FastifyRequest {
  const stand = {
    ip: origin.ip,
    headers: origin.userAgent ? { 'user-agent': origin.userAgent } : {},
    auth: { user: { id: ownerId } },
    server: app,
  };
  return stand as unknown as FastifyRequest;
}

/** Registers the start, state and events routes of one family of import jobs on `app`. */
export async function registerImportJobRoutes(app: FastifyInstance, opts: ImportJobRoutesOptions): Promise<void> {
  const jobs = app.importJobs;
  jobs.handle(opts.kinds, {
    run: (kind, text, onProgress) => opts.run(kind, text, onProgress),
    onEnd: async (done, ownerId, origin) => {
      if (done.status === 'failed') app.log.error({ job: done.id, kind: done.kind }, 'import job failed');
      await opts.audit(app.db, uploadRequest(app, ownerId, origin), {
        event: opts.auditEvent,
        target: `import:${done.id}`,
        result: done.status === 'done' ? 'success' : 'failure',
        detail: {
          kind: done.kind,
          file: done.fileName,
          attempts: done.attempt,
          lines: done.report?.lines ?? null,
          created: done.report?.created ?? null,
          updated: done.report?.updated ?? null,
          skipped: done.report?.skipped.length ?? null,
        },
      });
    },
  });
  const find = async (request: FastifyRequest, id: string): Promise<ImportJob> => {
    const job = await jobs.get(id, request.auth.user.id);
    if (!job || !opts.kinds.includes(job.kind)) throw notFound(JOB_NOT_FOUND);
    return job;
  };

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    if (!scope.hasContentTypeParser('multipart/form-data'))
      await scope.register(multipart, { limits: { fileSize: IMPORT_FILE_LIMIT, files: 1, fields: 5, parts: 6 } });
    scope.post(
      opts.startPath,
      {
        bodyLimit: IMPORT_FILE_LIMIT + 64 * 1024,
        // Before the body is read: one running import per operator (checked again when it starts).
        onRequest: async (request) => {
          if (await jobs.running(request.auth.user.id)) throw conflict(ONE_AT_A_TIME);
        },
        config: { ...CONTENT, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: [opts.tag],
          summary: opts.startSummary,
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          ...(opts.querystring ? { querystring: opts.querystring } : {}),
          response: { 200: envelope(importJob) },
        },
      },
      async (request) => {
        const kind = opts.kindOf(request);
        const { data, fileName } = await readUpload(request);
        if (!data.toString('utf8').trim()) throw badRequest(opts.emptyMessage);
        const ua = request.headers['user-agent'];
        const job = await jobs.start({
          ownerId: request.auth.user.id,
          kind,
          fileName,
          data,
          origin: { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null },
        });
        if (!job) throw conflict(ONE_AT_A_TIME);
        return ok(job);
      },
    );
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    pattern(opts.jobPath),
    {
      config: CONTENT,
      schema: {
        tags: [opts.tag],
        summary: '导入任务的状态和报告',
        security: [{ bearer: [] }],
        params: jobParams,
        response: { 200: envelope(importJob) },
      },
    },
    async (request) => ok(await find(request, request.params.id)),
  );

  typed.get(
    pattern(opts.eventsPath),
    {
      config: CONTENT,
      schema: {
        tags: [opts.tag],
        summary: '导入进度（text/event-stream：progress 事件，最后一个 done 或 failed 事件）',
        security: [{ bearer: [] }],
        params: jobParams,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const ownerId = request.auth.user.id;
      await find(request, id);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      let last: ImportJob | undefined;
      let ended = false;
      // Set once the first state is sent (a stream may end before it exists).
      const timer: { check?: NodeJS.Timeout } = {};
      let off = () => {};
      const stop = () => {
        ended = true;
        clearInterval(timer.check);
        off();
      };
      const send = (j: ImportJob) => {
        if (ended || !isNewer(last, j)) return;
        last = j;
        const event = j.status === 'running' ? 'progress' : j.status;
        res.write(`event: ${event}\ndata: ${JSON.stringify(j)}\n\n`);
        if (j.status !== 'running') {
          stop();
          res.end();
        }
      };
      // Listen first, then read: no change falls between the two (an older late message is dropped).
      off = jobs.subscribe(id, send);
      request.raw.on('close', stop);
      const now = await jobs.get(id, ownerId).catch(() => undefined);
      if (!now) {
        stop();
        return void res.end();
      }
      send(now);
      if (ended) return;
      // Now and then: a comment line keeps proxies from closing a quiet stream, and the stored state
      // is read again, so a missed last message ends it and a job whose instance died shows its retry.
      timer.check = setInterval(() => {
        res.write(': ping\n\n');
        void jobs
          .get(id, ownerId)
          .then((j) => j && (j.status !== 'running' || j.attempt !== last?.attempt) && send(j))
          .catch(() => undefined);
      }, HEARTBEAT_MS);
    },
  );
}
