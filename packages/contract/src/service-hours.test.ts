import { describe, expect, it } from 'vitest';
import { isServiceOpen } from './service-hours';

/** A Beijing wall-clock time as an instant (UTC+8). */
const beijing = (iso: string) => new Date(`${iso}+08:00`);

describe('isServiceOpen (Beijing time)', () => {
  it.each([
    ['2026-11-23T08:59', false, 'Monday before opening'],
    ['2026-11-23T09:00', true, 'Monday at opening'],
    ['2026-11-23T20:59', true, 'Monday just before closing'],
    ['2026-11-23T21:00', false, 'Monday at closing'],
    ['2026-11-28T21:30', true, 'Saturday evening'],
    ['2026-11-29T21:59', true, 'Sunday just before closing'],
    ['2026-11-29T22:00', false, 'Sunday at closing'],
    ['2026-11-29T08:30', false, 'Sunday morning'],
  ])('%s → %s (%s)', (time, open) => {
    expect(isServiceOpen(beijing(time))).toBe(open);
  });

  it('uses Beijing time, not the time zone of the device: 13:30 UTC is 21:30 in Beijing', () => {
    expect(isServiceOpen(new Date('2026-11-27T13:30:00Z'))).toBe(false); // Friday 21:30 Beijing
    expect(isServiceOpen(new Date('2026-11-28T13:30:00Z'))).toBe(true); // Saturday 21:30 Beijing
    expect(isServiceOpen(new Date('2026-11-27T00:30:00Z'))).toBe(false); // Friday 8:30 Beijing
  });
});
