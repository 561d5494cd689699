/**
 * Keeps the reader's page in its URL (`?page=N`), so that a copied or shared link opens the page on
 * screen. The URL is replaced, never pushed: turning pages adds no history entries, and the back
 * button still leaves the reader in one step. The page a link opens at is read once, by the reader
 * (`pageFromSearch`).
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The page a `?page=` value names (a whole number from 1), or null when it names none. */
export function pageFromSearch(search: URLSearchParams): number | null {
  const raw = search.get('page');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** @param page the page on screen (null until the document is open: the URL is left as it came) */
export function usePageInUrl(page: number | null): void {
  const [search, setSearch] = useSearchParams();
  const urlPage = pageFromSearch(search);
  const inUrl = useRef(urlPage);
  inUrl.current = urlPage;

  // Only when the page on screen changes (the URL's own changes are ours).
  useEffect(() => {
    if (page === null || inUrl.current === page) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(page));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [page, setSearch]);
}
