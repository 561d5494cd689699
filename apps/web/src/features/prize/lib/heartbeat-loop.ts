/**
 * The reading heartbeat's timing (docs/prize.md): one beat when reading starts, then one every
 * `intervalMs` while the page is visible. Hiding the page (another tab, the phone locked, the app
 * in the background) or leaving it stops the beats; showing it again beats at once and restarts
 * the interval. The first beat of each visible stretch is `fresh`: the caller sends it under a new
 * reading session id, which the server takes as a new start and credits nothing for, so the hidden
 * time is never counted, however short (the server credits gaps of up to a minute within a session).
 *
 * Kept free of React so that its rules are tested with fake timers and a fake document.
 */

export const HEARTBEAT_INTERVAL_MS = 30_000;

/** What a beat's sender reports: keep beating, or stop for good (not credited any more). */
export type BeatOutcome = 'continue' | 'stop';

export interface HeartbeatLoopOptions {
  /**
   * Sends one beat; resolves to 'stop' when the server will not credit this reading. `fresh` marks
   * the first beat after a start or a return to the page.
   */
  send: (beat: { fresh: boolean }) => Promise<BeatOutcome>;
  intervalMs?: number;
  /** The document and window to watch (tests pass fakes). */
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** Starts the loop; returns the function that stops it and removes its listeners. */
export function startHeartbeatLoop({
  send,
  intervalMs = HEARTBEAT_INTERVAL_MS,
  doc = document,
  win = window,
}: HeartbeatLoopOptions): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let inFlight = false;
  let finished = false;
  let fresh = true;

  const pause = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    fresh = true;
  };
  const beat = () => {
    // One beat at a time: a slow answer never lets two beats of one session overlap.
    if (finished || inFlight || doc.visibilityState !== 'visible') return;
    inFlight = true;
    const first = fresh;
    fresh = false;
    send({ fresh: first })
      .then((outcome) => {
        if (outcome === 'stop') stop();
      })
      // A failed beat (offline, a server hiccup) is not fatal: the next one tries again. A failed
      // fresh beat set no anchor, so the next one starts afresh too.
      .catch(() => {
        if (first) fresh = true;
      })
      .finally(() => {
        inFlight = false;
      });
  };
  const resume = () => {
    if (finished || doc.visibilityState !== 'visible') return;
    // Already beating (e.g. a pageshow while visible): keep the running session.
    if (timer !== undefined) return;
    pause();
    beat();
    timer = setInterval(beat, intervalMs);
  };
  const onVisibility = () => (doc.visibilityState === 'visible' ? resume() : pause());
  const onPageHide = () => pause();
  const onPageShow = () => resume();

  function stop() {
    finished = true;
    pause();
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', onPageHide);
    win.removeEventListener('pageshow', onPageShow);
  }

  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onPageHide);
  win.addEventListener('pageshow', onPageShow);
  resume();
  return stop;
}

/** A random id for one reading session (one mount of a reader or player). */
export function newReadingSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
