import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatScore, formatSize } from './format';

describe('resource display helpers', () => {
  it('formats sizes', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
  it('formats dates in Beijing time', () => {
    expect(formatDate('2026-11-22T17:00:00Z')).toBe('2026-11-23');
    expect(formatDate('nonsense')).toBe('—');
  });
  it('formats counts and scores', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12000)).toBe('1.2万');
    expect(formatCount(20000)).toBe('2万');
    expect(formatScore(150)).toBe('150');
    expect(formatScore(7.5)).toBe('7.5');
  });
});
