/**
 * The collapsed header navigation of narrow viewports: below NAV_COLLAPSE_MAX_WIDTH the header shows a
 * menu button instead of the menu row (WCAG 1.4.10: desktop pages without an H5 page must work at
 * 320–375 px), and the button opens a drawer with the same entries.
 */
import { useCallback, useEffect, useState } from 'react';

/**
 * The widest viewport with the collapsed header. It is the shell's own breakpoint (global.css,
 * "desktop pages on a phone"): above it the shell keeps its 1200 px minimum width, so the header is
 * never narrower than the full menu row needs. global.css repeats the number in its media query.
 */
export const NAV_COLLAPSE_MAX_WIDTH = 767;
export const NAV_COLLAPSE_QUERY = `(max-width: ${NAV_COLLAPSE_MAX_WIDTH}px)`;

export interface NavDrawer {
  open: boolean;
  show: () => void;
  close: () => void;
}

/**
 * Open state of the navigation drawer on `pathname`. Any navigation (a drawer link, the browser's
 * back or forward button) closes it: the state is adjusted while rendering the new path, so the
 * drawer never shows for a frame over the next page. It also closes when the viewport grows past
 * the breakpoint, where its button is hidden and focus could not return to it.
 */
export function useNavDrawer(pathname: string): NavDrawer {
  const [open, setOpen] = useState(false);
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    const query = window.matchMedia(NAV_COLLAPSE_QUERY);
    const onChange = () => {
      if (!query.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, show, close };
}
