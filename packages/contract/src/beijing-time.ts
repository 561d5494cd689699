/**
 * Beijing time, the portal's one clock for people (docs/product.md): reading caps, resource
 * statistics, the 大数据中心's per-day figures, certificate dates, customer-service hours and every
 * date shown are Beijing calendar days and times, whatever the zone of the server or the device.
 * The zone rule is dayjs's timezone plugin over the runtime's time-zone database (Asia/Shanghai),
 * used by the server and the web alike.
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The IANA zone of Beijing time. */
export const BEIJING_TZ = 'Asia/Shanghai';

const DAY_MS = 86_400_000;

/**
 * An instant (ms since the epoch, an ISO string or a Date) in Beijing time; `null` for an unreadable
 * one (an invalid date, an unparsable string).
 */
export function inBeijing(at: number | string | Date): Dayjs | null {
  const d = dayjs(at);
  return d.isValid() ? d.tz(BEIJING_TZ) : null;
}

/** The Beijing day last named: every heartbeat asks, nearly always for the same day. */
let dayFrom = 0;
let dayTo = 0;
let dayText = '';

/**
 * The Beijing calendar day (`YYYY-MM-DD`) of an instant (ms).
 * @throws RangeError for an instant that is not a finite number.
 */
export function beijingDay(ms: number): string {
  if (ms >= dayFrom && ms < dayTo) return dayText;
  const d = Number.isFinite(ms) ? inBeijing(ms) : null;
  if (!d) throw new RangeError(`not an instant: ${ms}`);
  const start = d.startOf('day');
  dayFrom = start.valueOf();
  dayTo = start.add(1, 'day').valueOf();
  dayText = start.format('YYYY-MM-DD');
  return dayText;
}

/** The Beijing day (`YYYY-MM-DD`) of an ISO time, or '' when there is none or it is unreadable. */
export function beijingDayOf(iso: string | null | undefined): string {
  const d = iso ? inBeijing(iso) : null;
  return d ? d.format('YYYY-MM-DD') : '';
}

/** The second last formatted by `beijingIso`. */
let isoSecond = NaN;
let isoText = '';

/** An instant (ms) as Beijing local time with its offset, to the second: `2026-11-25T09:30:00+08:00`. */
export function beijingIso(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second === isoSecond) return isoText;
  const d = inBeijing(second * 1000);
  if (!d) throw new RangeError(`not an instant: ${ms}`);
  isoText = d.format('YYYY-MM-DDTHH:mm:ssZ');
  isoSecond = second;
  return isoText;
}

/** The last `n` Beijing days up to the day of `ms`, oldest first. */
export function lastBeijingDays(ms: number, n: number): string[] {
  return Array.from({ length: n }, (_, i) => beijingDay(ms - (n - 1 - i) * DAY_MS));
}

/**
 * The last millisecond of the Beijing day `YYYY-MM-DD`; `null` for a string that is not an existing
 * calendar day.
 */
export function endOfBeijingDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = dayjs.tz(day, BEIJING_TZ);
  if (!d.isValid() || d.format('YYYY-MM-DD') !== day) return null;
  return d.endOf('day').toDate();
}
