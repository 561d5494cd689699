/**
 * 大数据中心 (docs/big-data.md): the public overview (small counts of people withheld) and the same
 * figures for operators, read from rollups (rollups.ts). The rollups are refreshed every
 * `REFRESH_MS` in the background and, when older than `KEEP_MS`, before an answer is computed.
 * The figures are kept for a minute (`KEEP_MS`) and read by one request at a time for both views.
 */
import { ApiPaths, bigDataOverview, envelope, type BigDataOverview, CONSOLE_ACCESS } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http';
import { present, readFigures, type Figures } from './overview';
import { eraseFromRollups, refreshRollups } from './rollups';

export { seedDemoActivity } from './demo';

/** How long an overview is served before it is computed again, ms (the page refreshes each minute). */
export const KEEP_MS = 60_000;
/** Period of the background refresh of the rollups, ms (real time, not the app clock). */
export const REFRESH_MS = 30_000;

const bigDataFeature: FastifyPluginAsyncZod = async (app) => {
  // One refresh at a time in this instance; other instances are kept out by the advisory lock.
  let refreshedAt = -Infinity;
  let refreshing: Promise<void> | null = null;
  const refresh = (): Promise<void> =>
    (refreshing ??= refreshRollups(app.db)
      .then(() => void (refreshedAt = app.clock()))
      .finally(() => (refreshing = null)));
  const timer = setInterval(
    () => void refresh().catch((err: unknown) => app.log.error({ err }, 'big data: rollup refresh failed')),
    REFRESH_MS,
  );
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await refreshing?.catch(() => {});
  });
  // The person's share of the rollups goes with their rows (registered after the features whose
  // erasers delete those rows).
  app.registerErasure('bigData.rollups', (tx, userId) => eraseFromRollups(tx, userId));

  // The figures are read once a minute for both views; each view's answer is derived once.
  let kept: { at: number; figures: Promise<Figures>; views: Map<boolean, Promise<BigDataOverview>> } | null = null;
  const overview = (view: 'public' | 'operator') => {
    const now = app.clock();
    if (!kept || now - kept.at >= KEEP_MS) {
      const figures = (now - refreshedAt >= KEEP_MS ? refresh() : Promise.resolve()).then(() =>
        readFigures(app.db, now),
      );
      const entry = { at: now, figures, views: new Map<boolean, Promise<BigDataOverview>>() };
      kept = entry;
      // A failed computation is not kept: the next request tries again.
      figures.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    const suppress = view === 'public';
    let answer = kept.views.get(suppress);
    if (!answer) {
      answer = kept.figures.then((f) => present(f, suppress));
      kept.views.set(suppress, answer);
    }
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
