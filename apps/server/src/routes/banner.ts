/**
 * Home carousel banners: the public list `GET /prize/api/v1/banner` (active banners inside their
 * time window, in display order) and the operators' calls under `/api/v1/admin/banners` (role
 * `admin` or `operator`, declared per route for the role gate of plugins/auth.ts; every write is
 * audited with the banner before and after, and pictures are uploaded, cropped and re-encoded here;
 * the display order of all banners and the list's export are in banner-console.ts). Links and images are `https://`
 * URLs or in-app paths (`safeLink`), so a `javascript:` or `data:` link never reaches a page
 * (docs/api.md, Banners). The public list comes from the read cache (scope 'banner': writes to
 * banners and prize activities invalidate it; it is rebuilt when a display window opens or closes).
 */
import {
  adminBanner,
  ApiPaths,
  consoleImage,
  ErrorCode,
  bannerCreateBody,
  bannerIdParams,
  banner as bannerSchema,
  bannerUpdateBody,
  envelope,
  isSafeLink,
  plainText,
  prizeActivityLink,
  prizeBannerSvg,
  CONSOLE_ACCESS,
  BANNER_IMAGE_SIZE,
} from '@eav/contract';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { rowsOf } from '../db/client';
import { banner, prizeActivities } from '../db/schema';
import { runningActivityBanner } from '../features/prize';
import { AppError, badRequest, notFound, unprocessable } from '../lib/errors';
import { ok } from '../lib/http';
import { cachedPayload, type CachedAnswer } from '../lib/read-cache';
import { reencodeImage } from '../lib/image-reencode';
import { noAudit, type OperatorAudit } from '../lib/operator-audit';
import bannerConsoleRoutes from './banner-console';
import { adminView, auditView } from './banner-view';

const ADMIN = { roles: CONSOLE_ACCESS.content } as const;
/** Largest banner picture an operator may upload (bytes). */
export const BANNER_IMAGE_LIMIT = 10 * 1024 * 1024;
/** The carousel's picture box (px), shared with the console's crop step. */
export { BANNER_IMAGE_SIZE };

export interface BannerRoutesOptions {
  /** Records operators' writes (app.ts passes the accounts' audit trail). */
  audit?: OperatorAudit;
  /**
   * Stores a banner picture under `name` (relative, e.g. `banner/{uuid}.webp`) and answers its public
   * URL: app.ts keeps them with the uploads, through the storage interface.
   */
  images?: { store: (name: string, data: Buffer) => Promise<string> };
}
const BANNER_NOT_FOUND = '轮播图不存在';

/**
 * The link a page may follow, or null. Banners stored before links were checked may hold a hash
 * route (`#/digitalBook`): it is served as the in-app path it names; anything unsafe is dropped.
 */
export function publicLink(link: string | null): string | null {
  if (!link) return null;
  const path = link.startsWith('#/') ? link.slice(1) : link;
  return isSafeLink(path) ? path : null;
}

const toDate = (v: string | null) => (v === null ? null : new Date(v));

const bannerList = envelope(z.array(bannerSchema));

/**
 * The next time (ms) a banner's or a prize activity's display window opens or closes: the cached
 * carousel is rebuilt then, since time changes it without a write. Null when none is ahead.
 */
async function nextBoundary(app: FastifyInstance, now: Date): Promise<number | undefined> {
  const result = await app.db.execute(sql`
    select least(
      (select min(t) from (select ${banner.startsAt} as t from ${banner} where ${banner.active}
        union all select ${banner.endsAt} from ${banner} where ${banner.active}) b where t > ${now.toISOString()}::timestamptz),
      (select min(t) from (select ${prizeActivities.startAt} as t from ${prizeActivities} where ${prizeActivities.published}
        union all select ${prizeActivities.endAt} from ${prizeActivities} where ${prizeActivities.published}) a where t > ${now.toISOString()}::timestamptz)
    ) as at`);
  const at = rowsOf<{ at: Date | string | null }>(result)[0]?.at;
  return at ? new Date(at).getTime() : undefined;
}

/**
 * The public carousel as the read cache holds it (scope 'banner'): the envelope's JSON text and
 * ETag of active banners inside their display window, in display order, the running prize activity
 * first. Answers the public list and the page's first screen (plugins/web.ts).
 */
export function carouselAnswer(app: FastifyInstance): Promise<CachedAnswer> {
  return app.readCache.get('banner', 'banners', async () => {
    const now = new Date(app.clock());
    const rows = await app.db
      .select({
        id: banner.id,
        title: banner.title,
        subtitle: banner.subtitle,
        image: banner.image,
        link: banner.link,
        sortOrder: banner.sortOrder,
      })
      .from(banner)
      .where(
        and(
          eq(banner.active, true),
          or(isNull(banner.startsAt), lte(banner.startsAt, now)),
          or(isNull(banner.endsAt), gt(banner.endsAt, now)),
        ),
      )
      .orderBy(asc(banner.sortOrder), asc(banner.id));
    const list = rows.map((r) => ({ ...r, link: publicLink(r.link) }));
    // The running prize activity leads the carousel (docs/prize.md, Banner); its id is the
    // activity's id negated, so it never collides with an operator's banner.
    const activity = await runningActivityBanner(app.db, now.getTime());
    if (activity)
      list.unshift({
        id: -activity.id,
        title: activity.title,
        subtitle: '阅读推荐教材，赢积分抽好礼',
        image: activity.bannerImage ?? prizeBannerSvg(activity.code),
        link: prizeActivityLink(activity.code),
        sortOrder: 0,
      });
    return { value: bannerList.parse(ok(list)), until: await nextBoundary(app, now) };
  });
}

