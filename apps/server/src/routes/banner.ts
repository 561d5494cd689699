/**
 * Home carousel banners: the public list `GET /prize/api/v1/banner` (active banners inside their
 * time window, in display order) and the operators' calls under `/api/v1/admin/banners` (role
 * `admin`, enforced by the global role gate of plugins/auth.ts). Links and images are `https://`
 * URLs or in-app paths (`safeLink`), so a `javascript:` or `data:` link never reaches a page
 * (docs/api.md, Banners). The public list comes from the read cache (scope 'banner': writes to
 * banners and prize activities invalidate it; it is rebuilt when a display window opens or closes).
 */
import {
  adminBanner,
  ApiPaths,
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
} from '@eav/contract';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowsOf } from '../db/client';
import { banner, prizeActivities } from '../db/schema';
import { runningActivityBanner } from '../features/prize';
import { notFound, unprocessable } from '../lib/errors';
import { ok } from '../lib/http';

const ADMIN = { roles: CONSOLE_ACCESS.content } as const;
const BANNER_NOT_FOUND = '轮播图不存在';

type BannerRow = typeof banner.$inferSelect;

/**
 * The link a page may follow, or null. Banners stored before links were checked may hold a hash
 * route (`#/digitalBook`): it is served as the in-app path it names; anything unsafe is dropped.
 */
export function publicLink(link: string | null): string | null {
  if (!link) return null;
  const path = link.startsWith('#/') ? link.slice(1) : link;
  return isSafeLink(path) ? path : null;
}

function adminView(row: BannerRow) {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    link: row.link,
    sortOrder: row.sortOrder,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const toDate = (v: string | null) => (v === null ? null : new Date(v));

const bannerList = envelope(z.array(bannerSchema));

const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The next time (ms) a banner's or a prize activity's display window opens or closes: the cached
   * carousel is rebuilt then, since time changes it without a write. Null when none is ahead.
   */
  async function nextBoundary(now: Date): Promise<number | undefined> {
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
    (request, reply) =>
      app.readCache.reply(request, reply, 'banner', 'banners', async () => {
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
        return { value: bannerList.parse(ok(list)), until: await nextBoundary(now) };
      }),
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
      const [row] = await app.db
        .insert(banner)
        .values({ ...b, startsAt: toDate(b.startsAt), endsAt: toDate(b.endsAt) })
        .returning();
      await app.readCache.invalidate('banner');
      return ok(adminView(row!));
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
      const [row] = await app.db.delete(banner).where(eq(banner.id, request.params.id)).returning({ id: banner.id });
      if (!row) throw notFound(BANNER_NOT_FOUND);
      await app.readCache.invalidate('banner');
      return ok(null);
    },
  );
};
export default bannerRoutes;
