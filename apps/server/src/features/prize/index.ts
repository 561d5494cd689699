/**
 * Prize reading activity feature (docs/prize.md): one Fastify plugin made of route files by
 * concern – the activity and its books (`routes-activity.ts`), heartbeats and points
 * (`routes-reading.ts`), the ranking (`routes-rank.ts`), prize groups and draws (`routes-draw.ts`),
 * operators' calls (`routes-console.ts`) – over one service (`service.ts`: activity cache, reading
 * store and ranking store, in Redis with REDIS_URL, in process otherwise; reading credits written
 * to the database in batches by `flusher.ts`), and the eraser of what it stores about a user.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { prizeEraser } from './erasure';
import activityRoutes from './routes-activity';
import adminRoutes from './routes-console';
import type { PrizeOptions } from './routes-common';
import drawRoutes from './routes-draw';
import rankRoutes from './routes-rank';
import readingRoutes from './routes-reading';
import { PrizeService } from './service';

export { beijingIso, runningActivityBanner, saveActivity } from './activities';
export { DEMO_ACTIVITY_CODE, seedPrize } from './seed';
export type { PrizeOptions } from './routes-common';

declare module 'fastify' {
  interface FastifyInstance {
    /** The activity's services (tests and the bench reach the ranking and anchors through it). */
    prize: PrizeService;
  }
}

async function prizeFeature(app: FastifyInstance, opts: PrizeOptions) {
  const service = new PrizeService({
    db: app.db,
    redis: app.redis,
    prefix: opts.kvPrefix ?? 'eav:',
    clock: () => app.clock(),
    log: app.log,
  });
  app.decorate('prize', service);
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
  const routeOpts = { ...opts, service };
  await app.register(activityRoutes, routeOpts);
  await app.register(readingRoutes, routeOpts);
  await app.register(rankRoutes, routeOpts);
  await app.register(drawRoutes, routeOpts);
  await app.register(adminRoutes, routeOpts);
}

export default fp(prizeFeature, { name: 'prize' });
