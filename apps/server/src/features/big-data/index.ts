/**
 * 大数据中心 (docs/big-data.md): the public overview (small counts of people withheld) and the same
 * figures for operators. Each view's answer is kept for a minute (`KEEP_MS`) and computed by one
 * request at a time, so a crowd opening the page runs the grouped scans once.
 */
import { ApiPaths, bigDataOverview, envelope, type BigDataOverview, CONSOLE_ACCESS } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import { computeOverview } from './overview';

/** How long an overview is served before it is computed again, ms (the page refreshes each minute). */
export const KEEP_MS = 60_000;

const bigDataFeature: FastifyPluginAsyncZod = async (app) => {
  const kept = new Map<'public' | 'operator', { at: number; answer: Promise<BigDataOverview> }>();
  const overview = (view: 'public' | 'operator') => {
    const now = app.clock();
    const hit = kept.get(view);
    if (hit && now - hit.at < KEEP_MS) return hit.answer;
    const answer = computeOverview(app.db, now, view === 'public');
    kept.set(view, { at: now, answer });
    // A failed computation is not kept: the next request tries again.
    answer.catch(() => kept.delete(view));
    return answer;
  };

  app.get(
    ApiPaths.bigDataOverview,
    {
      schema: {
        tags: ['big-data'],
        summary: '大数据中心：教材覆盖、激活、阅读、下载与用户分布（人数过少的数字不公开）',
        response: { 200: envelope(bigDataOverview) },
      },
    },
    async () => ok(await overview('public')),
  );

  app.get(
    ApiPaths.adminBigDataOverview,
    {
      config: { roles: CONSOLE_ACCESS.analytics },
      schema: {
        tags: ['big-data'],
        summary: '大数据中心（运营人员）：同公开数据，但不隐藏小数字',
        security: [{ bearer: [] }],
        response: { 200: envelope(bigDataOverview) },
      },
    },
    async () => ok(await overview('operator')),
  );
};

export default bigDataFeature;
