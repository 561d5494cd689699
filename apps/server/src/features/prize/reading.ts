/**
 * The hot reading state (docs/prize.md, Reading time; decision 012): per reader and activity, the
 * Beijing day's credited seconds (in all and per book) and the points, kept in process or in Redis
 * so that a heartbeat answers without the database; and the credits not yet written to it
 * ("pending"), which `flusher.ts` writes in batches.
 *
 * A heartbeat is one atomic step (one synchronous step in process, one Lua script in Redis): the
 * anchor rule of heartbeat.ts, then the credit within the day's and the book's caps, the points of
 * every full minute reached, and the pending record of the reader. The state of a reader is loaded
 * from the database on their first heartbeat of a day (the store answers `null`, the caller loads
 * and calls again with `base`). Pending records hold absolute values (seconds of the day per book,
 * the day's total, the total already written), so writing one twice changes nothing.
 *
 * Pending records are claimed before they are written: in process by swapping the map, in Redis by
 * renaming the pending hash to a claim key (atomic: two instances never take the same record;
 * reading-redis.ts). A claim whose writer died is taken over once it is older than CLAIM_STALE_MS.
 */
import { LRUCache } from 'lru-cache';
import { MemoryAnchors, type BeatResult, type HeartbeatAnchors } from './heartbeat';

/** A reader's day in one activity, as the heartbeat answers it. Seconds are whole; times ms. */
export interface ReaderState {
  /** Beijing day (`YYYY-MM-DD`) the seconds count for. */
  day: string;
  seconds: number;
  /** Seconds per book id (decimal string) of that day. */
  books: Record<string, number>;
  /** Points earned in the activity, and not yet spent. */
  points: number;
  available: number;
  /** When the points last rose (the ranking's tie-break). */
  reachedAt: number;
}

/** One day of a pending record: absolute seconds, and the day's total already in the database. */
export interface PendingDay {
  /** Seconds of the day per book id. */
  b: Record<string, number>;
  /** The day's total. */
  s: number;
  /** The day's total before these credits (minute points are due from `floor(f/60)+1`). */
  f: number;
}

/** Credits of one reader in one activity not yet in the database (short keys: stored as JSON). */
export interface PendingCredit {
  /** Activity id. */
  a: number;
  /** User id. */
  u: number;
  d: Record<string, PendingDay>;
  /** When points last rose (0: no points in this record). */
  r: number;
  /** Points per full minute (the activity's rule, frozen at its start). */
  m: number;
}

export interface HeartbeatInput {
  activityId: number;
  userId: number;
  textbookId: number;
  session: string;
  now: number;
  day: string;
  dailyCapSeconds: number;
  perBookCapSeconds: number;
  pointsPerMinute: number;
  /** The reader's day as the database has it, when the store asked for it. */
  base?: ReaderState;
}

export interface HeartbeatOutcome extends BeatResult {
  seconds: number;
  bookSeconds: number;
  /** Seconds credited by this heartbeat (after the caps). */
  granted: number;
  points: number;
  available: number;
  reachedAt: number;
  /** Points this heartbeat added. */
  gained: number;
}

export interface Claim {
  id: string;
  entries: PendingCredit[];
}

export interface ReadingStore {
  readonly anchors: HeartbeatAnchors;
  /** One heartbeat; `null` when the reader's day is not loaded (call again with `base`). */
  heartbeat(input: HeartbeatInput): Promise<HeartbeatOutcome | null>;
  /** Moves a loaded state's points (tasks add, draws spend); null when the state is not loaded. */
  adjust(
    activityId: number,
    userId: number,
    points: number,
    available: number,
    at: number,
  ): Promise<Pick<ReaderState, 'points' | 'available' | 'reachedAt'> | null>;
  /** Claims every pending record (and, in Redis, a stale claim first); null when there is none. */
  claimAll(): Promise<Claim | null>;
  /** Claims the pending record of one reader. */
  claimUser(activityId: number, userId: number): Promise<Claim | null>;
  /** Ends a claim; `failed` records stay due (merged back in process, left claimed in Redis). */
  settle(claim: Claim, failed: PendingCredit[]): Promise<void>;
  /** Records waiting (in process exact; in Redis the pending hash only). */
  pendingCount(): Promise<number>;
  /** Drops everything held about a user (account cancellation). */
  forget(userId: number, activityIds: number[]): Promise<void>;
}

/** A claim left this long is taken over by another writer (records are idempotent). */
export const CLAIM_STALE_MS = 15_000;
/** States of readers idle this long are dropped (and loaded again from the database). */
export const STATE_TTL_MS = 36 * 3600_000;

/** Merges two pending records of one reader (values only grow; `f` keeps the lowest). */
export function mergePending(x: PendingCredit, y: PendingCredit): PendingCredit {
  const d: Record<string, PendingDay> = { ...x.d };
  for (const [day, v] of Object.entries(y.d)) {
    const w = d[day];
    if (!w) {
      d[day] = v;
      continue;
    }
    const b = { ...w.b };
    for (const [book, s] of Object.entries(v.b)) b[book] = Math.max(b[book] ?? 0, s);
    d[day] = { b, s: Math.max(w.s, v.s), f: Math.min(w.f, v.f) };
  }
  return { a: x.a, u: x.u, d, r: Math.max(x.r, y.r), m: y.m };
}

