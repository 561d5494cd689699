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

/** Elements whose own keyboard handling wins over the reader's shortcuts. */
const OWN_KEY_WIDGETS = '[role="slider"],[role="tree"],[role="tablist"],[role="listbox"],[role="menu"]';

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
  const t = e.target as
    { tagName?: string; isContentEditable?: boolean; closest?: (selector: string) => unknown } | null | undefined;
  if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName ?? ''))) return null;
  // Widgets that use the arrow keys themselves (the page slider, the chapter tree, tabs) keep them.
  if (typeof t?.closest === 'function' && t.closest(OWN_KEY_WIDGETS)) return null;
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

/** A chapter as the reader needs it: title, 1-based start page (null when unknown) and children. */
export interface ReaderChapter {
  title: string;
  page: number | null;
  children: ReaderChapter[];
}

/**
 * The title of the deepest chapter starting at or before `page` (chapters in reading order), or
 * undefined before the first chapter.
 */
export function chapterTitleAt(chapters: readonly ReaderChapter[] | undefined, page: number): string | undefined {
  let found: string | undefined;
  const walk = (nodes: readonly ReaderChapter[]) => {
    for (const n of nodes) {
      if (n.page !== null && n.page <= page) found = n.title;
      walk(n.children);
    }
  };
  if (chapters) walk(chapters);
  return found;
}

/**
 * The text a screen reader hears after a page change: "第 N 页，共 M 页", followed by the chapter
 * when it differs from the one announced before (so turning pages inside a chapter stays short).
 */
export function pageAnnouncement(
  page: number,
  total: number,
  chapter: string | undefined,
  previousChapter: string | undefined,
): string {
  const base = `第 ${page} 页，共 ${total} 页`;
  return chapter && chapter !== previousChapter ? `${base}，${chapter}` : base;
}

/** H5 reader zoom, relative to the page at screen width (1 = fit width). */
export const MOBILE_ZOOM_STEPS = [1, 1.25, 1.5, 2, 2.5, 3] as const;
export const MOBILE_MIN_ZOOM = 1;
export const MOBILE_MAX_ZOOM = 3;

/** Next H5 zoom preset above (dir 1) or below (dir -1) the current zoom. */
export function stepMobileZoom(current: number, dir: 1 | -1): number {
  const eps = 0.01;
  if (dir > 0) return MOBILE_ZOOM_STEPS.find((z) => z > current + eps) ?? MOBILE_MAX_ZOOM;
  return [...MOBILE_ZOOM_STEPS].reverse().find((z) => z < current - eps) ?? MOBILE_MIN_ZOOM;
}

/**
 * The zoom after a two-finger pinch: the zoom at the start times the ratio of finger distances,
 * kept within the H5 limits (1..3) and rounded to 2 decimals. A zero start distance changes nothing.
 */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return startZoom;
  const z = startZoom * (distance / startDistance);
  return Math.round(Math.min(MOBILE_MAX_ZOOM, Math.max(MOBILE_MIN_ZOOM, z)) * 100) / 100;
}

/** Upper bound of a rendered page canvas (device pixels), to stay within phone GPU memory. */
export const MAX_CANVAS_PIXELS = 16_000_000;

/**
 * The pixel ratio to render a page at so text stays sharp: the screen's devicePixelRatio times the
 * browser's own pinch zoom (visualViewport.scale, when above 1), lowered when the canvas of
 * `cssWidth` × `cssHeight` CSS px would exceed MAX_CANVAS_PIXELS. The reader's own zoom is already in
 * the CSS size, so the canvas has devicePixelRatio × zoom device pixels per PDF point.
 */
export function sharpPixelRatio(dpr: number, viewportScale: number, cssWidth: number, cssHeight: number): number {
  const want = Math.max(1, dpr || 1) * Math.max(1, viewportScale || 1);
  const area = Math.max(1, cssWidth) * Math.max(1, cssHeight);
  const cap = Math.sqrt(MAX_CANVAS_PIXELS / area);
  return Math.round(Math.max(1, Math.min(want, cap)) * 100) / 100;
}
