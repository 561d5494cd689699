/** The countdown helper (docs/product.md §4, §9): two-digit parts, 00 when finished, server clock. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COUNTDOWN_STEP_MS,
  countdownParts,
  remainingMs,
  serverClockOffset,
  startCountdown,
  type CountdownParts,
} from './countdown';

describe('countdownParts', () => {
  it('splits into two-digit days, hours and minutes', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(ms)).toEqual({ days: '02', hours: '03', minutes: '04', seconds: '05', finished: false });
  });

  it('keeps more than 99 days readable', () => {
    expect(countdownParts(120 * 86_400_000).days).toBe('120');
  });

  it('rounds a part second up so the last second is still shown', () => {
    expect(countdownParts(1)).toMatchObject({ minutes: '00', seconds: '01', finished: false });
  });

  it.each([0, -1, -86_400_000, Number.NaN])('is all 00 and finished at %s ms', (ms) => {
    expect(countdownParts(ms)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '00', finished: true });
  });
});

describe('server clock', () => {
  it('measures the offset of the server clock from the device clock', () => {
    const device = Date.parse('2026-11-23T10:00:00+08:00');
    expect(serverClockOffset('2026-11-23T10:05:00+08:00', device)).toBe(5 * 60_000);
    expect(serverClockOffset('not a date', device)).toBe(0);
  });

  it('counts the time left on the server clock, whatever the device says', () => {
    const end = '2026-11-23T12:00:00+08:00';
    // The device runs one hour behind the server: one hour left on the server, not two.
    const device = Date.parse('2026-11-23T10:00:00+08:00');
    const offset = serverClockOffset('2026-11-23T11:00:00+08:00', device);
    expect(remainingMs(end, offset, device)).toBe(3600_000);
    expect(remainingMs('garbage', offset, device)).toBe(0);
  });
});

describe('startCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every second by default and ends on 00', () => {
    const start = Date.parse('2026-11-23T10:00:00Z');
    vi.setSystemTime(start);
    const seen: CountdownParts[] = [];
    const stop = startCountdown({
      endAt: start + 61_500,
      offsetMs: 0,
      onTick: (p) => seen.push(p),
    });
    expect(COUNTDOWN_STEP_MS).toBe(1000);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ minutes: '01', seconds: '02', finished: false });

    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ minutes: '01', seconds: '01' });

    vi.advanceTimersByTime(61_000);
    const last = seen.at(-1);
    expect(last).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '00', finished: true });
    // Finished: the timer stopped, no further ticks.
    const count = seen.length;
    vi.advanceTimersByTime(10_000);
    expect(seen).toHaveLength(count);
    stop();
  });

  it('uses the server offset, not the device clock', () => {
    const device = Date.parse('2026-11-23T10:00:00Z');
    vi.setSystemTime(device);
    const seen: CountdownParts[] = [];
    // Server is 2 minutes ahead; the end is 3 minutes after the device time: 1 minute left.
    startCountdown({ endAt: device + 180_000, offsetMs: 120_000, onTick: (p) => seen.push(p) })();
    expect(seen[0]).toMatchObject({ hours: '00', minutes: '01', seconds: '00', finished: false });
  });

  it('reports an already-ended activity as 00 once and never starts a timer', () => {
    vi.setSystemTime(Date.parse('2026-11-23T10:00:00Z'));
    const onTick = vi.fn();
    startCountdown({ endAt: '2026-11-22T10:00:00Z', offsetMs: 0, onTick });
    expect(onTick).toHaveBeenCalledTimes(1);
    expect(onTick.mock.calls[0]?.[0]).toMatchObject({ days: '00', hours: '00', minutes: '00', finished: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when asked and honours a custom step', () => {
    vi.setSystemTime(0);
    const onTick = vi.fn();
    const stop = startCountdown({ endAt: 3600_000, offsetMs: 0, onTick, stepMs: 5000 });
    vi.advanceTimersByTime(4999);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onTick).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(onTick).toHaveBeenCalledTimes(2);
  });
});