/**
 * The credit of `creditMs` of reading to `state` within the caps (docs/prize.md, Reading time):
 * whole seconds, at most the day's and the book's remaining seconds; `pointsPerMinute` for each
 * full minute of the day reached. Answers the new state and pending record (unchanged when nothing
 * is granted). The Lua script of RedisReadingStore is the same rule.
 */
export function applyCredit(
  state: ReaderState,
  pending: PendingCredit | undefined,
  creditMs: number,
  input: HeartbeatInput,
): { state: ReaderState; pending: PendingCredit | undefined; granted: number; gained: number } {
  const book = String(input.textbookId);
  const before = state.seconds;
  const bookBefore = state.books[book] ?? 0;
  const granted = Math.max(
    0,
    Math.min(Math.floor(creditMs / 1000), input.dailyCapSeconds - before, input.perBookCapSeconds - bookBefore),
  );
  if (granted === 0) return { state, pending, granted: 0, gained: 0 };
  const seconds = before + granted;
  const gained = (Math.floor(seconds / 60) - Math.floor(before / 60)) * input.pointsPerMinute;
  // Every field written out (no spread of `state`): see MemoryReadingStore.heartbeat.
  const next: ReaderState = {
    day: state.day,
    seconds,
    books: { ...state.books, [book]: bookBefore + granted },
    points: state.points + gained,
    available: state.available + gained,
    reachedAt: gained > 0 ? input.now : state.reachedAt,
  };
  const add: PendingCredit = {
    a: input.activityId,
    u: input.userId,
    d: { [input.day]: { b: { [book]: bookBefore + granted }, s: seconds, f: before } },
    r: gained > 0 ? input.now : 0,
    m: input.pointsPerMinute,
  };
  return { state: next, pending: pending ? mergePending(pending, add) : add, granted, gained };
}

/** The state to credit into: the loaded one, or `base` for a new reader or a new day. */
function current(state: ReaderState | undefined, input: HeartbeatInput): ReaderState | null {
  if (state && state.day === input.day) return state;
  if (!input.base) return null;
  // A new day keeps the points (they are the activity's, and may hold credits not yet written).
  return state ? { ...state, day: input.day, seconds: input.base.seconds, books: input.base.books } : input.base;
}

/** The key of a reader's state and pending record (activity and user id). */
export const stateKey = (activityId: number, userId: number) => `${activityId}:${userId}`;

/** In-process store (one instance): bounded maps; a crash loses the unwritten second. */
export class MemoryReadingStore implements ReadingStore {
  readonly anchors = new MemoryAnchors();
  private readonly states = new LRUCache<string, ReaderState>({ max: 200_000, ttl: STATE_TTL_MS });
  private pending = new Map<string, PendingCredit>();

  async heartbeat(input: HeartbeatInput): Promise<HeartbeatOutcome | null> {
    const key = stateKey(input.activityId, input.userId);
    const state = current(this.states.get(key), input);
    if (!state) return null;
    // From here to the end nothing awaits: the anchor step and the credit are one step.
    const beat = this.anchors.beatNow(input.userId, input.session, input.now);
    const c = applyCredit(state, this.pending.get(key), beat.creditMs, input);
    this.states.set(key, c.state);
    if (c.pending) this.pending.set(key, c.pending);
    // Written out rather than spread from `beat`: a spread followed by more properties builds a slow
    // (dictionary) object on every heartbeat, which was half the step's time.
    return {
      creditMs: beat.creditMs,
      active: beat.active,
      started: beat.started,
      seconds: c.state.seconds,
      bookSeconds: c.state.books[String(input.textbookId)] ?? 0,
      granted: c.granted,
      points: c.state.points,
      available: c.state.available,
      reachedAt: c.state.reachedAt,
      gained: c.gained,
    };
  }

  async adjust(activityId: number, userId: number, points: number, available: number, at: number) {
    const key = stateKey(activityId, userId);
    const s = this.states.get(key);
    if (!s) return null;
    const next = {
      ...s,
      points: s.points + points,
      available: s.available + available,
      reachedAt: points > 0 ? Math.max(s.reachedAt, at) : s.reachedAt,
    };
    this.states.set(key, next);
    return { points: next.points, available: next.available, reachedAt: next.reachedAt };
  }

  async claimAll(): Promise<Claim | null> {
    if (!this.pending.size) return null;
    const entries = [...this.pending.values()];
    this.pending = new Map();
    return { id: 'memory', entries };
  }

  async claimUser(activityId: number, userId: number): Promise<Claim | null> {
    const key = stateKey(activityId, userId);
    const entry = this.pending.get(key);
    if (!entry) return null;
    this.pending.delete(key);
    return { id: 'memory', entries: [entry] };
  }

  async settle(_claim: Claim, failed: PendingCredit[]) {
    for (const f of failed) {
      const key = stateKey(f.a, f.u);
      const newer = this.pending.get(key);
      this.pending.set(key, newer ? mergePending(f, newer) : f);
    }
  }

  async pendingCount() {
    return this.pending.size;
  }

  async forget(userId: number, activityIds: number[]) {
    await this.anchors.forget(userId);
    for (const a of activityIds) {
      this.states.delete(stateKey(a, userId));
      this.pending.delete(stateKey(a, userId));
    }
  }
}
