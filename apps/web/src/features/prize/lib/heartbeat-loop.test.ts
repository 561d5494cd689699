/** The reading heartbeat's timing: visible pages only, stop on hide/leave, one beat at a time. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, newReadingSessionId, startHeartbeatLoop, type BeatOutcome } from './heartbeat-loop';

class FakeTarget {
  listeners = new Map<string, Set<() => void>>();
  addEventListener(type: string, fn: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.listeners.get(type)?.delete(fn);
  }
  fire(type: string) {
    for (const fn of [...(this.listeners.get(type) ?? [])]) fn();
  }
  count() {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
}
class FakeDoc extends FakeTarget {
  visibilityState: DocumentVisibilityState = 'visible';
}

function setup(outcome: (beat: { fresh: boolean }) => Promise<BeatOutcome> = () => Promise.resolve('continue')) {
  const doc = new FakeDoc();
  const win = new FakeTarget();
  const send = vi.fn(outcome);
  const stop = startHeartbeatLoop({ send, doc: doc as unknown as Document, win: win as unknown as Window });
  return { doc, win, send, stop };
}

describe('startHeartbeatLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('beats at once and then every 30 s while visible', async () => {
    const { send, stop } = setup();
    expect(HEARTBEAT_INTERVAL_MS).toBe(30_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith({ fresh: true });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ fresh: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(4);
    stop();
  });

  it('sends nothing while hidden and beats again at once, afresh, when shown', async () => {
    const { doc, win, send, stop } = setup();
    await vi.advanceTimersByTimeAsync(30_000);
    doc.visibilityState = 'hidden';
    doc.fire('visibilitychange');
    // Even a short absence is not credited: the next beat starts a new session.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(send).toHaveBeenCalledTimes(2);
    doc.visibilityState = 'visible';
    doc.fire('visibilitychange');
    await vi.advanceTimersByTimeAsync(0);
    // A pageshow while already beating changes nothing.
    win.fire('pageshow');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send.mock.calls.map(([b]) => b.fresh)).toEqual([true, false, true, false]);
    stop();
  });

  it('does not start on a hidden page', async () => {
    const doc = new FakeDoc();
    doc.visibilityState = 'hidden';
    const send = vi.fn((_beat: { fresh: boolean }) => Promise.resolve<BeatOutcome>('continue'));
    const stop = startHeartbeatLoop({
      send,
      doc: doc as unknown as Document,
      win: new FakeTarget() as unknown as Window,
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).not.toHaveBeenCalled();
    stop();
  });

  it('stops on pagehide and when stopped, removing its listeners', async () => {
    const { doc, win, send, stop } = setup();
    win.fire('pagehide');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
    expect(doc.count() + win.count()).toBe(0);
    doc.fire('visibilitychange');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stops for good when the server will not credit the reading', async () => {
    const { doc, send } = setup(() => Promise.resolve('stop'));
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(doc.count()).toBe(0);
  });

  it('keeps beating after a failed beat, and never overlaps a slow one', async () => {
    let calls = 0;
    const { send, stop } = setup(() => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error('offline'));
      // The second beat answers only after 45 s: the beat due at 60 s is skipped while it is pending.
      if (calls === 2) return new Promise((r) => setTimeout(() => r('continue'), 45_000));
      return Promise.resolve('continue');
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(2);
    // The failed first beat set no anchor: the next one starts afresh.
    expect(send).toHaveBeenLastCalledWith({ fresh: true });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(3);
    stop();
  });
});

describe('newReadingSessionId', () => {
  it('is random and fits the query string', () => {
    const a = newReadingSessionId();
    expect(a).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(newReadingSessionId()).not.toBe(a);
  });
});
