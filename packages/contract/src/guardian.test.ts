import { describe, expect, it } from 'vitest';
import { beijingYear, mayBeUnderGuardianAge } from './guardian';
import { maskPhone } from './phone';

/** 2027-01-01 00:30 in Beijing is still 2026-12-31 in UTC. */
const NEW_YEAR_BEIJING = Date.UTC(2026, 11, 31, 16, 30);

describe('mayBeUnderGuardianAge', () => {
  it('counts the whole year of the 14th birthday as under 14, in the Beijing year', () => {
    expect(beijingYear(NEW_YEAR_BEIJING)).toBe(2027);
    expect(mayBeUnderGuardianAge(2013, NEW_YEAR_BEIJING)).toBe(true);
    expect(mayBeUnderGuardianAge(2012, NEW_YEAR_BEIJING)).toBe(false);
    // One hour earlier it is still 2026 in Beijing: born 2012 may not yet be 14.
    expect(mayBeUnderGuardianAge(2012, NEW_YEAR_BEIJING - 3_600_000)).toBe(true);
  });

  it('refuses an unreadable instant', () => {
    expect(() => mayBeUnderGuardianAge(2012, Number.NaN)).toThrow(RangeError);
  });
});

describe('maskPhone', () => {
  it('keeps the first three and last four digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('123')).toBe('***');
  });
});
