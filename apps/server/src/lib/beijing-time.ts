/**
 * Beijing time (UTC+8 all year, no daylight saving): the portal's days — reading caps, resource
 * statistics, the 大数据中心's per-day figures — are Beijing calendar days, whatever the server's
 * own time zone.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The Beijing calendar day (`YYYY-MM-DD`) of an instant (ms). */
export function beijingDay(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last `n` Beijing days up to the day of `ms`, oldest first. */
export function lastBeijingDays(ms: number, n: number): string[] {
  return Array.from({ length: n }, (_, i) => beijingDay(ms - (n - 1 - i) * DAY_MS));
}
