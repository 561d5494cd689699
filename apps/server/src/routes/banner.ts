/** `GET /prize/api/v1/banner`: active banners inside their time window, in display order. */
import { ApiPaths, banner as bannerSchema, envelope } from '@eav/contract';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { banner } from '../db/schema';
import { ok } from '../lib/http';

const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ApiPaths.banner,
    {
      schema: {
        tags: ['home'],
        summary: '首页轮播图',
        querystring: z.object({ activityCode: z.string().max(64).optional() }),
        response: { 200: envelope(z.array(bannerSchema)) },
      },
    },
    async () => {
      const now = new Date();
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
      return ok(rows);
    },
  );
};
export default bannerRoutes;
