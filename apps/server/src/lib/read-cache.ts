/**
 * In-process cache of read answers that change only on writes (decision 011): dictionaries,
 * banners, the textbook catalogue's lists and facets, book details. An answer is stored once as its
 * JSON text with a weak ETag and served without a database round trip; an answer large enough to
 * be compressed is also kept compressed (brotli and gzip), so that a browser's request does not
 * compress the same bytes again every time.
 *
 * Invalidation is by version: every write to the tables behind a scope bumps that scope's row of
 * `catalogue_version` in the same transaction (database triggers, whoever writes: this server,
 * another instance, an import command), and entries are keyed by the version they were built
 * from. The version is read at most once per VERSION_CHECK_MS; a write through this process, or
 * one announced by another instance over the invalidation bus, drops that trust at once, so the
 * next read sees the write. A write that nobody announces (an import command) is seen at most
 * VERSION_CHECK_MS late.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { catalogueVersion } from '../db/schema';
import {
  COMPRESS_THRESHOLD_BYTES,
  encodeAnswer,
  storedEncodingFor,
  varyOnAcceptEncoding,
  type EncodedBytes,
} from './compression';
import type { InvalidationBus } from './read-cache-bus';

/**
 * Scopes of `catalogue_version` the cache follows: 'textbooks' (textbooks, dictionary, stage
 * subjects, chapters, videos), 'banner' (banners, prize activities) and 'publishing'
 * (announcements, printings, errata: docs/publishing.md).
 */
export const READ_SCOPES = ['textbooks', 'banner', 'publishing'] as const;
export type ReadScope = (typeof READ_SCOPES)[number];

/** How long a version read is trusted, ms: the staleness bound of writes nobody announces. */
export const VERSION_CHECK_MS = 250;
/** Budget of the cached answers, in bytes of JSON text (UTF-16 code units counted twice). */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Most answers held whatever their size. */
export const READ_CACHE_MAX_ENTRIES = 20_000;
/** Most request targets remembered by the URL index (see `ReadCache.repeat`). */
export const URL_INDEX_MAX_ENTRIES = 20_000;
/** Budget of the URL index, in UTF-16 code units of the targets and keys it holds. */
const URL_INDEX_MAX_CHARS = 4 * 1024 * 1024;

/** Bus topic of scope invalidations; the data is the scope. */
export const READ_TOPIC = 'read';

/** A cached answer: its JSON text, the same as UTF-8 bytes, and its weak ETag. */
export interface CachedAnswer {
  body: string;
  /**
   * `body` encoded once: what is sent. Sending the text would encode it again on every request
   * (most answers are Chinese text, several kB for a catalogue page).
   */
  bytes: Buffer;
  etag: string;
  /**
   * `bytes` compressed, for answers of COMPRESS_THRESHOLD_BYTES or more; sent with its
   * Content-Encoding to a client that accepts it (compressing a 7 kB catalogue page with brotli on
   * every request cost five times the rest of the request: docs/benchmarks.md, Foundation).
   */
  encoded?: EncodedBytes;
  /** Business-clock time (ms) after which the answer is rebuilt even at the same version, if any. */
  until?: number;
}

export interface ReadCacheOptions {
  db: Db;
  bus?: InvalidationBus;
  /** Business clock (ms) of `until` bounds; `Date.now` by default. */
  clock?: () => number;
  /** Monotonic clock (ms) spacing version reads; `performance.now` by default. */
  monotonic?: () => number;
  maxBytes?: number;
  checkMs?: number;
  /**
   * False bypasses the cache (CACHES_OFF=read-cache, for measuring it): every answer is built by
   * its loader and nothing is kept, so `peek` and `repeat` never answer. The answer is the same
   * JSON text with the same ETag; the json-compression plugin compresses it as the cache would.
   */
  enabled?: boolean;
}

