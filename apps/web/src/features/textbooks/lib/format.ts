/** Display formats shared by the textbook pages. */
import { beijingDayOf } from '@eav/contract';

/** Bytes as 12.3 MB / 800 KB. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Seconds as m:ss or h:mm:ss. */
export function formatDuration(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** An ISO time as 2026-03-08 (the Beijing day, as the portal shows dates); '' for an unreadable one. */
export function formatDate(iso: string): string {
  return beijingDayOf(iso);
}

/** Reading progress as a percentage 0-100, or null when the page count is unknown. */
export function progressPercent(page: number, totalPages: number | null | undefined): number | null {
  if (!totalPages || totalPages <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((page / totalPages) * 100)));
}
