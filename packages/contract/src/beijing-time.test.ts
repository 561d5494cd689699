import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beijingDay, beijingDayOf, beijingIso, endOfBeijingDay, inBeijing, lastBeijingDays } from './beijing-time';

const direct = {
  day: (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10),
  iso: (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`,
};

/**
 * Instants from 1992 (Beijing has kept UTC+8 all year since 1991's summer time ended) to 2100,
 * biased towards day and second boundaries, in any order.
 */
const instant = fc.oneof(
  fc.integer({ min: 694_224_000_000, max: 4_102_444_800_000 }),
  fc
    .integer({ min: 8_036, max: 47_000 })
    .chain((d) => fc.integer({ min: -2, max: 2 }).map((e) => d * 86_400_000 - 8 * 3600_000 + e)),
  fc
    .integer({ min: 1_700_000_000, max: 1_700_000_100 })
    .chain((s) => fc.integer({ min: -1, max: 1 }).map((e) => s * 1000 + e)),
);

describe('Beijing time', () => {
  it('formats every instant of a sequence as the direct formula does (what it remembers never leaks)', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (seq) => {
        for (const ms of seq) {
          expect(beijingDay(ms)).toBe(direct.day(ms));
          expect(beijingIso(ms)).toBe(direct.iso(ms));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('turns the day at midnight Beijing time (16:00 UTC)', () => {
    const midnight = Date.UTC(2026, 10, 24, 16, 0, 0);
    expect(beijingDay(midnight - 1)).toBe('2026-11-24');
    expect(beijingDay(midnight)).toBe('2026-11-25');
    expect(beijingDay(midnight - 1)).toBe('2026-11-24');
    expect(beijingIso(midnight - 1)).toBe('2026-11-24T23:59:59+08:00');
    expect(beijingIso(midnight)).toBe('2026-11-25T00:00:00+08:00');
    expect(lastBeijingDays(midnight, 2)).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('throws on an invalid instant, as before, also after a valid one', () => {
    beijingDay(0);
    expect(() => beijingDay(Number.NaN)).toThrow(RangeError);
    expect(() => beijingIso(Number.NaN)).toThrow(RangeError);
    expect(beijingDay(0)).toBe('1970-01-01');
  });

  it('reads ISO times and names their Beijing day, or nothing for an unreadable one', () => {
    expect(beijingDayOf('2026-11-02T16:00:00Z')).toBe('2026-11-03');
    expect(beijingDayOf('2026-11-02T15:59:59.999Z')).toBe('2026-11-02');
    expect(beijingDayOf('soon')).toBe('');
    expect(beijingDayOf(null)).toBe('');
    expect(inBeijing('not a date')).toBeNull();
    expect(inBeijing(Date.UTC(2026, 0, 1, 1, 30))?.format('YYYY年M月D日 HH:mm')).toBe('2026年1月1日 09:30');
  });

  it('ends a Beijing day at 23:59:59.999 Beijing time and refuses days that do not exist', () => {
    expect(endOfBeijingDay('2026-11-28')?.toISOString()).toBe('2026-11-28T15:59:59.999Z');
    expect(endOfBeijingDay('2026-02-30')).toBeNull();
    expect(endOfBeijingDay('2026-1-3')).toBeNull();
    expect(endOfBeijingDay('')).toBeNull();
  });
});
