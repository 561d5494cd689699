/**
 * Saves the reading position to the server, debounced (a burst of page turns is one request), and
 * flushes the pending position when the reader is left (navigation, tab hidden, page closed).
 * Only for logged-in users: progress belongs to an account.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveProgress } from '../api/save-progress';

export const PROGRESS_DEBOUNCE_MS = 800;

/**
 * @param page the page on screen (null until the document is open)
 * @param savedPage the page the server already has (the resume point), not written back
 */
export function useProgressSaver(
  bookId: number,
  page: number | null,
  totalPages: number | null,
  savedPage: number | null,
  enabled: boolean,
): void {
  const qc = useQueryClient();
  const saved = useRef<number | null>(savedPage);
  const pending = useRef<{ page: number; totalPages: number | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = (keepalive: boolean) => {
    clearTimeout(timer.current);
    const p = pending.current;
    pending.current = null;
    if (!p || p.page === saved.current) return;
    saved.current = p.page;
    saveProgress(bookId, { page: p.page, ...(p.totalPages ? { totalPages: p.totalPages } : {}) }, { keepalive })
      // Lists showing progress (detail, my textbooks) refetch when next shown.
      .then(() => qc.invalidateQueries({ queryKey: ['textbooks'], refetchType: 'none' }))
      .catch(() => {
        // Not fatal; the next page turn tries again.
        if (saved.current === p.page) saved.current = null;
      });
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    if (!enabled || page == null || (page === saved.current && pending.current === null)) return;
    pending.current = { page, totalPages };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flushRef.current(false), PROGRESS_DEBOUNCE_MS);
  }, [enabled, page, totalPages]);

  useEffect(() => {
    if (!enabled) return;
    const onHide = () => flushRef.current(true);
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flushRef.current(false);
    };
  }, [enabled, bookId]);
}
