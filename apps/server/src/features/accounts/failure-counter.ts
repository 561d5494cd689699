/**
 * Failure counters with a lock, kept in `app.kv` (shared through Redis when configured; the
 * in-process store bounds its own size), used by the brute-force rules of ADR 004: wrong passwords
 * per account and source, wrong SMS codes per source, and the like. Keys are hashed, so a counter
 * for an unknown account or a long input costs one short entry that expires by itself.
 */
import type { Kv } from '../../plugins/kv';
import { sha256Hex } from '../../lib/tokens';

export interface FailureRule {
  /** Failures within the window that set the lock. */
  limit: number;
  /** How long failures are remembered, counted from the first one (ms). */
  windowMs: number;
  /** How long the lock lasts (ms). */
  lockMs: number;
}

export interface FailureCount {
  /** Failures counted so far in the window (the limit when this failure set the lock). */
  count: number;
  /** End of the lock (ms) when this failure set it, else null. */
  lockedUntil: number | null;
}

/**
 * One family of counters (`name`) under one rule. The lock's end is stored as a value and compared
 * with the app clock, so it ends exactly on time (the store's own expiry only frees the memory).
 */
export class FailureCounter {
  constructor(
    private readonly kv: Kv,
    private readonly name: string,
    readonly rule: FailureRule,
  ) {}

  private key(subject: string): string {
    return `${this.name}:${sha256Hex(subject).slice(0, 32)}`;
  }

  /** End of the subject's lock (ms) when it is locked at `now`, else null. */
  async lockedUntil(subject: string, now: number): Promise<number | null> {
    const until = Number((await this.kv.get(`${this.key(subject)}:lock`)) ?? 0);
    return until > now ? until : null;
  }

  /** Counts a failure; the failure that reaches the limit locks the subject and starts counting afresh. */
  async fail(subject: string, now: number): Promise<FailureCount> {
    const key = this.key(subject);
    const count = await this.kv.incr(key, this.rule.windowMs);
    if (count < this.rule.limit) return { count, lockedUntil: null };
    const lockedUntil = now + this.rule.lockMs;
    await this.kv.set(`${key}:lock`, String(lockedUntil), this.rule.lockMs);
    await this.kv.del(key);
    return { count: this.rule.limit, lockedUntil };
  }

  /** Forgets the subject's failures and lock (after a proof of ownership). */
  async clear(subject: string): Promise<void> {
    const key = this.key(subject);
    await Promise.all([this.kv.del(key), this.kv.del(`${key}:lock`)]);
  }
}
