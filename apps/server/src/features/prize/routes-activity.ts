/**
 * The activity itself (docs/prize.md, Calls): the running activity or null, one activity by code,
 * and its recommended books as catalogue cards. Public: visitors see everything.
 */
import { activityCodeParams, activityQuery, ApiPaths, envelope, prizeActivity, recommendBooks } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http';
import { activityView, beijingIso } from './activities';
import { routePath, type PrizeRouteOptions } from './routes-common';

const activityRoutes: FastifyPluginAsyncZod<PrizeRouteOptions> = async (app, { service, cards }) => {
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
      const period = `${beijingIso(a.startAt.getTime()).slice(0, 10)} 至 ${beijingIso(a.endAt.getTime()).slice(0, 10)}`;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(bannerSvg(a.title, period));
    },
  );
};

const xml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** A 1200×400 banner: the activity's title and period on the portal's reading-campaign colours. */
function bannerSvg(title: string, period: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b4232c"/><stop offset="1" stop-color="#e8590c"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>
<g fill="#fff" opacity="0.12"><circle cx="1050" cy="80" r="160"/><circle cx="980" cy="360" r="120"/></g>
<g transform="translate(880 120)" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round" opacity="0.9">
<path d="M0 20 Q80 0 150 30 L150 190 Q80 160 0 180 Z"/><path d="M150 30 Q220 0 300 20 L300 180 Q220 160 150 190"/></g>
<text x="80" y="150" font-family="'Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="30" fill="#ffe8cc">阅读有奖 · 积分抽奖</text>
<text x="80" y="225" font-family="'Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="56" font-weight="700" fill="#fff">${xml(title)}</text>
<text x="80" y="290" font-family="'Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="28" fill="#fff">活动时间：${xml(period)}</text>
</svg>`;
}

export default activityRoutes;
