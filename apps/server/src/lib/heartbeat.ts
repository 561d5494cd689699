/**
 * The heartbeat rule shared by timed activities (docs/prize.md, Reading time; docs/training.md,
 * Watching): per user the server keeps one anchor, the active session and the time of its last
 * heartbeat by the server's own clock. A heartbeat of the active session credits the time since the
 * previous one when that gap is more than 0 and at most HEARTBEAT_MAX_GAP_SECONDS (whole seconds;
 * the remainder counts with the next heartbeat); a longer gap restarts counting and credits nothing.
 * A heartbeat with a new session id takes over and credits nothing; the sessions it replaced earn
 * nothing while the active one keeps beating (two tabs or two devices never double the time), and
 * may take over again once it has been silent longer than the gap.
 *
 * `beat` is pure: callers keep the anchor where they apply it atomically (the prize feature in
 * process or in Redis, the training feature in a locked database row).
 */
import { HEARTBEAT_MAX_GAP_SECONDS } from '@eav/contract';

/** Longest credited gap between two heartbeats of a session, ms. */
export const MAX_GAP_MS = HEARTBEAT_MAX_GAP_SECONDS * 1000;
/** Sessions remembered as replaced per user. */
export const REPLACED_KEEP = 8;

export interface Anchor {
  session: string;
  /** Server time of the last credited heartbeat, ms. */
  at: number;
  /** Sessions this one replaced, newest first. */
  replaced: string[];
}

export interface BeatResult {
  /** Milliseconds to credit (0 when nothing is credited). */
  creditMs: number;
  /** False when another session is active: this one earns nothing. */
  active: boolean;
  /** The session started (or took over) with this heartbeat. */
  started: boolean;
}

/** The anchor after a heartbeat of `session` at `now` (ms), and what it credits (the rule above). */
export function beat(anchor: Anchor | null, session: string, now: number): { anchor: Anchor; result: BeatResult } {
  if (anchor && anchor.session === session) {
    const gap = now - anchor.at;
    if (gap > MAX_GAP_MS)
      return {
        anchor: { session: anchor.session, at: now, replaced: anchor.replaced },
        result: { creditMs: 0, active: true, started: false },
      };
    // Whole seconds are credited and the anchor moves by them only, so the remainder counts with
    // the next heartbeat; an out-of-order or repeated heartbeat (gap ≤ 0) credits nothing.
    const creditMs = gap > 0 ? Math.floor(gap / 1000) * 1000 : 0;
    const next =
      creditMs > 0 ? { session: anchor.session, at: anchor.at + creditMs, replaced: anchor.replaced } : anchor;
    return { anchor: next, result: { creditMs, active: true, started: false } };
  }
  if (anchor && anchor.replaced.includes(session) && now - anchor.at <= MAX_GAP_MS)
    return { anchor, result: { creditMs: 0, active: false, started: false } };
  const replaced = anchor
    ? [anchor.session, ...anchor.replaced.filter((s) => s !== session && s !== anchor.session)].slice(0, REPLACED_KEEP)
    : [];
  return { anchor: { session, at: now, replaced }, result: { creditMs: 0, active: true, started: true } };
}
