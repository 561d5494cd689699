/**
 * Times as the portal shows them: always Beijing time (the contract's `inBeijing`), whatever the
 * device's zone, so a date on a pupil's phone, a teacher's report and the console agree.
 */
import { inBeijing } from '@eav/contract';

/** `2026/11/28 14:05:03` of an ISO time in Beijing time; `fallback` for none or an unreadable one. */
export function beijingDateTime(iso: string | null | undefined, fallback = '—'): string {
  const d = iso ? inBeijing(iso) : null;
  return d ? d.format('YYYY/MM/DD HH:mm:ss') : fallback;
}

/** An ISO time (or ms) in Beijing time in a dayjs pattern (`HH:mm`, `M月D日`); '' for an unreadable one. */
export function beijingFormat(at: string | number, pattern: string): string {
  return inBeijing(at)?.format(pattern) ?? '';
}
