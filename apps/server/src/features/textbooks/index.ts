/**
 * Digital textbooks feature (issue 4): catalogue, facets, detail, activation, my textbooks,
 * reader file streaming, reading progress, network-learning videos, catalogue import and
 * activation-code APIs for administrators, generated covers. Media routes (`/media/**`, `/covers/**`) live outside `/api`: they are
 * opened by the browser directly (pdf.js, <video>, <img>), so they are not EAV-signed; PDFs and
 * videos are protected by short-lived HMAC-signed URLs issued by signed API calls instead.
 */
import multipart from '@fastify/multipart';
import {
  activationBody,
  activationResult,
  adminCodesBody,
  adminCodesResult,
  ApiPaths,
  envelope,
  ErrorCode,
  importReport,
  Messages,
  myTextbook,
  paged,
  paginationQuery,
  progressBody,
  readingProgress,
  textbookDetail,
  textbookFacets,
  textbookListItem,
  textbookListQuery,
  textbookFilters,
  TextbookMessages,
  textbookReadGrant,
  video,
  videoListQuery,
  videoPlayGrant,
} from '@eav/contract';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { AppError, notFound } from '../../lib/errors';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';
import { ok, page } from '../../lib/http';
import type { AuthUser } from '../../plugins/auth';
import { decideAccess, isAdmin, noAccess, ownsTextbook, signedQuery, verifySignedQuery } from './access';
import { issueCodes, redeemCode } from './activation';
import { cardsByIds, facets, findBook, listTextbooks, relatedTextbooks } from './catalogue';
import {
  chapterTree,
  findVideo,
  getProgress,
  isHttp,
  listVideos,
  ownedTextbooks,
  progressOut,
  saveProgress,
  videosOfBook,
  toVideo,
} from './content';
import { coverSvg } from './covers';
import { importTextbooks } from './importer';
import { proxyRemote, signPlaylist, storagePath, streamFile } from './media';

export { seedTextbooks } from './seed';

export interface TextbooksOptions {
  config: AppConfig;
}

const idParam = z.object({ id: z.coerce.number().int().positive('id 必须是正整数').max(2_147_483_647) });
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

