/**
 * Invalidation bus of the in-process caches (read cache, session cache; decision 011): a message
 * published here reaches this process's listeners at once and, when Redis is configured, every
 * other instance through Redis pub/sub. A subscriber needs a connection of its own (a connection in
 * subscribe mode can issue no other command), so the bus duplicates the shared one.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A listener of one topic; `data` is the string the publisher gave. */
export type BusListener = (data: string) => void;

/** Most time a publisher waits for its own message to come back from Redis, ms. */
export const ECHO_WAIT_MS = 200;

/**
 * Local and cross-instance invalidation messages. Without Redis it is a plain in-process event
 * emitter; with Redis, `publish` resolves once Redis has handed the message to every subscriber
 * (its own copy has come back), so that the answer to a logout or a write leaves after the other
 * instances have been told.
 */
export class InvalidationBus {
  private readonly listeners = new Map<string, Set<BusListener>>();
  private readonly origin = randomUUID();
  private readonly pending = new Map<string, () => void>();
  private seq = 0;
  private subscriber: Redis | null = null;
  /** Subscribed and connected: every message published elsewhere reaches this process. */
  private subscribed = false;
  private readonly liveness = new Set<(live: boolean) => void>();

  /** `redis`: the shared connection, or null for one instance; `channel` is per deployment. */
  constructor(
    private readonly redis: Redis | null,
    private readonly channel = 'eav:invalidate',
  ) {}

  /** Opens the subscriber connection (no-op without Redis). */
  async start(): Promise<void> {
    if (!this.redis || this.subscriber) return;
    const sub = this.redis.duplicate({ lazyConnect: true });
    sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    sub.on('error', () => undefined);
    // A lost connection is re-established by ioredis. Messages published meanwhile are lost: the
    // bus reports itself not live from the loss until it is subscribed again, so that caches that
    // must not miss a message (the sessions) stop trusting what they hold and start again empty.
    sub.on('close', () => this.setLive(false));
    sub.on('ready', () => {
      if (this.subscriber !== sub) return;
      sub.subscribe(this.channel).then(
        () => this.setLive(sub.status === 'ready'),
        () => undefined,
      );
    });
    await sub.connect();
    await sub.subscribe(this.channel);
    this.subscriber = sub;
    this.setLive(true);
  }

  /**
   * Whether every message published by another instance reaches this one now: always without
   * Redis (one instance), else while the subscriber connection is up and subscribed. Caches whose
   * staleness would be a security fault (a logged-out token) use their entries only while live.
   */
  get live(): boolean {
    return !this.redis || (this.subscribed && this.subscriber?.status === 'ready');
  }

  /** Registers a listener of the bus becoming live or not (both edges); returns its removal. */
  onLiveness(listener: (live: boolean) => void): () => void {
    this.liveness.add(listener);
    return () => this.liveness.delete(listener);
  }

  /** The subscriber connection, or null (fault tests cut it to play an instance cut off from Redis). */
  get subscription(): Redis | null {
    return this.subscriber;
  }

  private setLive(live: boolean): void {
    if (this.subscribed === live) return;
    this.subscribed = live;
    for (const listener of this.liveness) listener(live);
  }

  /** Closes the subscriber connection. */
  async stop(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    this.subscribed = false;
    for (const done of this.pending.values()) done();
    this.pending.clear();
    if (sub) await sub.quit().catch(() => undefined);
  }

  /** Registers a listener of `topic`; returns its removal. */
  on(topic: string, listener: BusListener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Tells every listener of `topic`, here at once and in the other instances through Redis. A Redis
   * failure is not the caller's: the caches' time bounds limit what another instance misses.
   */
  async publish(topic: string, data: string): Promise<void> {
    this.deliver(topic, data);
    if (!this.redis || !this.subscriber) return;
    const id = `${this.origin}:${++this.seq}`;
    const echoed = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve();
      }, ECHO_WAIT_MS);
      this.pending.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await this.redis.publish(this.channel, JSON.stringify({ id, topic, data }));
    } catch {
      this.pending.get(id)?.();
      this.pending.delete(id);
    }
    await echoed;
  }

  private receive(message: string): void {
    let parsed: { id?: unknown; topic?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    const { id, topic, data } = parsed;
    if (typeof id !== 'string' || typeof topic !== 'string' || typeof data !== 'string') return;
    const mine = this.pending.get(id);
    if (mine) {
      this.pending.delete(id);
      mine();
      return;
    }
    // Our own messages were delivered locally when published.
    if (id.startsWith(`${this.origin}:`)) return;
    this.deliver(topic, data);
  }

  private deliver(topic: string, data: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(data);
  }
}
