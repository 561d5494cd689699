/**
 * The in-process read cache and the invalidation bus (decision 011): decorates `app.readCache`
 * (lib/read-cache.ts) and `app.invalidation` (lib/read-cache-bus.ts; Redis pub/sub on the `kv`
 * plugin's connection when REDIS_URL is set).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReadCache } from '../lib/read-cache';
import { InvalidationBus } from '../lib/read-cache-bus';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
    invalidation: InvalidationBus;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ReadCachePluginOptions {
  /** Prefix of shared Redis names, as for `kv` (the channel is `<prefix>invalidate`). */
  prefix?: string;
  /** Monotonic clock (ms) spacing version reads; `performance.now` by default. */
  monotonic?: () => number;
  /** False bypasses the cache (CACHES_OFF=read-cache): every read is built afresh, same answers. */
  enabled?: boolean;
}

export default fp<ReadCachePluginOptions>(
  async function readCache(app: FastifyInstance, opts) {
    const bus = new InvalidationBus(app.redis, `${opts.prefix ?? 'eav:'}invalidate`);
    await bus.start();
    app.decorate('invalidation', bus);
    const cache = new ReadCache({
      db: app.db,
      bus,
      clock: () => app.clock(),
      monotonic: opts.monotonic,
      enabled: opts.enabled,
    });
    app.decorate('readCache', cache);
    // A write answered by this process is seen by its next read: whatever route wrote, the
    // versions are read again (other instances see it within VERSION_CHECK_MS, or at once when the
    // route announces it with `readCache.invalidate`).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) cache.forgetVersions();
      done(null, payload);
    });
    app.addHook('onClose', async () => {
      await bus.stop();
    });
  },
  { name: 'read-cache', dependencies: ['db', 'kv'] },
);