const leadImages = new WeakMap<CachedAnswer, string | null>();

/** The picture of a carousel answer's first banner, or null when the carousel is empty (read once per answer). */
export function leadBannerImage(answer: CachedAnswer): string | null {
  let image = leadImages.get(answer);
  if (image === undefined) {
    const list = (JSON.parse(answer.body) as { data?: { image?: string }[] }).data ?? [];
    image = list[0]?.image ?? null;
    leadImages.set(answer, image);
  }
  return image;
}

const bannerRoutes: FastifyPluginAsyncZod<BannerRoutesOptions> = async (app, { audit = noAudit, images }) => {
  app.get(
    ApiPaths.banner,
    {
      schema: {
        tags: ['home'],
        summary: '首页轮播图',
        querystring: z.object({ activityCode: plainText(64, '活动编码不能超过 64 个字').optional() }),
        response: { 200: bannerList },
      },
    },
    async (request, reply) => cachedPayload(request, reply, await carouselAnswer(app)),
  );

  // ---- operators ----

  app.get(
    ApiPaths.adminBanners,
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '轮播图列表（含停用和不在展示时段内的）',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.array(adminBanner)) },
      },
    },
    async () => {
      const rows = await app.db.select().from(banner).orderBy(asc(banner.sortOrder), asc(banner.id));
      return ok(rows.map(adminView));
    },
  );

  app.post(
    ApiPaths.adminBanners,
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '新增轮播图',
        security: [{ bearer: [] }],
        body: bannerCreateBody,
        response: { 200: envelope(adminBanner) },
      },
    },
    async (request) => {
      const b = request.body;
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(banner)
          .values({ ...b, startsAt: toDate(b.startsAt), endsAt: toDate(b.endsAt) })
          .returning();
        await audit(tx, request, {
          event: 'banner_create',
          target: `banner:${created!.id}`,
          before: null,
          after: auditView(created!),
        });
        return created!;
      });
      await app.readCache.invalidate('banner');
      return ok(adminView(row));
    },
  );

  app.put(
    ApiPaths.adminBanner(':id'),
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '修改轮播图',
        security: [{ bearer: [] }],
        params: bannerIdParams,
        body: bannerUpdateBody,
        response: { 200: envelope(adminBanner) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const b = request.body;
      const updated = await app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(banner).where(eq(banner.id, id)).for('update');
        if (!current) throw notFound(BANNER_NOT_FOUND);
        const startsAt = b.startsAt === undefined ? current.startsAt : toDate(b.startsAt);
        const endsAt = b.endsAt === undefined ? current.endsAt : toDate(b.endsAt);
        // The body alone cannot check a window of which it changes one end.
        if (startsAt && endsAt && startsAt >= endsAt) throw unprocessable('结束时间必须晚于开始时间');
        const [row] = await tx
          .update(banner)
          .set({ ...b, startsAt, endsAt })
          .where(eq(banner.id, id))
          .returning();
        await audit(tx, request, {
          event: 'banner_update',
          target: `banner:${id}`,
          before: auditView(current),
          after: auditView(row!),
        });
        return row!;
      });
      await app.readCache.invalidate('banner');
      return ok(adminView(updated));
    },
  );

  app.delete(
    ApiPaths.adminBanner(':id'),
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: '删除轮播图',
        security: [{ bearer: [] }],
        params: bannerIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const [row] = await tx.delete(banner).where(eq(banner.id, id)).returning();
        if (!row) throw notFound(BANNER_NOT_FOUND);
        await audit(tx, request, {
          event: 'banner_delete',
          target: `banner:${id}`,
          before: auditView(row),
          after: null,
        });
      });
      await app.readCache.invalidate('banner');
      return ok(null);
    },
  );

  await app.register(bannerConsoleRoutes, { audit });

  // Banner pictures: cropped to the carousel's ratio and re-encoded to WebP, then stored in the
  // uploads folder under `banner/` (random names, served immutable at /uploads/banner/…).
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data'))
      await scope.register(multipart, { limits: { fileSize: BANNER_IMAGE_LIMIT, files: 1, fields: 5, parts: 6 } });
    scope.post(
      ApiPaths.adminBannerImages,
      {
        bodyLimit: BANNER_IMAGE_LIMIT + 64 * 1024,
        config: { ...ADMIN, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['admin'],
          summary: '上传轮播图图片（multipart 字段 file；按内容识别，裁剪为 1920×400 并重新编码为 WebP）',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: { 200: envelope(consoleImage) },
        },
      },
      async (request) => {
        if (!images) throw badRequest('此部署未配置文件存储，无法上传图片');
        if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传图片（字段 file）');
        const tooLarge = () => new AppError(413, ErrorCode.FILE_TOO_LARGE, '图片不能超过 10 MB');
        let data: Buffer;
        try {
          const part = await request.file({ limits: { fileSize: BANNER_IMAGE_LIMIT, files: 1 } });
          if (!part) throw badRequest('请选择要上传的图片');
          data = await part.toBuffer();
          if (part.file.truncated) throw tooLarge();
        } catch (err) {
          if (err instanceof AppError) throw err;
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw new AppError(422, ErrorCode.FILE_STREAM, '图片上传中断，请重新上传');
        }
        const image = await reencodeImage(data, { ...BANNER_IMAGE_SIZE, fit: 'cover' });
        const key = `banner/${randomUUID()}.webp`;
        const url = await images.store(key, image.data);
        await audit(app.db, request, {
          event: 'banner_image',
          target: `image:${key}`,
          after: { url, width: image.width, height: image.height, bytes: image.data.length },
        });
        return ok({ url, width: image.width, height: image.height });
      },
    );
  });
};
export default bannerRoutes;
