import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, progressPercent } from './format';

describe('formats', () => {
  it('file sizes', () => {
    expect(formatFileSize(36166745)).toBe('34.5 MB');
    expect(formatFileSize(800 * 1024)).toBe('800 KB');
    expect(formatFileSize(10)).toBe('1 KB');
  });
  it('durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
  it('progress', () => {
    expect(progressPercent(3, 12)).toBe(25);
    expect(progressPercent(3, null)).toBeNull();
    expect(progressPercent(20, 12)).toBe(100);
  });
});
