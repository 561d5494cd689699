/** Display helpers of the activity page (Beijing time, docs/prize.md). */

const DATE_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `2026/11/23 09:00` in Beijing time, whatever the device's zone; '' for an unreadable time. */
export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? DATE_TIME.format(t) : '';
}

export function formatPeriod(startAt: string, endAt: string): string {
  return `${formatDateTime(startAt)} 至 ${formatDateTime(endAt)}`;
}

/** Whole minutes of reading seconds (credited time is counted by the minute). */
export function readingMinutes(seconds: number): number {
  return Math.max(0, Math.floor(seconds / 60));
}

/** The Beijing calendar day (`2026-11-23`) of an instant, as the server names reading days. */
export function beijingDay(at: number = Date.now()): string {
  return new Date(at + 8 * 3600_000).toISOString().slice(0, 10);
}

/** A weight as a chance in per cent with at most one decimal (`12.5%`); weights of 0 show 0%. */
export function chance(weight: number, totalWeight: number): string {
  if (totalWeight <= 0 || weight <= 0) return '0%';
  const pct = Math.round((weight / totalWeight) * 1000) / 10;
  return `${pct}%`;
}
