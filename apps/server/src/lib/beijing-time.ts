/**
 * Beijing time (UTC+8 all year, no daylight saving): the portal's days — reading caps, resource
 * statistics, the 大数据中心's per-day figures — are Beijing calendar days, whatever the server's
 * own time zone.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The day last formatted: every heartbeat asks, nearly always for the same day. */
let dayFrom = 0;
let dayTo = 0;
let dayText = '';

/** The Beijing calendar day (`YYYY-MM-DD`) of an instant (ms). */
export function beijingDay(ms: number): string {
  if (ms >= dayFrom && ms < dayTo) return dayText;
  const start = Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS;
  const text = new Date(start).toISOString().slice(0, 10);
  // Only a valid instant is remembered (an invalid one throws above, in toISOString).
  dayFrom = start - BEIJING_OFFSET_MS;
  dayTo = dayFrom + DAY_MS;
  dayText = text;
  return text;
}

/** The second last formatted by `beijingIso`. */
let isoSecond = NaN;
let isoText = '';

/** An instant (ms) as Beijing local time with its offset, to the second: `2026-11-25T09:30:00+08:00`. */
export function beijingIso(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second === isoSecond) return isoText;
  const text = `${new Date(second * 1000 + BEIJING_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
  isoSecond = second;
  isoText = text;
  return text;
}

/** The last `n` Beijing days up to the day of `ms`, oldest first. */
export function lastBeijingDays(ms: number, n: number): string[] {
  return Array.from({ length: n }, (_, i) => beijingDay(ms - (n - 1 - i) * DAY_MS));
}
