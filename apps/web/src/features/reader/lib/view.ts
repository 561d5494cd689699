/**
 * Reader view logic (pure): page clamping, zoom steps and fit modes, and the keyboard shortcuts
 * (←/→/PageUp/PageDown turn pages, Home/End jump, + / - zoom, 0 fits the page).
 */

/** Zoom presets (pdf.js scale: 1 = 72 dpi CSS pixels). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;

/** `fit`: whole page visible; `width`: page as wide as the view; a number: that scale. */
export type ZoomMode = 'fit' | 'width' | number;

/** A page number within 1..numPages (1 when the count is unknown or the input is not a number). */
export function clampPage(page: number, numPages: number | null | undefined): number {
  if (!Number.isFinite(page)) return 1;
  const p = Math.trunc(page);
  const max = numPages && numPages > 0 ? numPages : Number.MAX_SAFE_INTEGER;
  return Math.min(max, Math.max(1, p));
}

/** The scale to render at for a mode, a view box and the page's natural size (CSS px at scale 1). */
export function effectiveScale(
  mode: ZoomMode,
  view: { width: number; height: number },
  page: { width: number; height: number },
): number {
  if (typeof mode === 'number') return mode;
  if (page.width <= 0 || page.height <= 0 || view.width <= 0) return 1;
  const byWidth = view.width / page.width;
  const scale = mode === 'width' || view.height <= 0 ? byWidth : Math.min(byWidth, view.height / page.height);
  return Math.min(MAX_ZOOM, Math.max(0.2, scale));
}

/** Next preset above (dir 1) or below (dir -1) the current scale. */
export function stepZoom(current: number, dir: 1 | -1): number {
  const eps = 0.01;
  if (dir > 0) return ZOOM_STEPS.find((z) => z > current + eps) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - eps) ?? MIN_ZOOM;
}

export type ReaderCommand = 'prev' | 'next' | 'first' | 'last' | 'zoomIn' | 'zoomOut' | 'fit';

/** The command for a key, or null. Keys typed into inputs or with Ctrl/Meta/Alt are not commands. */
export function keyCommand(e: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}): ReaderCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const t = e.target as { tagName?: string; isContentEditable?: boolean } | null | undefined;
  if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName ?? ''))) return null;
  switch (e.key) {
    case 'ArrowLeft':
    case 'PageUp':
      return 'prev';
    case 'ArrowRight':
    case 'PageDown':
      return 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    case '0':
      return 'fit';
    default:
      return null;
  }
}
