/** Today's reading minutes and points from the statement, and the page's display helpers. */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@eav/contract';
import { beijingDay } from '@eav/contract';
import { chance, formatDateTime, readingMinutes } from './format';
import { todayFigures } from './today';

const NOW = Date.parse('2026-11-23T01:30:00Z'); // 09:30 in Beijing

describe('todayFigures', () => {
  it('counts today (Beijing day) only, and draws never', () => {
    const ledger: LedgerEntry[] = [
      { reason: 'draw', detail: '参与奖', amount: -5, createdAt: '2026-11-23T09:20:00+08:00' },
      { reason: 'reading', detail: '2026-11-23', amount: 30, createdAt: '2026-11-23T08:00:00+08:00' },
      { reason: 'activation', detail: '数学 七年级上册', amount: 20, createdAt: '2026-11-23T00:10:00+08:00' },
      // Yesterday in Beijing although the same UTC date as NOW.
      { reason: 'finishBook', detail: '语文', amount: 50, createdAt: '2026-11-22T23:59:00+08:00' },
      { reason: 'reading', detail: '2026-11-22', amount: 40, createdAt: '2026-11-22T10:00:00+08:00' },
    ];
    expect(todayFigures(ledger, 10, NOW)).toEqual({ minutes: 3, points: 50 });
    expect(todayFigures(ledger, 0, NOW)).toEqual({ minutes: 0, points: 50 });
    expect(todayFigures([], 1, NOW)).toEqual({ minutes: 0, points: 0 });
  });
});

describe('format helpers', () => {
  it('shows Beijing time whatever the device zone', () => {
    expect(formatDateTime('2026-11-23T01:30:00Z')).toBe('2026/11/23 09:30');
    expect(formatDateTime('nope')).toBe('');
    expect(beijingDay(Date.parse('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });

  it('turns seconds into whole minutes and weights into chances', () => {
    expect(readingMinutes(59)).toBe(0);
    expect(readingMinutes(61)).toBe(1);
    expect(readingMinutes(-5)).toBe(0);
    expect(chance(1, 8)).toBe('12.5%');
    expect(chance(0, 8)).toBe('0%');
    expect(chance(3, 0)).toBe('0%');
    expect(chance(1, 3)).toBe('33.3%');
  });
});
