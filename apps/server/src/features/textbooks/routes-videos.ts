/**
 * Network-learning routes (docs/api.md, Videos): lesson lists, a lesson, the signed play URLs and
 * the media behind them (`/media/videos/{id}/…`: MP4 with HTTP Range, HLS playlist and segments
 * carrying the playlist's signature; `/media/posters/{id}.jpg`).
 */
import path from 'node:path';
import {
  ApiPaths,
  envelope,
  idParam,
  paged,
  TextbookMessages,
  videoListQuery,
  watchableVideo,
  videoPlayGrant,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { recordBrowse } from '../../lib/browse-history';
import { ok, page } from '../../lib/http';
import { decideAccess, noAccess, ownsTextbook, signedQuery, verifySignedQuery, watchableVideos } from './access';
import { findBook } from './catalogue';
import { findVideo, isHttp, listVideos, toVideo, videosOfBook } from './content';
import { signPlaylist } from './media';
import { fileId, optionalUser, routePath, textAnswer, type TextbooksOptions } from './routes-common';

const videoRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { config, storage }) => {
  const secret = config.urlSigningSecret;
  const idParams = z.object({ id: idParam });

  app.get(
    ApiPaths.videos,
    {
      schema: {
        tags: ['videos'],
        summary: '网络学习：音视频课程列表',
        querystring: videoListQuery,
        response: { 200: envelope(paged(watchableVideo)) },
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, ...filters } = request.query;
      const user = await optionalUser(request);
      const { items, total } = await listVideos(app.db, filters, pageNo, pageSize);
      return ok(page(await watchableVideos(app.db, user, items), total, pageNo, pageSize));
    },
  );

  app.get(
    routePath(ApiPaths.textbookVideos, 'id'),
    {
      schema: {
        tags: ['videos'],
        summary: '某教材的音视频课程（含所属章节）',
        params: idParams,
        response: { 200: envelope(z.array(watchableVideo)) },
      },
    },
    async (request) => {
      const user = await optionalUser(request);
      const book = await findBook(app.db, request.params.id);
      if (!book) throw notFound(TextbookMessages.notFound);
      return ok(await watchableVideos(app.db, user, await videosOfBook(app.db, book.id)));
    },
  );

  app.get(
    routePath(ApiPaths.video, 'id'),
    {
      schema: { tags: ['videos'], summary: '课程详情', params: idParams, response: { 200: envelope(watchableVideo) } },
    },
    async (request) => {
      const user = await optionalUser(request);
      const row = await findVideo(app.db, request.params.id);
      if (!row) throw notFound(TextbookMessages.videoNotFound);
      const [one] = await watchableVideos(app.db, user, [toVideo(row)]);
      return ok(one!);
    },
  );

  app.get(
    routePath(ApiPaths.videoPlay, 'id'),
    {
      schema: {
        tags: ['videos'],
        summary: '播放课程：短时有效的签名地址（MP4 与 HLS）',
        params: idParams,
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
      const { query, exp } = signedQuery(secret, 'video', row.id, user?.id ?? 0, app.clock());
      if (user) await recordBrowse(app.db, user, 'video', row.id, app.clock());
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
      const id = fileId(request.params.id);
      const { file } = request.params;
      const q = request.query as Record<string, string>;
      if (!id || !verifySignedQuery(secret, 'video', id, q, app.clock()))
        return textAnswer(reply, 404, TextbookMessages.linkExpired);
      const row = await findVideo(app.db, id);
      if (!row) return textAnswer(reply, 404, TextbookMessages.videoNotFound);
      const cache = 'private, max-age=600';
      if (file === 'video.mp4' && !isHttp(row.source)) {
        return storage.serve(request, reply, row.source, {
          contentType: 'video/mp4',
          cacheControl: cache,
          disposition: 'inline',
          fileName: `${row.id}.mp4`,
        });
      } else if (row.hlsSource && file === 'index.m3u8') {
        const playlist = await storage.get(row.hlsSource);
        if (playlist) {
          const query = `uid=${q.uid}&exp=${q.exp}&sig=${q.sig}`;
          return reply
            .type('application/vnd.apple.mpegurl')
            .header('Cache-Control', 'private, no-cache')
            .send(signPlaylist(playlist.toString('utf8'), query));
        }
      } else if (row.hlsSource && /^[\w-]{1,64}\.ts$/.test(file)) {
        return storage.serve(request, reply, path.posix.join(path.posix.dirname(row.hlsSource), file), {
          contentType: 'video/mp2t',
          cacheControl: cache,
          disposition: 'inline',
          fileName: file,
        });
      }
      return textAnswer(reply, 404, '文件不存在');
    },
  );

  app.get(
    '/media/posters/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const m = /^(\d{1,10})\.jpg$/.exec(request.params.file);
      const id = fileId(m?.[1]);
      const row = id ? await findVideo(app.db, id) : undefined;
      if (!row?.posterUrl || isHttp(row.posterUrl)) return textAnswer(reply, 404, '封面不存在');
      return storage.serve(request, reply, row.posterUrl, {
        contentType: 'image/jpeg',
        cacheControl: 'public, max-age=86400',
        disposition: 'inline',
        fileName: `${row.id}.jpg`,
      });
    },
  );
};

export default videoRoutes;
