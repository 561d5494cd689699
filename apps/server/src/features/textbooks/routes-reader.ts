/**
 * Reader routes (docs/api.md, Reader): the short-lived signed URL of a book's PDF, reading
 * progress, the PDF itself (`/media/textbooks/{id}.pdf`, HTTP Range, stored or proxied from an
 * allowed remote host) and covers (`/covers/{id}.{svg|jpg|png|webp}`). The `/media` and `/covers`
 * paths are opened by the browser directly (pdf.js, <img>), so they are not EAV-signed; the PDF is
 * protected by the HMAC-signed query that the signed API call issues instead.
 */
import path from 'node:path';
import {
  ApiPaths,
  envelope,
  ErrorCode,
  idParam,
  progressBody,
  readingProgress,
  TextbookMessages,
  textbookReadGrant,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { recordBrowse } from '../../lib/browse-history';
import { ok } from '../../lib/http';
import { decideAccess, noAccess, ownsTextbook, signedQuery, verifySignedQuery } from './access';
import { cardsByIds, findBook } from './catalogue';
import { getProgress, saveProgress } from './content';
import { COVER_FONT_TAG, coverCacheDir, generatedCoverExtension, RasterCoverCache } from './cover-raster';
import { coverSvg } from './covers';
import { proxyRemote, remoteAllowed, servableFile } from './media';
import { fileId, optionalUser, routePath, textAnswer, type TextbooksOptions } from './routes-common';

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const readerRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { config, storage, progressSaved }) => {
  const rasterCovers = new RasterCoverCache(coverCacheDir(config.dataDir));
  const secret = config.urlSigningSecret;
  const hosts = config.remoteMediaHosts;
  const bookParams = z.object({ id: idParam });

  app.get(
    routePath(ApiPaths.textbookRead, 'id'),
    {
      schema: {
        tags: ['textbooks'],
        summary: '在线阅读：获取短时有效的签名文件地址',
        params: bookParams,
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
      if (!servableFile(book, hosts))
        throw new AppError(404, ErrorCode.TEXTBOOK_NO_ACCESS, TextbookMessages.noFile, { need: null });
      const { query, exp } = signedQuery(secret, 'textbook', book.id, user?.id ?? 0, app.clock());
      if (user) await recordBrowse(app.db, user, 'textbook', book.id, app.clock());
      return ok({
        url: `/media/textbooks/${book.id}.pdf?${query}`,
        expiresAt: new Date(exp).toISOString(),
        pageCount: book.pageCount,
        progress: user ? await getProgress(app.db, user.id, book.id) : null,
      });
    },
  );

  app.put(
    routePath(ApiPaths.textbookProgress, 'id'),
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['textbooks'],
        summary: '保存阅读进度',
        params: bookParams,
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
      // The page count is the server's: a client's `totalPages` is ignored (a client claiming a
      // one-page book must not "finish" it; docs/prize.md, Points).
      const now = new Date(app.clock());
      const progress = await saveProgress(app.db, user.id, book.id, request.body.page, book.pageCount, now);
      try {
        await progressSaved?.(app.db, user.id, book.id, progress.page, now);
      } catch (err) {
        request.log.error({ err }, 'reading progress could not be recorded into reading assignments');
      }
      return ok(progress);
    },
  );

  app.get(
    '/media/textbooks/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const id = fileId(/^(\d{1,10})\.pdf$/.exec(request.params.file)?.[1]);
      if (!id || !verifySignedQuery(secret, 'textbook', id, request.query as Record<string, string>, app.clock()))
        return textAnswer(reply, 404, TextbookMessages.linkExpired);
      const book = await findBook(app.db, id);
      const opts = {
        contentType: 'application/pdf',
        cacheControl: 'private, max-age=600',
        fileName: `${book?.title ?? id}.pdf`,
      };
      if (book?.fileKey) return storage.serve(request, reply, book.fileKey, { ...opts, disposition: 'inline' });
      if (book?.fileUrl && remoteAllowed(book.fileUrl, hosts))
        return proxyRemote(request, reply, book.fileUrl, { ...opts, allowedHosts: hosts });
      return textAnswer(reply, 404, TextbookMessages.noFile);
    },
  );

  app.get(
    '/covers/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const m = /^(\d{1,10})\.(svg|jpg|jpeg|png|webp)$/.exec(request.params.file);
      const id = fileId(m?.[1]);
      const book = id ? await findBook(app.db, id) : undefined;
      if (!m || !book) return textAnswer(reply, 404, '封面不存在');
      const ext = m[2]!;
      // A stored cover answers under its own extension. Every book has a generated cover as SVG (the
      // web falls back to it when an imported image fails), and a book without a stored cover has
      // it as WebP too where the server can draw it (cover-raster.ts).
      const generated = ext === 'svg' || (ext === 'webp' && !book.coverKey);
      if (!generated) {
        if (!book.coverKey || path.extname(book.coverKey).slice(1) !== ext) return textAnswer(reply, 404, '封面不存在');
        return storage.serve(request, reply, book.coverKey, {
          contentType: IMAGE_TYPES[ext]!,
          cacheControl: 'public, max-age=86400',
          disposition: 'inline',
          fileName: `${book.id}.${ext}`,
        });
      }
      if (ext === 'webp' && generatedCoverExtension() !== 'webp') return textAnswer(reply, 404, '封面不存在');
      // The WebP's tag names the font it is drawn with, so a browser never keeps another font's drawing.
      const version = book.updatedAt.getTime().toString(36);
      const etag = ext === 'webp' ? `"cw${book.id}-${version}-${COVER_FONT_TAG}"` : `"c${book.id}-${version}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const svg = async () => {
        const card = (await cardsByIds(app.db, [book.id])).get(book.id)!;
        return coverSvg({
          id: book.id,
          title: book.title,
          stage: card.stage.name,
          subject: card.subject.name,
          edition: card.edition.name,
          grade: card.grade?.name ?? null,
          volume: card.volume?.name ?? null,
          publisher: card.publisher?.name ?? null,
        });
      };
      if (ext === 'svg') return reply.type('image/svg+xml; charset=utf-8').send(await svg());
      return reply.type('image/webp').send(await rasterCovers.get(etag, svg));
    },
  );
};

export default readerRoutes;
