/**
 * Rate-limit counting. The store of @fastify/rate-limit when Redis is configured: counts in Redis (shared by every
 * instance) and, while Redis is unreachable, in process (docs/operations.md, Redis outage).
 *
 * Why not the plugin's own choices: its Redis store fails every rate-limited request while Redis is
 * down (each answers 500), and `skipOnError` would lift the limits altogether, which rewards an
 * attacker who can time an outage. Counting per instance for those seconds keeps every limit in
 * force (at most N times the limit with N instances) and keeps the routes answering.
 *
 * And `hitWindow`: fixed-window counters in `app.kv` for limits keyed by what a request names
 * (an account, a phone, a class) rather than by its address.
 */
import { Messages } from '@eav/contract';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Kv } from '../plugins/kv';
import { tooMany } from './errors';
import { sha256Hex } from './tokens';
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

/** A fixed-window limit: at most `max` hits per `windowMs` (ms). */
export interface WindowRule {
  max: number;
  windowMs: number;
}

/** Where a subject stands in its window after a hit. */
export interface WindowHit {
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Whether this hit is beyond the rule's maximum. */
  over: boolean;
  /** Time until the window ends (ms): when a refused subject may try again. */
  retryAfterMs: number;
}

/**
 * Counts one hit of `subject` under `name` in the current fixed window of the business clock
 * (`now`, ms), in `kv` (Redis when configured: shared by every instance). Windows are numbered
 * from the clock, not from the store's expiry, so tests move the clock instead of waiting; keys
 * hold a SHA-256 digest of the subject, so neither phone numbers nor long inputs reach the store.
 * Used for the limits keyed by what an attacker spends (account, phone, class), which
 * @fastify/rate-limit cannot key because they are known only after the body is read.
 */
export async function hitWindow(
  kv: Kv,
  name: string,
  subject: string,
  rule: WindowRule,
  now: number,
): Promise<WindowHit> {
  const window = Math.floor(now / rule.windowMs);
  const key = `win:${name}:${sha256Hex(subject).slice(0, 32)}:${window}`;
  // Kept a minute past its window: the store's clock and the business clock may differ a little.
  const count = await kv.incr(key, rule.windowMs + 60_000);
  return { count, over: count > rule.max, retryAfterMs: (window + 1) * rule.windowMs - now };
}

/**
 * Counts a hit like `hitWindow` and refuses it beyond the maximum.
 * @throws 429 RATE.LIMITED with `msg` and data.retryAfter (s).
 */
export async function assertWithinWindow(
  kv: Kv,
  name: string,
  subject: string,
  rule: WindowRule,
  now: number,
  msg: string = Messages.rateLimited,
): Promise<void> {
  const hit = await hitWindow(kv, name, subject, rule, now);
  if (hit.over) throw tooMany(msg, { retryAfter: Math.max(1, Math.ceil(hit.retryAfterMs / 1000)) });
}
