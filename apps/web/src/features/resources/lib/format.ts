/** Display helpers of the resource pages. */
import { beijingDayOf } from '@eav/contract';

/** `1.2 MB`, `356 KB`, `—` when unknown. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}

/** `2026-11-23` of an ISO time (the date in Beijing time, as the portal shows dates). */
export function formatDate(iso: string | null | undefined): string {
  return beijingDayOf(iso) || '—';
}

/** `1.2万` for large counts. */
export function formatCount(n: number): string {
  return n >= 10000 ? `${(n / 10000).toFixed(1).replace(/\.0$/, '')}万` : String(n);
}

/** Score without a trailing `.0`. */
export function formatScore(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
