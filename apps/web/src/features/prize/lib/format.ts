/** Display helpers of the activity page (Beijing time, docs/prize.md). */
import { beijingFormat } from '@/lib/beijing-format';

/** `2026/11/23 09:00` in Beijing time, whatever the device's zone; '' for an unreadable time. */
export function formatDateTime(iso: string): string {
  return beijingFormat(iso, 'YYYY/MM/DD HH:mm');
}

export function formatPeriod(startAt: string, endAt: string): string {
  return `${formatDateTime(startAt)} 至 ${formatDateTime(endAt)}`;
}

/** Whole minutes of reading seconds (credited time is counted by the minute). */
export function readingMinutes(seconds: number): number {
  return Math.max(0, Math.floor(seconds / 60));
}

/** A weight as a chance in per cent with at most one decimal (`12.5%`); weights of 0 show 0%. */
export function chance(weight: number, totalWeight: number): string {
  if (totalWeight <= 0 || weight <= 0) return '0%';
  const pct = Math.round((weight / totalWeight) * 1000) / 10;
  return `${pct}%`;
}

/**
 * Real prizes left: the fallback (participation) award is what a draw gives once they run out, so
 * it is never counted among them.
 */
export function prizesLeft(groups: readonly { left: number; fallback: boolean }[]): number {
  return groups.reduce((n, g) => (g.fallback ? n : n + Math.max(0, g.left)), 0);
}
