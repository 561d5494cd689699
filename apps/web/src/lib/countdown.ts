/**
 * The countdown helper (docs/product.md §4, §9): days, hours and minutes left as two-digit strings,
 * all `00` once the end is reached, ticking every second by default.
 *
 * The time left is measured on the server's clock, never the device's: the caller passes the
 * server's `serverTime` from the same answer as `endAt`, and the helper keeps the offset between
 * the two clocks (a phone whose clock is wrong still shows the right time left).
 */

export const COUNTDOWN_STEP_MS = 1000;

export interface CountdownParts {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
  /** True once the end is reached (every part is `00`). */
  finished: boolean;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Splits the milliseconds left into two-digit parts; zero or less is finished (all `00`). */
export function countdownParts(remainingMs: number): CountdownParts {
  if (!Number.isFinite(remainingMs) || remainingMs <= 0) {
    return { days: '00', hours: '00', minutes: '00', seconds: '00', finished: true };
  }
  // Whole seconds left, rounded up: "00:00:01" is shown until the very end.
  const total = Math.ceil(remainingMs / 1000);
  return {
    days: two(Math.floor(total / 86_400)),
    hours: two(Math.floor((total % 86_400) / 3600)),
    minutes: two(Math.floor((total % 3600) / 60)),
    seconds: two(total % 60),
    finished: false,
  };
}

/**
 * Milliseconds to add to the device's clock to get the server's: `serverTime` as answered, taken
 * against the device time when the answer arrived. An unreadable `serverTime` gives 0.
 */
export function serverClockOffset(serverTime: string | number, receivedAt: number = Date.now()): number {
  const server = typeof serverTime === 'number' ? serverTime : Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

export interface CountdownOptions {
  /** The end (ISO 8601 with offset, or epoch milliseconds). */
  endAt: string | number;
  /** Server clock minus device clock, from `serverClockOffset`. */
  offsetMs: number;
  /** Called at once and then every `stepMs` until finished (the finished state is sent once). */
  onTick: (parts: CountdownParts) => void;
  stepMs?: number;
  /** The device clock (tests inject one). */
  now?: () => number;
}

/** Milliseconds left until `endAt` on the server's clock. */
export function remainingMs(endAt: string | number, offsetMs: number, now: number = Date.now()): number {
  const end = typeof endAt === 'number' ? endAt : Date.parse(endAt);
  if (!Number.isFinite(end)) return 0;
  return end - (now + offsetMs);
}

/**
 * Starts a countdown and returns its stop function. Each tick recomputes from the clock instead
 * of decrementing a counter, so a throttled background tab is right again at its next tick.
 */
export function startCountdown({
  endAt,
  offsetMs,
  onTick,
  stepMs = COUNTDOWN_STEP_MS,
  now = Date.now,
}: CountdownOptions): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const parts = countdownParts(remainingMs(endAt, offsetMs, now()));
    onTick(parts);
    if (parts.finished && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
    return parts.finished;
  };
  if (!tick()) timer = setInterval(tick, stepMs);
  return () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
}
