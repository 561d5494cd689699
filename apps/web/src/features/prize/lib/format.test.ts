import { describe, expect, it } from 'vitest';
import { chance, prizesLeft } from './format';

describe('prizesLeft', () => {
  it('counts the real prizes only, never the fallback participation award', () => {
    expect(
      prizesLeft([
        { left: 3, fallback: false },
        { left: 120, fallback: false },
        { left: 100000, fallback: true },
      ]),
    ).toBe(123);
    expect(prizesLeft([{ left: 99, fallback: true }])).toBe(0);
  });
});

describe('chance', () => {
  it('shows a weight as a share of the total', () => {
    expect(chance(1, 8)).toBe('12.5%');
    expect(chance(0, 8)).toBe('0%');
  });
});
