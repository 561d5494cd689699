/**
 * Image uploads and the avatar (docs/accounts.md, Calls and Rules): `POST uploadFile` (multipart
 * field `file`) stores a re-encoded image within the daily quota, `POST users/{id}/avatars` makes
 * the avatar of an own upload, and `/uploads/...` serves the stored files (outside /api, not
 * signed). Uploads that never became an avatar are swept after a day: once every SWEEP_EVERY_MS of
 * the app clock across all instances, as a periodic task of the job queue (lib/job-queue.ts).
 */
import multipart from '@fastify/multipart';
import { ApiPaths, avatarData, envelope, LIMITS, setAvatarBody, uploadFileData } from '@eav/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { files, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { ResourceStorage } from '../../lib/storage';
import { ok } from '../../lib/http';
import { closeIfBodyPending } from '../../plugins/sign';
import {
  assertUploadQuota,
  deleteFiles,
  fileStreamError,
  fileTooLarge,
  makeAvatar,
  storeImage,
  sweepUnusedUploads,
  uploadKey,
} from './files';
import { assertOwner } from './service';
import { userIdParams } from './routes-common';

/** How often unused uploads are swept (ms). */
export const SWEEP_EVERY_MS = 3600 * 1000;

/** Types of the stored uploads by extension (files.ts stores only these). */
const UPLOAD_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export interface UploadRoutesOptions {
  storage: ResourceStorage;
}

const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, opts) => {
  // ---- sweep of unused uploads ----
  // A failure is logged by the queue; the next period tries again (a sweep is idempotent).
  app.jobQueue.every('uploads.sweep', SWEEP_EVERY_MS, async () => {
    const n = await sweepUnusedUploads(app.db, opts.storage, app.clock());
    if (n > 0) app.log.info({ removed: n }, 'unused uploads removed');
  });

  // ---- uploads ----
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadImageBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  /**
   * Before the body is read: a user whose quota is used up sends no image for nothing (the answer
   * closes the connection rather than reading the image to the end).
   */
  const quotaLeft = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await assertUploadQuota(app.db, request.auth.user.id, app.clock());
    } catch (err) {
      closeIfBodyPending(request, reply);
      throw err;
    }
  };
  for (const url of [ApiPaths.uploadFile, ApiPaths.uploadFileV2]) {
    app.post(
      url,
      {
        onRequest: [app.requireAuth, quotaLeft],
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['accounts'],
          summary: '上传图片（multipart 字段 file；按内容识别并重新编码；每人每 24 小时有上传配额）',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: { 200: envelope(uploadFileData) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw fileStreamError();
        let data: Buffer;
        try {
          const part = await request.file();
          if (!part) throw badRequest('请选择要上传的文件');
          data = await part.toBuffer();
          if (part.file.truncated) throw fileTooLarge();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
          if ((err as { statusCode?: number }).statusCode && (err as Error).name === 'AppError') throw err;
          throw fileStreamError();
        }
        return ok(await storeImage(app.db, opts.storage, request.auth.user.id, data, app.clock()));
      },
    );
  }

  app.post(
    ApiPaths.userAvatar(':userId'),
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['accounts'],
        summary: '设置头像（先上传图片，再以 fileId 设置）',
        security: [{ bearer: [] }],
        params: userIdParams,
        body: setAvatarBody,
        response: { 200: envelope(avatarData) },
      },
    },
    async (request) => {
      assertOwner(request, request.params.userId);
      const me = request.auth.user.id;
      const [file] = await app.db
        .select()
        .from(files)
        .where(and(eq(files.id, request.body.fileId), eq(files.ownerId, me)))
        .limit(1);
      if (!file) throw notFound('文件不存在，请重新上传');
      const avatar = await makeAvatar(app.db, opts.storage, me, file.storageKey, app.clock());
      const old = await app.db
        .select({ id: files.id, storageKey: files.storageKey })
        .from(files)
        .where(and(eq(files.ownerId, me), eq(files.purpose, 'avatar'), ne(files.id, avatar.fileId)));
      await app.db
        .update(users)
        .set({ avatarUrl: avatar.url, updatedAt: new Date(app.clock()) })
        .where(eq(users.id, me));
      await deleteFiles(app.db, opts.storage, old);
      return ok({ avatar: avatar.url });
    },
  );

  // ---- stored uploads, outside /api (not signed) ----
  // Uploads, avatars and banner pictures (files.ts, routes/banner.ts); any other name is a 404.
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const type = UPLOAD_TYPES[/\.([a-z]{3,4})$/.exec(rest)?.[1] ?? ''];
    if (!type) return reply.status(404).type('text/plain; charset=utf-8').send('文件不存在');
    // An image opened directly is a document that may run nothing. With the object store this covers
    // the redirect only: the bytes there are images re-encoded by files.ts, answered with their type.
    reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return opts.storage.serve(request, reply, uploadKey(rest), {
      contentType: type,
      // Names are random and never reused, so the bytes behind a URL never change.
      cacheControl: 'public, max-age=31536000, immutable',
      disposition: 'inline',
      fileName: rest.slice(rest.lastIndexOf('/') + 1),
    });
  });
};

export default uploadRoutes;