const textbooksFeature: FastifyPluginAsyncZod<TextbooksOptions> = async (app, opts) => {
  const { config } = opts;
  const secret = config.urlSigningSecret;
  const now = () => (typeof app.clock === 'function' ? app.clock() : Date.now());

  /** The user when logged in; an invalid token still answers 401 (the client logs out). */
  const optionalUser = async (request: FastifyRequest): Promise<AuthUser | null> =>
    (await request.getAuth())?.user ?? null;

  // ---------------------------------------------------------------- catalogue

  app.get(
    ApiPaths.textbooks,
    {
      schema: {
        tags: ['textbooks'],
        summary: '教材列表（筛选、关键词搜索、分页）',
        querystring: textbookListQuery,
        response: { 200: envelope(paged(textbookListItem)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, ...filters } = request.query;
      const { items, total } = await listTextbooks(app.db, filters, pageNo, pageSize);
      return ok(page(items, total, pageNo, pageSize));
    },
  );

  app.get(
    ApiPaths.textbookFacets,
    {
      schema: {
        tags: ['textbooks'],
        summary: '筛选项及其教材数量（每个维度按其余筛选条件统计）',
        querystring: textbookFilters,
        response: { 200: envelope(textbookFacets) },
      },
    },
    async (request) => ok(await facets(app.db, request.query)),
  );

  app.get(
    '/api/v1/textbooks/:id',
    {
      schema: {
        tags: ['textbooks'],
        summary: '教材详情（目录、权限、阅读进度、相关教材、网络学习视频）',
        params: idParam,
        response: { 200: envelope(textbookDetail) },
      },
    },
    async (request) => {
      const book = await findBook(app.db, request.params.id);
      if (!book) throw notFound(TextbookMessages.notFound);
      const user = await optionalUser(request);
      const [chapters, related, vids, owned, progress] = await Promise.all([
        chapterTree(app.db, book.id),
        relatedTextbooks(app.db, book),
        videosOfBook(app.db, book.id),
        user ? ownsTextbook(app.db, user.id, book.id) : Promise.resolve(false),
        user ? getProgress(app.db, user.id, book.id) : Promise.resolve(null),
      ]);
      const hasFile = Boolean(book.fileKey || book.fileUrl);
      const decision = decideAccess(book.access, user, owned);
      const card = (await cardsByIds(app.db, [book.id])).get(book.id)!;
      return ok({
        ...card,
        description: book.description,
        fileSize: book.fileSize,
        chapters,
        owned,
        canRead: hasFile && decision.allowed,
        accessHint: !hasFile ? TextbookMessages.noFile : decision.hint,
        progress,
        related,
        videos: vids,
      });
    },
  );

  // ---------------------------------------------------------------- reader

  app.get(
    '/api/v1/textbooks/:id/read',
    {
      schema: {
        tags: ['textbooks'],
        summary: '在线阅读：获取短时有效的签名文件地址',
        params: idParam,
        response: { 200: envelope(textbookReadGrant) },
      },
    },
    async (request) => {
      const book = await findBook(app.db, request.params.id);
      if (!book) throw notFound(TextbookMessages.notFound);
      const user = await optionalUser(request);
      const owned = user ? await ownsTextbook(app.db, user.id, book.id) : false;
      const decision = decideAccess(book.access, user, owned);
      if (!decision.allowed) throw noAccess(decision);
      if (!book.fileKey && !book.fileUrl)
        throw new AppError(404, ErrorCode.TEXTBOOK_NO_ACCESS, TextbookMessages.noFile, { need: null });
      const { query, exp } = signedQuery(secret, 'textbook', book.id, user?.id ?? 0, now());
      return ok({
        url: `/media/textbooks/${book.id}.pdf?${query}`,
        expiresAt: new Date(exp).toISOString(),
        pageCount: book.pageCount,
        progress: user ? await getProgress(app.db, user.id, book.id) : null,
      });
    },
  );

  app.put(
    '/api/v1/textbooks/:id/progress',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['textbooks'],
        summary: '保存阅读进度',
        params: idParam,
        body: progressBody,
        response: { 200: envelope(readingProgress) },
      },
    },
    async (request) => {
      const book = await findBook(app.db, request.params.id);
      if (!book) throw notFound(TextbookMessages.notFound);
      const user = request.auth.user;
      const decision = decideAccess(book.access, user, await ownsTextbook(app.db, user.id, book.id));
      if (!decision.allowed) throw noAccess(decision);
      const total = request.body.totalPages ?? book.pageCount ?? null;
      return ok(await saveProgress(app.db, user.id, book.id, request.body.page, total, new Date(now())));
    },
  );

  app.get(
    '/media/textbooks/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const m = /^(\d{1,10})\.pdf$/.exec(request.params.file);
      const id = m ? Number(m[1]) : 0;
      if (!m || !verifySignedQuery(secret, 'textbook', id, request.query as Record<string, string>, now())) {
        return reply.status(404).type('text/plain; charset=utf-8').send(TextbookMessages.linkExpired);
      }
      const book = await findBook(app.db, id);
      const opts = {
        contentType: 'application/pdf',
        cacheControl: 'private, max-age=600',
        fileName: `${book?.title ?? id}.pdf`,
      };
      if (book?.fileKey) {
        const abs = storagePath(config.dataDir, book.fileKey);
        if (abs) return streamFile(request, reply, abs, opts);
      }
      if (book?.fileUrl && isHttp(book.fileUrl)) return proxyRemote(request, reply, book.fileUrl, opts);
      return reply.status(404).type('text/plain; charset=utf-8').send(TextbookMessages.noFile);
    },
  );

  // ---------------------------------------------------------------- covers

  app.get(
    '/covers/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const m = /^(\d{1,10})\.(svg|jpg|jpeg|png|webp)$/.exec(request.params.file);
      const book = m ? await findBook(app.db, Number(m[1])) : undefined;
      if (!m || !book) return reply.status(404).type('text/plain; charset=utf-8').send('封面不存在');
      if (m[2] !== 'svg') {
        const abs = book.coverKey ? storagePath(config.dataDir, book.coverKey) : null;
        if (!abs || path.extname(abs).slice(1) !== m[2])
          return reply.status(404).type('text/plain; charset=utf-8').send('封面不存在');
        const type = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }[m[2]!]!;
        return streamFile(request, reply, abs, { contentType: type, cacheControl: 'public, max-age=86400' });
      }
      const card = (await cardsByIds(app.db, [book.id])).get(book.id)!;
      const etag = `"c${book.id}-${book.updatedAt.getTime().toString(36)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(
        coverSvg({
          id: book.id,
          title: book.title,
          stage: card.stage.name,
          subject: card.subject.name,
          edition: card.edition.name,
          grade: card.grade?.name ?? null,
          volume: card.volume?.name ?? null,
          publisher: card.publisher?.name ?? null,
        }),
      );
    },
  );

  // ---------------------------------------------------------------- activation and my textbooks

  app.post(
    ApiPaths.textbookActivation,
    {
      preHandler: app.requireAuth,
      // Request flood guard per session (runs before auth, so keyed by the token); wrong codes are
      // limited separately per user (10 an hour, activation_failures).
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => `act:${bearerToken(req) ? sha256Hex(bearerToken(req)) : req.ip}`,
        },
      },
      schema: {
        tags: ['textbooks'],
        summary: '使用激活码激活教材',
        body: activationBody,
        response: { 200: envelope(activationResult) },
      },
    },
    async (request) => {
      const user = request.auth.user;
      const result = await redeemCode(app.db, user.id, request.body.code, now());
      const card = (await cardsByIds(app.db, [result.textbookId])).get(result.textbookId);
      if (!card) throw notFound(TextbookMessages.notFound);
      request.log.info(
        { userId: user.id, textbookId: result.textbookId, alreadyOwned: result.alreadyOwned },
        'textbook activated',
      );
      return ok({ textbook: card, activatedAt: result.activatedAt.toISOString(), alreadyOwned: result.alreadyOwned });
    },
  );

  app.get(
    '/api/v1/users/:userId/textbooks',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['textbooks'],
        summary: '我的教材（已激活的教材、激活时间、阅读进度）',
        params: z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: paginationQuery,
        response: { 200: envelope(paged(myTextbook)) },
      },
    },
    async (request) => {
      // Another user's list is hidden (contract section 1: 404, not 403).
      if (request.params.userId !== request.auth.user.id) throw notFound();
      const { page: pageNo, pageSize } = request.query;
      const { rows, total } = await ownedTextbooks(app.db, request.auth.user.id, pageNo, pageSize);
      const cards = await cardsByIds(
        app.db,
        rows.map((r) => r.textbookId),
      );
      const items = rows
        .filter((r) => cards.has(r.textbookId))
        .map((r) => ({
          textbook: cards.get(r.textbookId)!,
          source: r.source,
          activatedAt: r.activatedAt.toISOString(),
          progress:
            r.page !== null && r.progressAt
              ? progressOut({ page: r.page, totalPages: r.totalPages, updatedAt: r.progressAt })
              : null,
        }));
      return ok(page(items, total, pageNo, pageSize));
    },
  );

  // ---------------------------------------------------------------- network learning

  app.get(
    ApiPaths.videos,
    {
      schema: {
        tags: ['videos'],
        summary: '网络学习：音视频课程列表',
        querystring: videoListQuery,
        response: { 200: envelope(paged(video)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, ...filters } = request.query;
      const { items, total } = await listVideos(app.db, filters, pageNo, pageSize);
      return ok(page(items, total, pageNo, pageSize));
    },
  );

  app.get(
    '/api/v1/textbooks/:id/videos',
    {
      schema: {
        tags: ['videos'],
        summary: '某教材的音视频课程（含所属章节）',
        params: idParam,
        response: { 200: envelope(z.array(video)) },
      },
    },
    async (request) => {
      const book = await findBook(app.db, request.params.id);
      if (!book) throw notFound(TextbookMessages.notFound);
      return ok(await videosOfBook(app.db, book.id));
    },
  );

  app.get(
    '/api/v1/videos/:id',
    { schema: { tags: ['videos'], summary: '课程详情', params: idParam, response: { 200: envelope(video) } } },
    async (request) => {
      const row = await findVideo(app.db, request.params.id);
      if (!row) throw notFound(TextbookMessages.videoNotFound);
      return ok(toVideo(row));
    },
  );

  app.get(
    '/api/v1/videos/:id/play',
    {
      schema: {
        tags: ['videos'],
        summary: '播放课程：短时有效的签名地址（MP4 与 HLS）',
        params: idParam,
        response: { 200: envelope(videoPlayGrant) },
      },
    },
    async (request) => {
      const row = await findVideo(app.db, request.params.id);
      if (!row) throw notFound(TextbookMessages.videoNotFound);
      const user = await optionalUser(request);
      const owned = user && row.access === 'activation' ? await ownsTextbook(app.db, user.id, row.textbookId) : false;
      const decision = decideAccess(row.access, user, owned, 'video');
      if (!decision.allowed) throw noAccess(decision);
      const { query, exp } = signedQuery(secret, 'video', row.id, user?.id ?? 0, now());
      return ok({
        video: toVideo(row),
        mp4Url: isHttp(row.source) ? row.source : `/media/videos/${row.id}/video.mp4?${query}`,
        hlsUrl: row.hlsSource ? `/media/videos/${row.id}/index.m3u8?${query}` : null,
        expiresAt: new Date(exp).toISOString(),
      });
    },
  );

  app.get(
    '/media/videos/:id/:file',
    { schema: { hide: true, params: z.object({ id: z.string(), file: z.string() }) } },
    async (request, reply) => {
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const { file } = request.params;
      const q = request.query as Record<string, string>;
      if (!id || !verifySignedQuery(secret, 'video', id, q, now())) {
        return reply.status(404).type('text/plain; charset=utf-8').send(TextbookMessages.linkExpired);
      }
      const row = await findVideo(app.db, id);
      if (!row) return reply.status(404).type('text/plain; charset=utf-8').send(TextbookMessages.videoNotFound);
      const cache = 'private, max-age=600';
      if (file === 'video.mp4') {
        const abs = storagePath(config.dataDir, row.source);
        if (abs) return streamFile(request, reply, abs, { contentType: 'video/mp4', cacheControl: cache });
      } else if (row.hlsSource && file === 'index.m3u8') {
        const abs = storagePath(config.dataDir, row.hlsSource);
        if (abs && fs.existsSync(abs)) {
          const query = `uid=${q.uid}&exp=${q.exp}&sig=${q.sig}`;
          return reply
            .type('application/vnd.apple.mpegurl')
            .header('Cache-Control', 'private, no-cache')
            .send(signPlaylist(fs.readFileSync(abs, 'utf8'), query));
        }
      } else if (row.hlsSource && /^[\w-]{1,64}\.ts$/.test(file)) {
        const abs = storagePath(config.dataDir, path.join(path.dirname(row.hlsSource), file));
        if (abs) return streamFile(request, reply, abs, { contentType: 'video/mp2t', cacheControl: cache });
      }
      return reply.status(404).type('text/plain; charset=utf-8').send('文件不存在');
    },
  );

  app.get(
    '/media/posters/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const m = /^(\d{1,10})\.jpg$/.exec(request.params.file);
      const row = m ? await findVideo(app.db, Number(m[1])) : undefined;
      const abs = row?.posterUrl && !isHttp(row.posterUrl) ? storagePath(config.dataDir, row.posterUrl) : null;
      if (!abs) return reply.status(404).type('text/plain; charset=utf-8').send('封面不存在');
      return streamFile(request, reply, abs, { contentType: 'image/jpeg', cacheControl: 'public, max-age=86400' });
    },
  );

  // ---------------------------------------------------------------- activation codes (operator console)

  /** Administrators only; everyone else is told the endpoint does not exist (contract section 1). */
  const requireAdmin = async (request: FastifyRequest) => {
    await app.requireAuth(request);
    if (!isAdmin(request.auth.user)) throw new AppError(404, 404, Messages.notFoundRequest);
  };

  app.post(
    '/api/v1/admin/textbooks/:id/codes',
    {
      // Before body validation, so that a non-administrator learns nothing from a malformed body.
      preValidation: requireAdmin,
      // Flood guard per session (keyed by the token: the limit runs before authentication).
      config: {
        rateLimit: {
          max: 20,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => `codes:${bearerToken(req) ? sha256Hex(bearerToken(req)) : req.ip}`,
        },
      },
      schema: {
        tags: ['textbooks'],
        summary: '生成激活码（管理员；教材 id 或 externalId；激活码仅在本次响应中以明文返回）',
        params: z.object({ id: z.string().trim().min(1, '请指定教材').max(128, '教材标识过长') }),
        body: adminCodesBody,
        response: { 200: envelope(adminCodesResult) },
      },
    },
    async (request) => {
      const { count, expiresAt, batch } = request.body;
      const issued = await issueCodes(app.db, {
        textbook: request.params.id,
        count,
        expires: expiresAt ?? null,
        batch: batch ?? null,
        now: now(),
      });
      // Never the codes themselves (TEAM.md: no codes in logs).
      request.log.info(
        { textbookId: issued.book.id, count: issued.codes.length, batch: batch ?? null, by: request.auth.user.id },
        'activation codes issued',
      );
      return ok({
        textbookId: issued.book.id,
        codes: issued.codes,
        expiresAt: issued.expiresAt ? issued.expiresAt.toISOString() : null,
      });
    },
  );

  // ---------------------------------------------------------------- import (operator console)

  await app.register(async (admin) => {
    if (!admin.hasContentTypeParser('multipart/form-data')) {
      await admin.register(multipart, { limits: { fileSize: IMPORT_BODY_LIMIT, files: 1, fields: 5 } });
    }
    admin.addContentTypeParser(
      ['application/x-ndjson', 'application/jsonl', 'application/x-jsonlines', 'text/plain'],
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    admin.post(
      ApiPaths.adminTextbookImport,
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        preHandler: async (request) => {
          await app.requireAuth(request);
          // Hidden from everyone but administrators (contract section 1).
          if (!isAdmin(request.auth.user)) throw new AppError(404, 404, Messages.notFoundRequest);
        },
        schema: {
          tags: ['textbooks'],
          summary: '导入教材目录（JSON Lines：请求体或 multipart 文件，管理员）',
          consumes: ['application/x-ndjson', 'text/plain', 'multipart/form-data'],
          response: { 200: envelope(importReport) },
        },
      },
      async (request) => {
        let text: string | undefined;
        if (request.isMultipart()) {
          const part = await request.file();
          if (part) {
            const buf = await part.toBuffer();
            if (part.file.truncated) throw new AppError(413, ErrorCode.FILE_TOO_LARGE, '导入文件过大（最大 64 MB）');
            text = buf.toString('utf8');
          }
        } else if (typeof request.body === 'string') {
          text = request.body;
        }
        if (!text || !text.trim()) throw new AppError(400, 400, '请上传 JSON Lines 格式的教材目录文件');
        const report = await importTextbooks(app.db, text, { dataDir: config.dataDir });
        request.log.info(
          {
            created: report.created,
            updated: report.updated,
            skipped: report.skipped.length,
            by: request.auth.user.id,
          },
          'textbook catalogue imported',
        );
        return ok(report);
      },
    );
  });
};

export default textbooksFeature;
