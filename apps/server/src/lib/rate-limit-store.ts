/**
 * Rate-limit counting, one rule for every limit: fixed windows of the business clock, counted in
 * `app.kv` (Redis when configured, shared by every instance; in process without it, and while Redis
 * is unreachable, docs/operations.md, Redis outage).
 *
 * `kvRateLimitStore` is the store of @fastify/rate-limit, written on the plugin's public store
 * interface. Why not the plugin's own stores: its Redis store fails every rate-limited request while
 * Redis is down (each answers 500), and `skipOnError` would lift the limits altogether, which rewards
 * an attacker who can time an outage; `kv` counts in process for those seconds instead, which keeps
 * every limit in force (at most N times the limit with N instances) and the routes answering. And
 * with one counting rule, the limits keyed by an address and those keyed by what a request names (an
 * account, a phone, a class: `hitWindow`, known only after the body is read) behave alike, and tests
 * move the clock instead of waiting for a window to pass.
 */
import { Messages } from '@eav/contract';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kv } from '../plugins/kv';
import { tooMany } from './errors';
import { sha256Hex } from './tokens';

/** What the plugin passes to a store's constructor and `child`: the limit's options, normalised. */
interface StoreOptions {
  timeWindow?: unknown;
  routeInfo?: { method?: string; url?: string };
}

/**
 * Builds the store class for `register(rateLimit, { store })`: each route's clients counted under
 * the route's method and URL by `hitWindow`, in `kv` on the business clock `now` (ms).
 */
export function kvRateLimitStore(kv: Kv, now: () => number): FastifyRateLimitStoreCtor {
  class KvStore implements FastifyRateLimitStore {
    private readonly name: string;

    constructor(private readonly options: StoreOptions) {
      const route = options.routeInfo;
      // A digest of the route, so that a key stays short whatever the URL (kv's keys stay under 64 characters).
      this.name = route?.method && route.url ? `rl:${sha256Hex(`${route.method} ${route.url}`).slice(0, 12)}` : 'rl';
    }

    /**
     * Counts a hit of `key`. The plugin passes the window (ms, normalised) and the maximum after the
     * callback; its published types name only the first two arguments.
     */
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
      max?: number,
    ): void {
      const windowMs = timeWindow ?? (typeof this.options.timeWindow === 'number' ? this.options.timeWindow : 60_000);
      hitWindow(kv, this.name, key, { max: max ?? Number.MAX_SAFE_INTEGER, windowMs }, now()).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.retryAfterMs }),
        (err: Error) => callback(err),
      );
    }

    /** A route's store; the plugin passes the route's limit options, its route under `routeInfo`. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The published type names the route's own options; what arrives is the merged limit options.
      return new KvStore(routeOptions as unknown as StoreOptions);
    }
  }
  return KvStore as unknown as FastifyRateLimitStoreCtor;
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
