/** Display helpers of the training pages. */
import { beijingDayOf } from '@eav/contract';

/** Seconds as `m 分 s 秒` (or `s 秒` under a minute). */
export function durationText(sec: number): string {
  const m = Math.floor(sec / 60);
  const s = sec % 60;
  return m > 0 ? `${m} 分${s > 0 ? ` ${s} 秒` : ''}` : `${s} 秒`;
}

/** Hours as shown: `2 学时`, `1.5 学时`. */
export const hoursLabel = (h: number) => `${Math.round(h * 10) / 10} 学时`;

/** An ISO instant as a Beijing date `YYYY-MM-DD`. */
export function beijingDateText(iso: string): string {
  return beijingDayOf(iso);
}

/** A random id of a playing session (letters and digits, 32 characters). */
export function newPlaySession(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
