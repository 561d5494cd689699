/**
 * File routes (docs/resources.md, Files and statistics): the short-lived signed URL of a resource's
 * file (login, access rule, counted once per user per day), the file itself under
 * `/media/resources/{id}.{ext}` (opened by the browser directly, so not EAV-signed: the HMAC-signed
 * query the API call issued protects it; HTTP Range for the PDF reader and players) and the
 * statistics.
 */
import {
  ApiPaths,
  envelope,
  idParam,
  RESOURCE_FORMAT_PREVIEW,
  ResourceMessages,
  resourceStatistics,
  resourceUrlGrant,
  resourceUrlQuery,
  type ResourceFormat,
} from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resources } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordBrowse } from '../../lib/browse-history';
import { ok } from '../../lib/http';
import { decideAccess, noAccess, signedResourceUrl, verifyResourceQuery, visible } from './access';
import { optionalUser, type ResourcesContext } from './routes-common';
import { countEvent, statistics } from './stats';

/** Characters a file name may not hold: path and shell separators and C0 controls. */
// eslint-disable-next-line no-control-regex -- C0 controls are among the characters this strips
const UNSAFE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/** A file name for the browser: the title without path or control characters, plus the format. */
export function downloadName(title: string, format: string): string {
  const base = title.replace(UNSAFE_NAME, ' ').trim().slice(0, 80) || 'resource';
  return `${base}.${format}`;
}

const fileRoutes: FastifyPluginAsyncZod<ResourcesContext> = async (app, { config, storage, generator }) => {
  const secret = config.urlSigningSecret;
  const params = z.object({ id: idParam });

  const load = async (id: number) => {
    const [row] = await app.db.select().from(resources).where(eq(resources.id, id)).limit(1);
    return row;
  };

  app.get(
    ApiPaths.resourceUrl(':id'),
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['resources'],
        summary: '获取资源文件的短时签名地址（需登录；下载或预览每人每天计一次）',
        security: [{ bearer: [] }],
        params,
        querystring: resourceUrlQuery,
        response: { 200: envelope(resourceUrlGrant) },
      },
    },
    async (request) => {
      const user = request.auth.user;
      const row = await load(request.params.id);
      if (!row || !visible(row, user)) throw notFound(ResourceMessages.notFound);
      const decision = await decideAccess(app.db, row, user);
      if (!decision.allowed) throw noAccess(decision);
      // A generated resource is rendered on its first request and kept (docs/resources.md).
      const file = row.storageKey ? { storageKey: row.storageKey, size: row.size } : await generator.ensure(row);
      const now = app.clock();
      if (row.status === 'published')
        await countEvent(app.db, row.id, user.id, request.query.purpose === 'preview' ? 'view' : 'download', now);
      if (row.status === 'published' && request.query.purpose === 'preview')
        await recordBrowse(app.db, user, 'resource', row.id, now);
      const disposition = request.query.purpose === 'preview' ? 'inline' : 'attachment';
      const { url, exp } = signedResourceUrl(secret, row.id, row.format, user.id, disposition, now);
      const format = row.format as ResourceFormat;
      return ok({
        resourceId: row.id,
        url,
        expiresAt: new Date(exp).toISOString(),
        fileName: downloadName(row.title, row.format),
        mime: row.mime,
        format,
        previewable: RESOURCE_FORMAT_PREVIEW[format] ?? 'none',
        size: file.size,
      });
    },
  );

  app.get(
    '/media/resources/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const m = /^(\d{1,10})\.([a-z0-9]{2,5})$/.exec(request.params.file);
      const id = m ? Number(m[1]) : 0;
      const disposition =
        id >= 1 && id <= 2_147_483_647
          ? verifyResourceQuery(secret, id, request.query as Record<string, string>, app.clock())
          : null;
      const gone = () => reply.status(404).type('text/plain; charset=utf-8').send(ResourceMessages.linkExpired);
      if (!disposition) return gone();
      const row = await load(id);
      if (!row || row.format !== m![2]) return gone();
      const key = row.storageKey ?? (await generator.ensure(row)).storageKey;
      return storage.serve(request, reply, key, {
        contentType: row.mime,
        fileName: downloadName(row.title, row.format),
        disposition,
      });
    },
  );

  const statsRoute = (url: string, summary: string) =>
    app.get(
      url,
      {
        schema: {
          tags: ['resources'],
          summary,
          params,
          response: { 200: envelope(resourceStatistics) },
        },
      },
      async (request) => {
        const user = await optionalUser(request);
        const row = await load(request.params.id);
        if (!row || !visible(row, user)) throw notFound(ResourceMessages.notFound);
        const s = await statistics(app.db, row.id);
        return ok({ resourceId: row.id, views: s!.views, downloads: s!.downloads, favorites: s!.favorites });
      },
    );
  statsRoute(ApiPaths.resourceStatistic(':id'), '资源统计（浏览、下载、收藏次数）');
  statsRoute(ApiPaths.resourceStatistics(':id'), '资源统计（浏览、下载、收藏次数）');
};

export default fileRoutes;
