/**
 * Prize reading activity feature (docs/prize.md): one Fastify plugin made of route files by
 * concern – the activity and its books (`routes-activity.ts`), heartbeats and points
 * (`routes-reading.ts`), the ranking (`routes-rank.ts`), prize groups and draws (`routes-draw.ts`),
 * operators' calls (`routes-console.ts`) – over one service (`service.ts`: activity cache, reading
 * store and ranking store, in Redis with REDIS_URL, in process otherwise; reading credits written
 * to the database in batches by `flusher.ts`; app.ts creates it and passes it in), and the eraser of
 * what it stores about a user.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { prizeEraser } from './erasure';
import activityRoutes from './routes-activity';
import adminRoutes from './routes-console';
import type { PrizeOptions } from './routes-common';
import drawRoutes from './routes-draw';
import rankRoutes from './routes-rank';
import readingRoutes from './routes-reading';

export { beijingIso, runningActivityBanner, saveActivity } from './activities';
export { DEMO_ACTIVITY_CODE, seedPrize } from './seed';
export { PrizeService } from './service';
export type { PrizeOptions } from './routes-common';

const prizeFeature: FastifyPluginAsyncZod<PrizeOptions> = async (app, opts) => {
  const { service } = opts;
  // Reading credits are written in batches; the close writes what is left (before the database
  // and Redis close: their hooks were added earlier and run later).
  service.flusher.start();
  app.addHook('onClose', async () => {
    try {
      await service.flusher.close();
    } catch (err) {
      app.log.error({ err }, 'prize: reading credits not written at close');
    }
  });
  app.registerErasure('prize', prizeEraser(service));
  await app.register(activityRoutes, opts);
  await app.register(readingRoutes, opts);
  await app.register(rankRoutes, opts);
  await app.register(drawRoutes, opts);
  await app.register(adminRoutes, opts);
};

export default prizeFeature;
