/**
 * The store of @fastify/rate-limit when Redis is configured: counts in Redis (shared by every
 * instance) and, while Redis is unreachable, in process (docs/operations.md, Redis outage).
 *
 * Why not the plugin's own choices: its Redis store fails every rate-limited request while Redis is
 * down (each answers 500), and `skipOnError` would lift the limits altogether, which rewards an
 * attacker who can time an outage. Counting per instance for those seconds keeps every limit in
 * force (at most N times the limit with N instances) and keeps the routes answering.
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
// The plugin's two stores, CommonJS modules without types of their own.
// @ts-expect-error -- no declaration file
import LocalStoreImpl from '@fastify/rate-limit/store/LocalStore.js';
// @ts-expect-error -- no declaration file
import RedisStoreImpl from '@fastify/rate-limit/store/RedisStore.js';

/** The callback of a store's `incr`: the count in the window and the window's time left in ms. */
type IncrCallback = (err: Error | null, result: { current: number; ttl: number } | null) => void;

/** A store as @fastify/rate-limit calls it (its `RateLimitStore` contract). */
interface Store {
  incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}

interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo: { method: string; url: string };
}

const LocalStore = LocalStoreImpl as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = RedisStoreImpl as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;

/** Options the plugin passes to a custom store's constructor (its global parameters). */
interface GlobalParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

/**
 * Builds the store class for `register(rateLimit, { store })`: Redis first; the in-process store
 * when the connection is not ready or a command fails. `nameSpace` prefixes the Redis keys.
 */
export function resilientRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class ResilientStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: GlobalParams, shared?: Store, local?: Store) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.shared = shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = local ?? new LocalStore(continueExceeding, exponentialBackoff, params.cache);
    }

    incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void {
      // Not connected: ioredis would queue the command and fail it only after its retries.
      if (redis.status !== 'ready') return this.local.incr(key, cb, timeWindow, max);
      this.shared.incr(
        key,
        (err, result) => (err ? this.local.incr(key, cb, timeWindow, max) : cb(null, result)),
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new ResilientStore(
        routeOptions,
        this.shared.child(routeOptions),
        new LocalStore(
          routeOptions.continueExceeding ?? false,
          routeOptions.exponentialBackoff ?? false,
          routeOptions.cache,
        ),
      );
    }
  }
  // The plugin's published types omit the window and the maximum it passes to `incr`.
  return ResilientStore as unknown as FastifyRateLimitStoreCtor;
}
