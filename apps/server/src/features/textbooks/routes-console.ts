/**
 * The operator console's catalogue section (docs/console-content.md, Catalogue): the textbook list
 * with filters, sort and paging, the edit of a book's fields and the cover upload (re-encoded to WebP by sharp).
 * Roles `admin` and `operator`; the role gate answers everyone else before the body is read.
 * Every write is recorded through the operator audit passed in by app.ts. The import jobs are in
 * `routes-console-imports.ts`.
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
  paged,
  TextbookMessages,
} from '@eav/contract';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictionary, textbooks } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { noAudit } from '../../lib/operator-audit';
import { coverUrlOf } from './catalogue';
import { removeConsoleCover, storeConsoleCover } from './console-covers';
import type { TextbooksOptions } from './routes-common';

/** Largest cover image (bytes). */
export const COVER_FILE_LIMIT = 10 * 1024 * 1024;
const CONTENT = { roles: CONSOLE_ACCESS.content } as const;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const bookParams = z.object({ id: idParam });

const consoleRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { storage, audit = noAudit }) => {
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
        const stored = await storeConsoleCover(storage, id, data);
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
          await removeConsoleCover(storage, book.coverKey);
          return ok({
            url: coverUrlOf({ id, coverUrl: null, coverKey: stored.key, updatedAt: now }),
            width: stored.width,
            height: stored.height,
          });
        } catch (err) {
          await removeConsoleCover(storage, stored.key);
          throw err;
        }
      },
    );
  });
};

export default consoleRoutes;
