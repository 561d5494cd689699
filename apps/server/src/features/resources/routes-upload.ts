/**
 * Teacher uploads (docs/resources.md, Uploads): `POST /api/v1/downloadResource/upload`, multipart
 * with the text fields first and the field `file` last, role `teacher` (checked by the role gate
 * before the body is read). The file is streamed to a temporary file on the store's volume, sniffed
 * by content, checked for size, then kept; the resource starts `pending` until an operator reviews
 * it. Each teacher may upload LIMITS.uploadResourceDaily files in any 24 hours.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import { ApiPaths, envelope, ErrorCode, LIMITS, Messages, myResourceUpload, resourceUploadFields } from '@eav/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resources, textbookChapters, textbooks } from '../../db/schema';
import { AppError, badRequest, tooMany } from '../../lib/errors';
import { ok } from '../../lib/http';
import type { ResourcesContext } from './routes-common';
import { uploadQuery } from './routes-mine';
import { newResourceKey } from './keys';
import { checkUpload, tooLarge } from './upload';

const DAY_MS = 24 * 3600 * 1000;
/** Roles that may upload: teachers, and operators (who publish the portal's own materials). */
export const UPLOAD_ROLES = ['teacher', 'admin'] as const;

const fileStreamError = () => new AppError(422, ErrorCode.FILE_STREAM, Messages.fileStream);

const uploadRoutes: FastifyPluginAsyncZod<ResourcesContext> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.uploadResourceBytes.media,
      files: 1,
      fields: 10,
      parts: 12,
      fieldSize: 2048,
    },
  });

  /** Before the body is read: a teacher whose daily uploads are used up sends no file for nothing. */
  const quotaLeft = async (request: FastifyRequest) => {
    const since = new Date(app.clock() - DAY_MS);
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(resources)
      .where(and(eq(resources.uploaderId, request.auth.user.id), gt(resources.createdAt, since)));
    if (Number(row?.n ?? 0) >= LIMITS.uploadResourceDaily)
      throw tooMany(`每天最多上传 ${LIMITS.uploadResourceDaily} 个资源，请明天再试`);
  };

  app.post(
    ApiPaths.resourceUpload,
    {
      onRequest: quotaLeft,
      config: { roles: UPLOAD_ROLES, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['resources'],
        summary: '教师上传资源（multipart：先文字字段，最后 file；按内容识别格式；上传后待审核）',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(myResourceUpload) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw fileStreamError();
      const fields: Record<string, string> = {};
      let temp: string | null = null;
      let size = 0;
      const hash = createHash('sha256');
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || temp) {
            part.file.resume();
            continue;
          }
          temp = await storage.tempFile('upload');
          const counter = new Transform({
            transform(chunk: Buffer, _enc, done) {
              size += chunk.length;
              hash.update(chunk);
              done(null, chunk);
            },
          });
          await pipeline(part.file, counter, fs.createWriteStream(temp));
          if (part.file.truncated) throw tooLarge(LIMITS.uploadResourceBytes.media);
        }
      } catch (err) {
        if (temp) await fs.promises.rm(temp, { force: true });
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(LIMITS.uploadResourceBytes.media);
        throw fileStreamError();
      }
      try {
        if (!temp || size === 0) throw badRequest('请选择要上传的文件');
        const parsed = resourceUploadFields.safeParse(fields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '请检查填写的内容');
        const f = parsed.data;
        const [book] = await app.db.select().from(textbooks).where(eq(textbooks.id, f.textbookId!)).limit(1);
        if (!book) throw badRequest('教材不存在');
        if (f.chapterId) {
          const [chapter] = await app.db
            .select({ id: textbookChapters.id })
            .from(textbookChapters)
            .where(and(eq(textbookChapters.id, f.chapterId), eq(textbookChapters.textbookId, book.id)));
          if (!chapter) throw badRequest('章节不属于所选教材');
        }
        const { format, mime } = await checkUpload(temp, size);
        const now = app.clock();
        const key = newResourceKey(format, now);
        await storage.putFile(key, temp);
        temp = null;
        let id: number;
        try {
          const [row] = await app.db
            .insert(resources)
            .values({
              title: f.title,
              type: f.type,
              format,
              mime,
              size,
              sha256: hash.digest('hex'),
              stageId: book.stageId,
              subjectId: book.subjectId,
              gradeId: book.gradeId,
              editionId: book.editionId,
              volumeId: book.volumeId,
              textbookId: book.id,
              chapterId: f.chapterId ?? null,
              description: f.description ?? null,
              access: f.access,
              status: 'pending',
              uploaderId: request.auth.user.id,
              storageKey: key,
              createdAt: new Date(now),
              updatedAt: new Date(now),
            })
            .returning({ id: resources.id });
          id = row!.id;
        } catch (err) {
          await storage.remove(key);
          throw err;
        }
        const [entry] = await uploadQuery(app.db, eq(resources.id, id), 1, 1);
        return ok(entry!);
      } finally {
        if (temp) await fs.promises.rm(temp, { force: true });
      }
    },
  );
};

export default uploadRoutes;
