/**
 * The activity itself (docs/prize.md, Calls): the running activity or null, one activity by code,
 * and its recommended books as catalogue cards. Public: visitors see everything.
 */
import { activityCodeParams, activityQuery, ApiPaths, envelope, prizeActivity, recommendBooks } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { activityView } from './activities';
import { routePath, type PrizeOptions } from './routes-common';

const activityRoutes: FastifyPluginAsyncZod<PrizeOptions> = async (app, { service, cards }) => {
  app.get(
    ApiPaths.prizeActivityCurrent,
    {
      schema: {
        tags: ['prize'],
        summary: '当前进行中的活动（没有时为 null）；倒计时以 serverTime 为准',
        response: { 200: envelope(prizeActivity.nullable()) },
      },
    },
    async () => {
      const now = app.clock();
      const a = await service.activities.current(now);
      return ok(a ? activityView(a, now) : null);
    },
  );

  app.get(
    ApiPaths.prizeActivity,
    {
      schema: {
        tags: ['prize'],
        summary: '按活动编码查询活动',
        querystring: activityQuery,
        response: { 200: envelope(prizeActivity) },
      },
    },
    async (request) => {
      const a = await service.activities.require(request.query.activityCode);
      return ok(activityView(a, app.clock()));
    },
  );

  app.get(
    routePath(ApiPaths.prizeRecommendBooks, 'code'),
    {
      schema: {
        tags: ['prize'],
        summary: '活动推荐教材（目录卡片，按活动顺序）',
        params: activityCodeParams,
        response: { 200: envelope(recommendBooks) },
      },
    },
    async (request) => {
      const a = await service.activities.require(request.params.code);
      const byId = await cards(app.db, a.bookIds);
      return ok(a.bookIds.flatMap((id) => byId.get(id) ?? []));
    },
  );

  // The generated banner image of an activity without its own (an image: not signed, cacheable).
  app.get(
    // `prizeBannerSvg(code)` is `/prize/banners/{code}.svg`.
    '/prize/banners/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const code = request.params.file.replace(/\.svg$/, '');
      const a = request.params.file.endsWith('.svg') ? await service.activities.get(code) : null;
      if (!a) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(BANNER_SVG);
    },
  );
};

/**
 * A 1200×400 banner background on the portal's reading-campaign colours, without text: every place
 * that shows a banner (the desktop carousel, the H5 swiper, the activity page) lays the title and
 * subtitle over the image as HTML, so text in the picture would be printed twice, and cropped on a
 * narrow screen. The book sits on the right, clear of the captions on the left.
 */
const BANNER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400" preserveAspectRatio="xMaxYMid slice">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b4232c"/><stop offset="1" stop-color="#e8590c"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>
<g fill="#fff" opacity="0.12"><circle cx="1050" cy="80" r="160"/><circle cx="980" cy="360" r="120"/></g>
<g transform="translate(880 120)" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round" opacity="0.9">
<path d="M0 20 Q80 0 150 30 L150 190 Q80 160 0 180 Z"/><path d="M150 30 Q220 0 300 20 L300 180 Q220 160 150 190"/></g>
</svg>`;

export default activityRoutes;