/** Weak ETag of a JSON text: a digest of the bytes, so equal answers share it. */
export function weakEtag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag` by the weak comparison of RFC 9110 §13.1.2
 * (a list of tags, `W/` ignored, or `*`).
 */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  const values = Array.isArray(header) ? header.join(',') : header;
  return values.split(',').some((v) => {
    const t = v.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

interface VersionState {
  versions: Map<ReadScope, number>;
  checkedAt: number;
}

export class ReadCache {
  private readonly db: Db;
  private readonly bus: InvalidationBus | undefined;
  private readonly clock: () => number;
  private readonly monotonic: () => number;
  private readonly checkMs: number;
  private readonly enabled: boolean;
  private readonly entries: LRUCache<string, CachedAnswer>;
  private readonly building = new Map<string, Promise<CachedAnswer>>();
  /** Request target (`request.url` of a GET) → the scope and key `reply` answered it with. */
  private readonly urls = new LRUCache<string, { scope: ReadScope; key: string }>({
    max: URL_INDEX_MAX_ENTRIES,
    maxSize: URL_INDEX_MAX_CHARS,
    sizeCalculation: (v, url) => url.length + v.key.length + 16,
  });
  private state: VersionState | null = null;
  private reading: Promise<VersionState> | null = null;
  /** Bumped by every invalidation: a version read begun before it is not trusted. */
  private generation = 0;

  constructor(options: ReadCacheOptions) {
    this.db = options.db;
    this.bus = options.bus;
    this.clock = options.clock ?? Date.now;
    this.monotonic = options.monotonic ?? (() => performance.now());
    this.checkMs = options.checkMs ?? VERSION_CHECK_MS;
    this.enabled = options.enabled ?? true;
    this.entries = new LRUCache<string, CachedAnswer>({
      max: READ_CACHE_MAX_ENTRIES,
      maxSize: options.maxBytes ?? READ_CACHE_MAX_BYTES,
      sizeCalculation: (v, k) =>
        (v.body.length + k.length) * 2 +
        v.bytes.length +
        (v.encoded ? v.encoded.br.length + v.encoded.gzip.length : 0) +
        64,
    });
    this.bus?.on(READ_TOPIC, () => this.forgetVersions());
  }

  /** Answers held and their weight in bytes (monitoring, tests). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /** Forgets the trusted versions, so that the next read asks the database (this process only). */
  forgetVersions(): void {
    this.generation++;
    this.state = null;
    // A read in flight may predate the write: later requests start their own.
    this.reading = null;
  }

  /** The current versions: trusted for `checkMs`, then read again (one query for every scope). */
  async versions(): Promise<Map<ReadScope, number>> {
    const s = this.state;
    if (s && this.monotonic() - s.checkedAt < this.checkMs) return s.versions;
    if (!this.reading) {
      const startedAt = this.monotonic();
      const generation = this.generation;
      const reading = (async () => {
        const rows = await this.db
          .select({ scope: catalogueVersion.scope, version: catalogueVersion.version })
          .from(catalogueVersion)
          .where(inArray(catalogueVersion.scope, [...READ_SCOPES]));
        const versions = new Map<ReadScope, number>(READ_SCOPES.map((sc) => [sc, 0]));
        for (const r of rows) versions.set(r.scope as ReadScope, Number(r.version));
        const next = { versions, checkedAt: startedAt };
        // Trusted only if no invalidation came in meanwhile.
        if (this.generation === generation) {
          this.state = next;
          this.reading = null;
        }
        return next;
      })();
      this.reading = reading;
      reading.catch(() => {
        if (this.generation === generation) this.reading = null;
      });
    }
    return (await this.reading).versions;
  }

  /**
   * The answer of `key` in `scope`: from memory when built at the current version (and before its
   * `until`), else built by `load` (concurrent misses share one build; a failed build is not kept).
   * `load` returns the answer object and, optionally, a business-clock time after which it is stale
   * (banners' display windows).
   */
  async get(
    scope: ReadScope,
    key: string,
    load: () => Promise<{ value: unknown; until?: number }>,
  ): Promise<CachedAnswer> {
    if (!this.enabled) {
      const { value, until } = await load();
      const body = JSON.stringify(value);
      // Left uncompressed: the json-compression plugin encodes it per request, with the same settings.
      return {
        body,
        bytes: Buffer.from(body, 'utf8'),
        etag: weakEtag(body),
        ...(until !== undefined ? { until } : {}),
      };
    }
    const version = (await this.versions()).get(scope) ?? 0;
    const full = `${scope}\u0000${version}\u0000${key}`;
    const hit = this.fresh(full);
    if (hit) return hit;
    let build = this.building.get(full);
    if (!build) {
      build = (async () => {
        const { value, until } = await load();
        const body = JSON.stringify(value);
        const bytes = Buffer.from(body, 'utf8');
        const etag = weakEtag(body);
        const answer: CachedAnswer = { body, bytes, etag };
        if (bytes.length >= COMPRESS_THRESHOLD_BYTES) answer.encoded = await encodeAnswer(bytes);
        if (until !== undefined) answer.until = until;
        this.entries.set(full, answer);
        return answer;
      })().finally(() => this.building.delete(full));
      this.building.set(full, build);
    }
    return build;
  }

  /**
   * The answer of `key` in `scope` when it can be given without waiting: the versions are trusted
   * (read within `checkMs`, no invalidation since) and the answer was built at the current version
   * and is before its `until`. Otherwise undefined, and `get` decides.
   */
  peek(scope: ReadScope, key: string): CachedAnswer | undefined {
    if (!this.enabled) return undefined;
    const s = this.state;
    if (!s || this.monotonic() - s.checkedAt >= this.checkMs) return undefined;
    return this.fresh(`${scope}\u0000${s.versions.get(scope) ?? 0}\u0000${key}`);
  }

  /** The entry under a full key, unless past its `until`. */
  private fresh(full: string): CachedAnswer | undefined {
    const hit = this.entries.get(full);
    return hit && (hit.until === undefined || this.clock() < hit.until) ? hit : undefined;
  }

  /**
   * Tells this process and the other instances that `scope` changed: call after the write
   * committed (the database has already bumped the version).
   */
  async invalidate(scope: ReadScope): Promise<void> {
    this.forgetVersions();
    if (this.bus) await this.bus.publish(READ_TOPIC, scope);
  }

  /**
   * Answers a GET from the cache: 304 without a body when `If-None-Match` matches, else the JSON
   * text with its ETag. `Cache-Control: private, no-cache` lets the browser keep the answer and
   * revalidate it on every use, so each use is still a signed request (docs/api.md, Caching).
   * Gives the payload the handler returns (typed `never` so that it fits any route's reply type:
   * it is the already serialised answer): at once when `peek` has it, so that a cached read costs
   * the handler no promise, else once `get` has resolved.
   *
   * `key` must follow from the request target alone (its path and query), never from who asks or
   * from other headers, and the route must not depend on route-level hooks: a repeat of the same
   * GET target is answered by `repeat`, before validation and the handler (plugins/read-replay.ts).
   */
  reply(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: ReadScope,
    key: string,
    load: () => Promise<{ value: unknown; until?: number }>,
  ): never | Promise<never> {
    // Only a target that passed validation gets here; a repeat of it is answered by `repeat`.
    if (this.enabled && request.method === 'GET' && !this.urls.has(request.url))
      this.urls.set(request.url, { scope, key });
    const hit = this.peek(scope, key);
    if (hit) return cachedPayload(request, reply, hit);
    return this.get(scope, key, load).then((answer) => cachedPayload(request, reply, answer));
  }

  /**
   * The cached answer of a GET whose exact target `reply` has answered before, when it can be given
   * without waiting (see `peek`); undefined when the target is unknown or its answer must be built
   * again, and the request takes the full route.
   */
  repeat(request: FastifyRequest): CachedAnswer | undefined {
    const known = this.urls.get(request.url);
    return known && this.peek(known.scope, known.key);
  }
}

/**
 * Prepares the reply of a cached answer (or a 304 when the client holds it) and returns the payload
 * for the handler to return. Returning it, rather than calling `reply.send`, lets Fastify run the
 * `onSend` hooks once. An answer kept compressed goes out in the encoding the client prefers, with
 * its Content-Encoding set, which the compress plugin leaves alone; the weak ETag is the same for
 * every encoding (RFC 9110 §8.8.1: weak tags mark equivalent content).
 */
export function cachedPayload(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): never {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    // Sent without a payload, so that no type or length is given to an answer without a body
    // (RFC 9110 §15.4.5); the handler returns the reply, which tells Fastify it is sent.
    return reply.code(304).send() as never;
  }
  // Bytes with a JSON content type are sent as they are: no second serialisation or encoding.
  reply.type('application/json; charset=utf-8');
  if (answer.encoded) {
    varyOnAcceptEncoding(reply);
    const encoding = storedEncodingFor(request);
    if (encoding) {
      reply.header('content-encoding', encoding);
      return answer.encoded[encoding] as never;
    }
  }
  return answer.bytes as never;
}
