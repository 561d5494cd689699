import { LIMITS } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { apportion, dayShareAt, demoDays, jitter } from './demo';

describe('demo activity shape', () => {
  it('apportions a total exactly, by weight', () => {
    expect(apportion(10, [1, 1, 2])).toEqual([3, 2, 5]);
    expect(apportion(7, [0, 0])).toEqual([0, 0]);
    expect(apportion(100, [3, 3, 3]).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('keeps noise within its spread and fixed by its key', () => {
    const v = jitter('readers 2026-11-24', 0.1);
    expect(v).toBeGreaterThanOrEqual(0.9);
    expect(v).toBeLessThan(1.1);
    expect(jitter('readers 2026-11-24', 0.1)).toBe(v);
  });

  it('counts the seed day along the school hours of Beijing time', () => {
    expect(dayShareAt(Date.parse('2026-11-24T06:30:00+08:00'))).toBe(0);
    const noon = dayShareAt(Date.parse('2026-11-24T12:00:00+08:00'));
    expect(noon).toBeGreaterThan(0.3);
    expect(noon).toBeLessThan(0.5);
    expect(dayShareAt(Date.parse('2026-11-24T23:59:00+08:00'))).toBeCloseTo(1, 5);
  });

  it('makes 30 days ending on the seed day, weekends quieter, no count the public view would withhold', () => {
    const days = demoDays(Date.parse('2026-11-24T15:30:00+08:00'));
    expect(days).toHaveLength(LIMITS.bigData.days);
    expect(days.at(-1)!.day).toBe('2026-11-24');
    const saturday = days.find((d) => d.day === '2026-11-21')!;
    const friday = days.find((d) => d.day === '2026-11-20')!;
    expect(saturday.readers).toBeLessThan(friday.readers * 0.7);
    for (const d of days) {
      for (const n of [d.readers, d.activations])
        expect(n === 0 || n >= LIMITS.bigData.suppressBelow, `${d.day}`).toBe(true);
    }
    // Before school on the seed day: nothing yet.
    expect(demoDays(Date.parse('2026-11-24T05:00:00+08:00')).at(-1)).toMatchObject({ readers: 0, readingSeconds: 0 });
  });
});
